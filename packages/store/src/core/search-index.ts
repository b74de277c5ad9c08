import { Index } from "flexsearch";
import { PHRASE_BOOST, bm25TermScore, inverseDocumentFrequency } from "./bm25.js";
import type { PassageSpan } from "./passages.js";
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
  length: number;
  termFrequency: Map<string, number>;
  /** Tokens joined by single spaces with a space at both ends, for the phrase check. */
  joinedTokens: string;
}

export interface PassageHit {
  handle: string;
  heading: string;
  start: number;
  end: number;
  text: string;
  score: number;
}

/**
 * In-memory passage index: flexsearch finds candidates, BM25 over our own term statistics ranks
 * them. Both see the same tokens (see tokenize.ts), passed to flexsearch pre-split.
 */
export class SearchIndex {
  private readonly recall = new Index({ tokenize: "strict", encode: splitOnSpace, resolution: 1 });
  private readonly passages = new Map<number, IndexedPassage>();
  private readonly idsByHandle = new Map<string, number[]>();
  private readonly markdownByHandle = new Map<string, string>();
  private readonly documentFrequency = new Map<string, number>();
  private totalLength = 0;
  private nextId = 1;

  get passageCount(): number {
    return this.passages.size;
  }

  /** Size of the flexsearch recall index when exported (what a snapshot on disk would take). */
  exportedRecallBytes(): number {
    let bytes = 0;
    this.recall.export((_key: string, data: string) => {
      bytes += Buffer.byteLength(data ?? "", "utf8");
    });
    return bytes;
  }

  markdownOf(handle: string): string | undefined {
    return this.markdownByHandle.get(handle);
  }

  hasPage(handle: string): boolean {
    return this.idsByHandle.has(handle);
  }

  addPage(handle: string, markdown: string, spans: readonly PassageSpan[]): void {
    this.removePage(handle);
    const ids: number[] = [];
    for (const span of spans) {
      const tokens = tokenize(markdown.slice(span.start, span.end));
      const termFrequency = new Map<string, number>();
      for (const token of tokens) termFrequency.set(token, (termFrequency.get(token) ?? 0) + 1);
      for (const term of termFrequency.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      const id = this.nextId++;
      const joined = tokens.join(" ");
      this.passages.set(id, { ...span, handle, length: tokens.length, termFrequency, joinedTokens: ` ${joined} ` });
      this.totalLength += tokens.length;
      // Each distinct term once: flexsearch scans a term's id list on repeats, which is quadratic for
      // common terms; frequencies live in termFrequency anyway.
      if (termFrequency.size > 0) this.recall.add(id, [...termFrequency.keys()].join(" "));
      ids.push(id);
    }
    this.idsByHandle.set(handle, ids);
    this.markdownByHandle.set(handle, markdown);
  }

  removePage(handle: string): void {
    const ids = this.idsByHandle.get(handle);
    if (ids === undefined) return;
    for (const id of ids) {
      const passage = this.passages.get(id);
      if (passage === undefined) continue;
      for (const term of passage.termFrequency.keys()) {
        const count = (this.documentFrequency.get(term) ?? 1) - 1;
        if (count <= 0) this.documentFrequency.delete(term);
        else this.documentFrequency.set(term, count);
      }
      this.totalLength -= passage.length;
      this.passages.delete(id);
      this.recall.remove(id);
    }
    this.idsByHandle.delete(handle);
    this.markdownByHandle.delete(handle);
  }

  /**
   * Ranked passages for a free-text query. A query without any letter or digit matches nothing.
   * `hidden` lets the caller hide pages (expired, filtered) without rebuilding the index.
   */
  search(query: string, options: { limit: number; handle?: string; hidden?: ReadonlySet<string> }): PassageHit[] {
    const terms = [...new Set(tokenize(query))].slice(0, MAX_QUERY_TERMS);
    if (terms.length === 0 || this.passages.size === 0) return [];

    const candidates = new Set<number>();
    if (options.handle !== undefined) {
      for (const id of this.idsByHandle.get(options.handle) ?? []) candidates.add(id);
    } else {
      for (const term of terms) {
        const df = this.documentFrequency.get(term) ?? 0;
        if (df === 0) continue;
        for (const id of this.recall.search(term, { limit: df <= FULL_RECALL_DF ? df : COMMON_TERM_RECALL })) candidates.add(Number(id));
      }
    }

    const passageCount = this.passages.size;
    const averageLength = this.totalLength / passageCount;
    const idfs = terms.map((term) => inverseDocumentFrequency(passageCount, this.documentFrequency.get(term) ?? 0));
    const phrase = terms.length > 1 ? ` ${tokenize(query).join(" ")} ` : null;

    const hidden = options.hidden;
    const top = new TopK<IndexedPassage>(options.limit, comparePassages);
    for (const id of candidates) {
      const passage = this.passages.get(id);
      if (passage === undefined || (hidden !== undefined && hidden.has(passage.handle))) continue;
      let score = 0;
      let matched = 0;
      for (let index = 0; index < terms.length; index += 1) {
        const termFrequency = passage.termFrequency.get(terms[index] as string);
        if (termFrequency === undefined) continue;
        matched += 1;
        score += bm25TermScore({ termFrequency, passageLength: passage.length, averageLength, idf: idfs[index] ?? 0 });
      }
      if (score <= 0) continue;
      if (phrase !== null && matched === terms.length && passage.joinedTokens.includes(phrase)) score *= PHRASE_BOOST;
      top.offer(passage, score);
    }
    const scored = top.sorted();

    return scored.slice(0, options.limit).map(({ passage, score }) => ({
      handle: passage.handle,
      heading: passage.heading,
      start: passage.start,
      end: passage.end,
      text: (this.markdownByHandle.get(passage.handle) ?? "").slice(passage.start, passage.end),
      score: Math.round(score * 1e6) / 1e6,
    }));
  }
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
