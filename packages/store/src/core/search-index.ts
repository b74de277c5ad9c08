import { PHRASE_BOOST, bm25TermScore, inverseDocumentFrequency } from "./bm25.js";
import type { PassageSpan } from "./passages.js";
import { TermDictionary } from "./term-dictionary.js";
import { tokenize } from "./tokenize.js";
import { TopK, type Scored } from "./top-k.js";

/** Long pasted queries are cut so one search stays cheap. */
const MAX_QUERY_TERMS = 32;
/**
 * Scores are rounded to 6 decimals before ranking, not only for display: two passages whose scores
 * differ only in the last bits of a double then tie and are ordered by the stable key, so the order
 * a caller sees always agrees with the scores it sees.
 */
const SCORE_SCALE = 1e6;
/** Removed passages linger in a posting list until they are over this share of it (then it is compacted). */
const DEAD_SHARE_BEFORE_COMPACTION = 0.5;
/** Slots of removed passages are reclaimed (every list renumbered) once there are this many and more than live ones. */
const DEAD_SLOTS_BEFORE_RENUMBERING = 1024;

interface IndexedPassage {
  handle: string;
  heading: string;
  start: number;
  end: number;
  /**
   * The passage's tokens as term ids, in order, at `tokens[offset .. offset + length)`: posting lists
   * on restore, distinct terms on removal and the phrase check come from here. Passages restored from
   * a snapshot share one array (thousands of small typed arrays cost more to create than the data).
   */
  tokens: Uint32Array;
  offset: number;
  length: number;
  /** Where the passage's per-passage numbers live (see SearchIndex.slotLength); never reused while listed. */
  slot: number;
}

/**
 * Every passage containing one term, as slots, with the term's frequency in each (an inverted list).
 * Typed arrays rather than arrays of objects: restoring ~1M postings as JS arrays spent more time in
 * the garbage collector than everything else. Entry order is arrival order and nothing in ranking
 * depends on it: each passage's score is summed in query-term order, the top k is chosen by a total
 * order (score, handle, span).
 */
interface PostingList {
  slots: Uint32Array;
  frequencies: Uint32Array;
  size: number;
  /** Entries whose passage was removed. The live entries always number the term's df. */
  dead: number;
}

interface IndexedPage {
  /** Which stored version of the page (its page file name) the passages came from. */
  version: string;
  passages: IndexedPassage[];
}

/** A ranked passage; its text is `markdown.slice(start, end)` of the page version the index holds. */
export interface PassageHit {
  handle: string;
  heading: string;
  start: number;
  end: number;
  score: number;
}

/**
 * Everything needed to restore an index without re-reading page files: passages in page order
 * (each page's `passages` count consecutive entries), their tokens concatenated and the term list.
 * Posting lists, frequencies and lengths are derived again on restore: they follow from the tokens,
 * so a snapshot cannot carry an inverted list that disagrees with its passages.
 */
export interface SearchIndexState {
  pages: Array<{ handle: string; version: string; passages: number }>;
  headings: string[];
  starts: number[];
  ends: number[];
  lengths: number[];
  tokens: Uint32Array;
  terms: readonly string[];
}

/**
 * Passage index: an inverted list (term id -> passages with term frequency) and BM25 over our own
 * term statistics. Every passage holding at least one query term is scored, so the ranking is exact
 * and depends only on which passages are indexed and the query: never on the order pages arrived
 * in, on a snapshot restore versus a rebuild, or on what the process did before. Page text is not
 * kept: callers read it from the page file for the hits they return.
 */
export class SearchIndex {
  private readonly pages = new Map<string, IndexedPage>();
  /** By term id; undefined for free ids (TermDictionary reuses them). */
  private postings: Array<PostingList | undefined> = [];
  private terms = new TermDictionary();
  private totalLength = 0;
  private livePassages = 0;
  /** Passage by slot; undefined once removed (its slot stays taken until the next renumbering). */
  private passageAt: Array<IndexedPassage | undefined> = [];
  private deadSlots = 0;
  /** Token count by slot, 0 for a removed passage (a passage without tokens is in no posting list). */
  private slotLength = new Uint32Array(64);
  /**
   * Per-query scratch by slot, valid where `seenIn` holds the running query's serial: BM25 sum so
   * far, query terms matched, and how often the query's first word occurs (bounds the phrase scan).
   */
  private seenIn = new Uint32Array(0);
  private scores = new Float64Array(0);
  private matched = new Uint8Array(0);
  private leading = new Uint32Array(0);
  private querySerial = 0;

  get passageCount(): number {
    return this.livePassages;
  }

  get pageCount(): number {
    return this.pages.size;
  }

  /** The page version (page file) indexed for `handle`, if any. */
  versionOf(handle: string): string | undefined {
    return this.pages.get(handle)?.version;
  }

  indexedHandles(): IterableIterator<string> {
    return this.pages.keys();
  }

  addPage(handle: string, version: string, markdown: string, spans: readonly PassageSpan[]): void {
    this.removePage(handle);
    const passages: IndexedPassage[] = [];
    for (const span of spans) {
      const words = tokenize(markdown.slice(span.start, span.end));
      const tokens = new Uint32Array(words.length);
      words.forEach((word, at) => {
        tokens[at] = this.terms.intern(word);
      });
      passages.push(this.post(handle, span.heading, span.start, span.end, tokens, 0, tokens.length, true));
    }
    this.pages.set(handle, { version, passages });
  }

  removePage(handle: string): void {
    const page = this.pages.get(handle);
    if (page === undefined) return;
    for (const passage of page.passages) {
      this.passageAt[passage.slot] = undefined;
      this.slotLength[passage.slot] = 0;
      this.deadSlots += 1;
      for (const termId of new Set(passage.tokens.subarray(passage.offset, passage.offset + passage.length))) {
        if (this.terms.removePassage(termId) === 0) {
          // The id is free now (and may be reused for another word): every entry left is dead.
          this.postings[termId] = undefined;
          continue;
        }
        const list = this.postings[termId];
        if (list === undefined) continue;
        list.dead += 1;
        if (list.dead > list.size * DEAD_SHARE_BEFORE_COMPACTION) this.compact(list, null);
      }
      this.totalLength -= passage.length;
      this.livePassages -= 1;
    }
    this.pages.delete(handle);
    if (this.deadSlots > DEAD_SLOTS_BEFORE_RENUMBERING && this.deadSlots > this.livePassages) this.renumber();
  }

  /**
   * Gives a passage the next slot and adds it to the posting list of each of its terms. Its entries
   * are appended together, so a repeat of a term finds the slot at the end of that list and only
   * bumps the frequency. `countDocuments`: also raise the dictionary's document frequencies (a
   * restore derives them from the finished lists instead).
   */
  private post(handle: string, heading: string, start: number, end: number, tokens: Uint32Array, offset: number, length: number, countDocuments: boolean): IndexedPassage {
    const slot = this.passageAt.length;
    const passage: IndexedPassage = { handle, heading, start, end, tokens, offset, length, slot };
    this.passageAt.push(passage);
    if (slot >= this.slotLength.length) this.slotLength = grown(this.slotLength, slot + 1);
    this.slotLength[slot] = length;
    for (let at = offset, stop = offset + length; at < stop; at += 1) {
      const termId = tokens[at] as number;
      let list = this.postings[termId];
      if (list === undefined) {
        list = { slots: new Uint32Array(4), frequencies: new Uint32Array(4), size: 0, dead: 0 };
        this.postings[termId] = list;
      }
      const last = list.size - 1;
      if (last >= 0 && list.slots[last] === slot) {
        list.frequencies[last] = (list.frequencies[last] as number) + 1;
        continue;
      }
      if (list.size === list.slots.length) {
        list.slots = grown(list.slots, list.size + 1);
        list.frequencies = grown(list.frequencies, list.size + 1);
      }
      list.slots[list.size] = slot;
      list.frequencies[list.size] = 1;
      list.size += 1;
      if (countDocuments) this.terms.addPassage(termId);
    }
    this.totalLength += length;
    this.livePassages += 1;
    return passage;
  }

  /** Drops a list's dead entries, keeping the live ones in their order; `renumbered` maps old slots to new. */
  private compact(list: PostingList, renumbered: Int32Array | null): void {
    let kept = 0;
    for (let at = 0; at < list.size; at += 1) {
      const slot = list.slots[at] as number;
      if (this.passageAt[slot] === undefined) continue;
      list.slots[kept] = renumbered === null ? slot : (renumbered[slot] as number);
      list.frequencies[kept] = list.frequencies[at] as number;
      kept += 1;
    }
    list.size = kept;
    list.dead = 0;
  }

  /** Reclaims the slots of removed passages: live passages get dense slots again, every list follows. */
  private renumber(): void {
    const renumbered = new Int32Array(this.passageAt.length).fill(-1);
    const passageAt: IndexedPassage[] = [];
    const slotLength = new Uint32Array(Math.max(64, this.livePassages));
    for (const passage of this.passageAt) {
      if (passage === undefined) continue;
      renumbered[passage.slot] = passageAt.length;
      passage.slot = passageAt.length;
      slotLength[passage.slot] = passage.length;
      passageAt.push(passage);
    }
    for (const list of this.postings) if (list !== undefined) this.compact(list, renumbered);
    this.passageAt = passageAt;
    this.slotLength = slotLength;
    this.deadSlots = 0;
    // Serials in the scratch refer to old slots.
    this.seenIn = new Uint32Array(0);
  }

  /**
   * Ranked passages for a free-text query. A query without any letter or digit matches nothing.
   * `hidden` lets the caller hide pages (expired, filtered) without rebuilding the index; hidden
   * passages still count in the term statistics, as they are still stored.
   */
  search(query: string, options: { limit: number; handle?: string; hidden?: ReadonlySet<string> }): PassageHit[] {
    const queryWords = tokenize(query);
    const terms = [...new Set(queryWords)].slice(0, MAX_QUERY_TERMS);
    const passageCount = this.livePassages;
    if (terms.length === 0 || passageCount === 0) return [];

    const slotCount = this.passageAt.length;
    if (this.seenIn.length < slotCount || this.querySerial >= 0xffffffff) {
      const capacity = Math.max(64, Math.ceil(slotCount * 1.5));
      this.seenIn = new Uint32Array(capacity);
      this.scores = new Float64Array(capacity);
      this.matched = new Uint8Array(capacity);
      this.leading = new Uint32Array(capacity);
      this.querySerial = 0;
    }
    const { seenIn, scores, matched, leading, slotLength, passageAt } = this;
    const serial = ++this.querySerial;

    // Term at a time, in query order, over every live passage holding the term: each passage's
    // score is the same sum in the same order whatever order the lists hold their entries in.
    const averageLength = this.totalLength / passageCount;
    const only = options.handle;
    const touched: number[] = [];
    for (let termIndex = 0; termIndex < terms.length; termIndex += 1) {
      const termId = this.terms.idOf(terms[termIndex] as string);
      const list = termId === undefined ? undefined : this.postings[termId];
      if (list === undefined) continue;
      const idf = inverseDocumentFrequency(passageCount, list.size - list.dead);
      const { slots, frequencies, size } = list;
      for (let at = 0; at < size; at += 1) {
        const slot = slots[at] as number;
        const passageLength = slotLength[slot] as number;
        if (passageLength === 0 || (only !== undefined && (passageAt[slot] as IndexedPassage).handle !== only)) continue;
        const termFrequency = frequencies[at] as number;
        const score = bm25TermScore({ termFrequency, passageLength, averageLength, idf });
        if (seenIn[slot] === serial) {
          scores[slot] = (scores[slot] as number) + score;
          matched[slot] = (matched[slot] as number) + 1;
        } else {
          seenIn[slot] = serial;
          scores[slot] = score;
          matched[slot] = 1;
          leading[slot] = 0;
          touched.push(slot);
        }
        // terms[0] is the query's first word, where a phrase starts.
        if (termIndex === 0) leading[slot] = termFrequency;
      }
    }

    const hidden = options.hidden !== undefined && options.hidden.size > 0 ? options.hidden : undefined;
    const phrase = terms.length > 1 ? this.phraseIds(queryWords) : null;
    const top = new TopK<IndexedPassage>(options.limit, comparePassages);
    for (const slot of touched) {
      const passage = passageAt[slot] as IndexedPassage;
      const sum = scores[slot] as number;
      if (sum <= 0 || (hidden !== undefined && hidden.has(passage.handle))) continue;
      let score = roundScore(sum);
      if (phrase !== null && matched[slot] === terms.length) {
        // The boost only raises a score: the phrase scan (the costly part for queries of common
        // words) is skipped when even the boosted score could not enter the top k. That saves
        // work, never changes the result.
        const boosted = roundScore(sum * PHRASE_BOOST);
        if (top.wouldKeep(passage, boosted) && containsRun(passage, phrase, leading[slot] as number)) score = boosted;
      }
      top.offer(passage, score);
    }

    return top.sorted().map(({ passage, score }) => ({
      handle: passage.handle,
      heading: passage.heading,
      start: passage.start,
      end: passage.end,
      score,
    }));
  }

  /** The whole query as a run of term ids; null when a word is unknown (then no passage holds the phrase). */
  private phraseIds(words: readonly string[]): Uint32Array | null {
    const ids = new Uint32Array(words.length);
    for (let at = 0; at < words.length; at += 1) {
      const id = this.terms.idOf(words[at] as string);
      if (id === undefined) return null;
      ids[at] = id;
    }
    return ids;
  }

  /** Everything a snapshot needs; see SearchIndexState. */
  toState(): SearchIndexState {
    const state: SearchIndexState = {
      pages: [],
      headings: [],
      starts: [],
      ends: [],
      lengths: [],
      tokens: new Uint32Array(this.totalLength),
      terms: this.terms.terms(),
    };
    let offset = 0;
    for (const [handle, page] of this.pages) {
      for (const passage of page.passages) {
        state.headings.push(passage.heading);
        state.starts.push(passage.start);
        state.ends.push(passage.end);
        state.lengths.push(passage.length);
        state.tokens.set(passage.tokens.subarray(passage.offset, passage.offset + passage.length), offset);
        offset += passage.length;
      }
      state.pages.push({ handle, version: page.version, passages: page.passages.length });
    }
    return state;
  }

  /** Restores an index from `toState()` output; throws on any inconsistency instead of guessing. */
  static fromState(state: SearchIndexState): SearchIndex {
    if (!Array.isArray(state.pages) || !Array.isArray(state.terms) || !(state.tokens instanceof Uint32Array)) {
      throw new Error("pages, terms or tokens missing");
    }
    const count = state.lengths.length;
    for (const column of [state.headings, state.starts, state.ends, state.lengths]) {
      if (!Array.isArray(column) || column.length !== count) throw new Error("passage columns differ in length");
    }
    const { tokens } = state;
    const termCount = state.terms.length;

    // First pass: check every column and count each term's passages, so the posting lists can be
    // views into two arrays allocated once, filled by the second pass without any growing.
    const frequency = new Uint32Array(termCount);
    const lastPassage = new Int32Array(termCount).fill(-1);
    let at = 0;
    let offset = 0;
    for (const { handle, version, passages } of state.pages) {
      if (typeof handle !== "string" || typeof version !== "string" || !Number.isInteger(passages) || passages < 0 || at + passages > count) {
        throw new Error("malformed page entry");
      }
      for (const end = at + passages; at < end; at += 1) {
        const length = state.lengths[at];
        const start = state.starts[at];
        const stop = state.ends[at];
        if (!Number.isInteger(length) || (length as number) < 0 || offset + (length as number) > tokens.length) throw new Error(`bad token count at ${at}`);
        if (!Number.isInteger(start) || !Number.isInteger(stop) || (start as number) > (stop as number) || typeof state.headings[at] !== "string") {
          throw new Error(`bad span at ${at}`);
        }
        for (let token = offset, last = offset + (length as number); token < last; token += 1) {
          const termId = tokens[token] as number;
          if (termId >= termCount) throw new Error(`term id ${termId} out of range`);
          if (lastPassage[termId] !== at) {
            lastPassage[termId] = at;
            frequency[termId] = (frequency[termId] as number) + 1;
          }
        }
        offset += length as number;
      }
    }
    if (at !== count || offset !== tokens.length) throw new Error("passages or tokens left over");

    const index = new SearchIndex();
    index.terms = TermDictionary.restore(state.terms, frequency);
    const postingCount = frequency.reduce((sum, df) => sum + df, 0);
    const allSlots = new Uint32Array(postingCount);
    const allFrequencies = new Uint32Array(postingCount);
    index.postings = new Array<PostingList | undefined>(termCount).fill(undefined);
    let base = 0;
    for (let termId = 0; termId < termCount; termId += 1) {
      const df = frequency[termId] as number;
      if (df === 0) continue;
      index.postings[termId] = { slots: allSlots.subarray(base, base + df), frequencies: allFrequencies.subarray(base, base + df), size: 0, dead: 0 };
      base += df;
    }
    index.slotLength = new Uint32Array(Math.max(64, count));
    at = 0;
    offset = 0;
    for (const { handle, version, passages } of state.pages) {
      if (index.pages.has(handle)) throw new Error(`page ${handle} appears twice`);
      const restored: IndexedPassage[] = [];
      for (const end = at + passages; at < end; at += 1) {
        const length = state.lengths[at] as number;
        restored.push(index.post(handle, state.headings[at] as string, state.starts[at] as number, state.ends[at] as number, tokens, offset, length, false));
        offset += length;
      }
      index.pages.set(handle, { version, passages: restored });
    }
    return index;
  }
}

/** A copy of `array` with room for at least `needed` entries (doubling, so appends stay amortised O(1)). */
function grown<T extends Uint32Array>(array: T, needed: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2, 4));
  copy.set(array);
  return copy;
}

function roundScore(score: number): number {
  return Math.round(score * SCORE_SCALE) / SCORE_SCALE;
}

/**
 * True when `run` occurs as consecutive tokens of the passage, where `run[0]` occurs `leading` times.
 * This is the hot spot for queries of common words, so start positions come from the typed array's
 * native indexOf rather than a JS loop over every token, and the search stops after the `leading`-th
 * occurrence: restored passages share one big array, which indexOf must never scan past the passage.
 */
function containsRun({ tokens, offset, length }: IndexedPassage, run: Uint32Array, leading: number): boolean {
  const first = run[0] as number;
  const last = offset + length - run.length;
  let start = offset - 1;
  for (let seen = 0; seen < leading; seen += 1) {
    start = tokens.indexOf(first, start + 1);
    if (start === -1 || start > last) return false;
    let at = 1;
    while (at < run.length && tokens[start + at] === run[at]) at += 1;
    if (at === run.length) return true;
  }
  return false;
}

/**
 * Higher (rounded) score first; ties by handle, then span, never by insertion order. A handle names
 * one page and a page's passages have distinct spans, so this is a total order over live passages:
 * the top k it picks does not depend on the order candidates are offered in.
 */
function comparePassages(a: Scored<IndexedPassage>, b: Scored<IndexedPassage>): number {
  return (
    b.score - a.score ||
    (a.passage.handle < b.passage.handle ? -1 : a.passage.handle > b.passage.handle ? 1 : 0) ||
    a.passage.start - b.passage.start ||
    a.passage.end - b.passage.end
  );
}
