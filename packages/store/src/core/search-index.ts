import { Index } from "flexsearch";
import { PHRASE_BOOST, bm25TermScore, inverseDocumentFrequency } from "./bm25.js";
import type { PassageSpan } from "./passages.js";
import { TermDictionary } from "./term-dictionary.js";
import { tokenize } from "./tokenize.js";
import { TopK, type Scored } from "./top-k.js";

/**
 * Recall before BM25 re-ranking: a term in at most FULL_RECALL_DF passages is recalled completely;
 * a more common term (low idf, so it barely moves a score) contributes its first COMMON_TERM_RECALL.
 */
const FULL_RECALL_DF = 1000;
const COMMON_TERM_RECALL = 200;
/** Long pasted queries are cut so one search stays cheap. */
const MAX_QUERY_TERMS = 32;

interface IndexedPassage {
  handle: string;
  heading: string;
  start: number;
  end: number;
  /**
   * The passage's tokens as term ids, in order, at `tokens[offset .. offset + length)`: term
   * frequencies, length and the phrase check come from here. Passages restored from a snapshot share
   * one array (thousands of small typed arrays cost more to create than the data itself).
   */
  tokens: Uint32Array;
  offset: number;
  length: number;
}

interface IndexedPage {
  /** Which stored version of the page (its page file name) the passages came from. */
  version: string;
  ids: number[];
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
 * (each page's `passages` count consecutive entries), their tokens concatenated, the term list and
 * the flexsearch export. Frequencies and lengths are derived again on restore.
 */
export interface SearchIndexState {
  pages: Array<{ handle: string; version: string; passages: number }>;
  ids: number[];
  headings: string[];
  starts: number[];
  ends: number[];
  lengths: number[];
  tokens: Uint32Array;
  terms: readonly string[];
  nextId: number;
  recall: Array<[key: string, data: string]>;
}

function newRecallIndex(): Index {
  return new Index({ tokenize: "strict", encode: splitOnSpace, resolution: 1 });
}

/**
 * Passage index: flexsearch finds candidates, BM25 over our own term statistics ranks them. Both
 * see the same tokens (see tokenize.ts), passed to flexsearch pre-split. Page text is not kept:
 * callers read it from the page file for the hits they return.
 */
export class SearchIndex {
  private recall = newRecallIndex();
  private readonly passages = new Map<number, IndexedPassage>();
  private readonly pages = new Map<string, IndexedPage>();
  private terms = new TermDictionary();
  private totalLength = 0;
  private nextId = 1;
  /** Per term id: 1 + its position in the current query, 0 otherwise (reused across searches). */
  private querySlots = new Uint8Array(0);

  get passageCount(): number {
    return this.passages.size;
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
    const ids: number[] = [];
    for (const span of spans) {
      const words = tokenize(markdown.slice(span.start, span.end));
      const tokens = new Uint32Array(words.length);
      const distinct = new Set<string>();
      words.forEach((word, at) => {
        tokens[at] = this.terms.intern(word);
        distinct.add(word);
      });
      for (const word of distinct) this.terms.addPassage(this.terms.intern(word));
      const id = this.nextId++;
      this.passages.set(id, { handle, heading: span.heading, start: span.start, end: span.end, tokens, offset: 0, length: tokens.length });
      this.totalLength += tokens.length;
      // Each distinct term once: flexsearch scans a term's id list on repeats, which is quadratic for
      // common terms; frequencies come from the token ids anyway.
      if (distinct.size > 0) this.recall.add(id, [...distinct].join(" "));
      ids.push(id);
    }
    this.pages.set(handle, { version, ids });
  }

  removePage(handle: string): void {
    const page = this.pages.get(handle);
    if (page === undefined) return;
    for (const id of page.ids) {
      const passage = this.passages.get(id);
      if (passage === undefined) continue;
      for (const termId of new Set(passage.tokens.subarray(passage.offset, passage.offset + passage.length))) this.terms.removePassage(termId);
      this.totalLength -= passage.length;
      this.passages.delete(id);
      this.recall.remove(id);
    }
    this.pages.delete(handle);
  }

  /**
   * Ranked passages for a free-text query. A query without any letter or digit matches nothing.
   * `hidden` lets the caller hide pages (expired, filtered) without rebuilding the index.
   */
  search(query: string, options: { limit: number; handle?: string; hidden?: ReadonlySet<string> }): PassageHit[] {
    const queryWords = tokenize(query);
    const terms = [...new Set(queryWords)].slice(0, MAX_QUERY_TERMS);
    if (terms.length === 0 || this.passages.size === 0) return [];

    const candidates = new Set<number>();
    if (options.handle !== undefined) {
      for (const id of this.pages.get(options.handle)?.ids ?? []) candidates.add(id);
    } else {
      for (const term of terms) {
        const df = this.terms.documentFrequency(term);
        if (df === 0) continue;
        for (const id of this.recall.search(term, { limit: df <= FULL_RECALL_DF ? df : COMMON_TERM_RECALL })) candidates.add(Number(id));
      }
    }

    const passageCount = this.passages.size;
    const averageLength = this.totalLength / passageCount;
    const idfs = terms.map((term) => inverseDocumentFrequency(passageCount, this.terms.documentFrequency(term)));
    const phrase = terms.length > 1 ? this.phraseIds(queryWords) : null;

    if (this.querySlots.length < this.terms.capacity) this.querySlots = new Uint8Array(this.terms.capacity);
    const slots = this.querySlots;
    const termIds = terms.map((term) => this.terms.idOf(term));
    termIds.forEach((id, at) => {
      if (id !== undefined) slots[id] = at + 1;
    });
    const counts = new Uint32Array(terms.length);
    const hidden = options.hidden;
    const top = new TopK<IndexedPassage>(options.limit, comparePassages);
    try {
      for (const id of candidates) {
        const passage = this.passages.get(id);
        if (passage === undefined || (hidden !== undefined && hidden.has(passage.handle))) continue;
        counts.fill(0);
        const { tokens, offset, length } = passage;
        for (let at = offset, end = offset + length; at < end; at += 1) {
          const slot = slots[tokens[at] as number] as number;
          if (slot !== 0) counts[slot - 1] = (counts[slot - 1] as number) + 1;
        }
        let score = 0;
        let matched = 0;
        for (let index = 0; index < terms.length; index += 1) {
          const termFrequency = counts[index] as number;
          if (termFrequency === 0) continue;
          matched += 1;
          score += bm25TermScore({ termFrequency, passageLength: length, averageLength, idf: idfs[index] ?? 0 });
        }
        if (score <= 0) continue;
        if (phrase !== null && matched === terms.length && containsRun(passage, phrase)) score *= PHRASE_BOOST;
        top.offer(passage, score);
      }
    } finally {
      for (const id of termIds) if (id !== undefined) slots[id] = 0;
    }

    return top.sorted().slice(0, options.limit).map(({ passage, score }) => ({
      handle: passage.handle,
      heading: passage.heading,
      start: passage.start,
      end: passage.end,
      score: Math.round(score * 1e6) / 1e6,
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
      ids: [],
      headings: [],
      starts: [],
      ends: [],
      lengths: [],
      tokens: new Uint32Array(this.totalLength),
      terms: this.terms.terms(),
      nextId: this.nextId,
      recall: [],
    };
    let offset = 0;
    for (const [handle, page] of this.pages) {
      let count = 0;
      for (const id of page.ids) {
        const passage = this.passages.get(id);
        if (passage === undefined) continue;
        state.ids.push(id);
        state.headings.push(passage.heading);
        state.starts.push(passage.start);
        state.ends.push(passage.end);
        state.lengths.push(passage.length);
        state.tokens.set(passage.tokens.subarray(passage.offset, passage.offset + passage.length), offset);
        offset += passage.length;
        count += 1;
      }
      state.pages.push({ handle, version: page.version, passages: count });
    }
    this.recall.export((key: string, data: string) => {
      state.recall.push([key, data]);
    });
    return state;
  }

  /** Restores an index from `toState()` output; throws on any inconsistency instead of guessing. */
  static fromState(state: SearchIndexState): SearchIndex {
    const count = state.ids.length;
    for (const column of [state.headings, state.starts, state.ends, state.lengths]) {
      if (!Array.isArray(column) || column.length !== count) throw new Error("passage columns differ in length");
    }
    if (!Number.isInteger(state.nextId)) throw new Error("nextId is not an integer");
    const index = new SearchIndex();
    const frequency = new Uint32Array(state.terms.length);
    const lastPassage = new Int32Array(state.terms.length).fill(-1);
    let at = 0;
    let offset = 0;
    for (const { handle, version, passages } of state.pages) {
      if (typeof handle !== "string" || typeof version !== "string" || !Number.isInteger(passages) || passages < 0) {
        throw new Error("malformed page entry");
      }
      if (index.pages.has(handle)) throw new Error(`page ${handle} appears twice`);
      const ids: number[] = [];
      for (const end = at + passages; at < end; at += 1) {
        const id = state.ids[at];
        const length = state.lengths[at];
        const start = state.starts[at];
        const stop = state.ends[at];
        const heading = state.headings[at];
        if (!Number.isInteger(id) || (id as number) <= 0 || (id as number) >= state.nextId || index.passages.has(id as number)) {
          throw new Error(`bad passage id at ${at}`);
        }
        if (!Number.isInteger(length) || (length as number) < 0 || offset + (length as number) > state.tokens.length) {
          throw new Error(`bad token count at ${at}`);
        }
        if (!Number.isInteger(start) || !Number.isInteger(stop) || (start as number) > (stop as number) || typeof heading !== "string") {
          throw new Error(`bad span at ${at}`);
        }
        for (let token = offset, last = offset + (length as number); token < last; token += 1) {
          const termId = state.tokens[token] as number;
          if (termId >= state.terms.length) throw new Error(`term id ${termId} out of range`);
          if (lastPassage[termId] !== at) {
            lastPassage[termId] = at;
            frequency[termId] = (frequency[termId] as number) + 1;
          }
        }
        index.passages.set(id as number, { handle, heading, start: start as number, end: stop as number, tokens: state.tokens, offset, length: length as number });
        offset += length as number;
        index.totalLength += length as number;
        ids.push(id as number);
      }
      index.pages.set(handle, { version, ids });
    }
    if (at !== count || offset !== state.tokens.length) throw new Error("passages or tokens left over");
    index.terms = TermDictionary.restore(state.terms, frequency);
    index.nextId = state.nextId;
    const recall = newRecallIndex();
    for (const [key, data] of state.recall) recall.import(key, data);
    index.recall = recall;
    return index;
  }
}

/** True when `run` occurs as consecutive tokens of the passage. */
function containsRun({ tokens, offset, length }: IndexedPassage, run: Uint32Array): boolean {
  const last = offset + length - run.length;
  outer: for (let start = offset; start <= last; start += 1) {
    for (let offset = 0; offset < run.length; offset += 1) {
      if (tokens[start + offset] !== run[offset]) continue outer;
    }
    return true;
  }
  return false;
}

/** Higher score first; ties by handle, then offset, never by insertion order, so results are reproducible. */
function comparePassages(a: Scored<IndexedPassage>, b: Scored<IndexedPassage>): number {
  return (
    b.score - a.score ||
    (a.passage.handle < b.passage.handle ? -1 : a.passage.handle > b.passage.handle ? 1 : 0) ||
    a.passage.start - b.passage.start
  );
}

function splitOnSpace(text: string): string[] {
  return text.split(" ").filter((token) => token.length > 0);
}
