/**
 * Terms as small integer ids with their document frequency (passages containing the term).
 * Passages store token ids instead of strings, which keeps the index compact in memory and lets a
 * snapshot carry them as one binary array. Ids of terms no passage uses any more are reused, so a
 * long-lived index does not grow with vocabulary it has dropped.
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  /** Term by id; "" marks a free slot. */
  private readonly words: string[] = [];
  private readonly frequency: number[] = [];
  private readonly free: number[] = [];

  /** Ids are below this; sizes per-id scratch arrays. */
  get capacity(): number {
    return this.words.length;
  }

  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  documentFrequency(term: string): number {
    const id = this.ids.get(term);
    return id === undefined ? 0 : (this.frequency[id] ?? 0);
  }

  /** The id for `term`, allocating one (with frequency 0) when it is new. */
  intern(term: string): number {
    const known = this.ids.get(term);
    if (known !== undefined) return known;
    const id = this.free.pop() ?? this.words.length;
    this.words[id] = term;
    this.frequency[id] = 0;
    this.ids.set(term, id);
    return id;
  }

  /** One more passage contains the term. */
  addPassage(id: number): void {
    this.frequency[id] = (this.frequency[id] ?? 0) + 1;
  }

  /**
   * One passage fewer contains the term; at zero the id is freed for reuse. Returns the passages
   * still containing it, so the caller can drop what it keeps per id when the id is freed.
   */
  removePassage(id: number): number {
    const count = (this.frequency[id] ?? 1) - 1;
    this.frequency[id] = count;
    if (count > 0) return count;
    this.ids.delete(this.words[id] ?? "");
    this.words[id] = "";
    this.free.push(id);
    return 0;
  }

  /** Terms by id, free slots as "" (for a snapshot; frequencies are recomputed from the passages). */
  terms(): readonly string[] {
    return this.words;
  }

  /**
   * Rebuilds a dictionary from a snapshot's term list and per-id frequencies counted from its
   * passages. Throws when the two disagree, so a damaged snapshot is rejected rather than used.
   */
  static restore(words: readonly string[], frequency: ArrayLike<number>): TermDictionary {
    if (frequency.length !== words.length) throw new Error("term frequencies do not match the term list");
    const dictionary = new TermDictionary();
    for (let id = 0; id < words.length; id += 1) {
      const word = words[id];
      const count = frequency[id] ?? 0;
      if (typeof word !== "string") throw new Error(`term ${id} is not a string`);
      dictionary.words.push(word);
      dictionary.frequency.push(count);
      if (word === "") {
        if (count !== 0) throw new Error(`free term slot ${id} is in use`);
        dictionary.free.push(id);
        continue;
      }
      if (count === 0) throw new Error(`term ${id} is unused`);
      if (dictionary.ids.has(word)) throw new Error(`term "${word}" appears twice`);
      dictionary.ids.set(word, id);
    }
    return dictionary;
  }
}
