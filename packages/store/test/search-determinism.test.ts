import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PHRASE_BOOST, bm25TermScore, inverseDocumentFrequency } from "../src/core/bm25.js";
import { FsBackend } from "../src/core/fs-backend.js";
import { canonicalizeUrl } from "@websift/contracts";
import { handleForUrl } from "../src/core/handle.js";
import { decodeIndexSnapshot, encodeIndexSnapshot } from "../src/core/index-snapshot.js";
import { resolvePageStoreOptions } from "../src/core/options.js";
import { PageStore, openPageStore } from "../src/core/page-store.js";
import { splitIntoPassages } from "../src/core/passages.js";
import { SearchIndex, type PassageHit } from "../src/core/search-index.js";
import { decodeSnapshot, encodeSnapshot } from "../src/core/snapshot-file.js";
import { tokenize } from "../src/core/tokenize.js";
import { tempStoreDir } from "./helpers.js";

/**
 * "common" is in every passage and "shared" in two of every three (both far above the ~1,000
 * passages where the old flexsearch recall stopped being complete). Their frequencies and the
 * passage lengths vary, so scores spread out; the highest term frequencies sit in the last pages,
 * the ones an arrival-order cut-off would never have looked at.
 */
const PAGES = 130;
const SECTIONS = 10;
const COMMON_QUERIES = ["common", "shared", "common shared", "shared common", "common common shared", "the common", "common shared thing"];

interface Page {
  url: string;
  markdown: string;
}

function corpus(): Page[] {
  return Array.from({ length: PAGES }, (_, p) => {
    const sections = Array.from({ length: SECTIONS }, (_, s) => {
      const words: string[] = [];
      const commons = 1 + ((p * 7 + s * 3) % 5) + (p >= PAGES - 3 ? 6 : 0);
      for (let i = 0; i < commons; i += 1) words.push("common", `filler${(p * 13 + s * 5 + i) % 97}`);
      if ((p + s) % 3 !== 0) words.push("shared", "thing");
      for (let i = 0; i < (p * 11 + s) % 17; i += 1) words.push(`pad${p}x${s}x${i}`);
      return `## Section ${s}\n\n${words.join(" ")}.\n`;
    });
    return { url: `https://site${p % 7}.example/doc/${p}`, markdown: `# Doc ${p}\n\n${sections.join("\n")}` };
  });
}

const handleOf = (page: Page): string => handleForUrl(canonicalizeUrl(page.url)!);

function indexOf(pages: readonly Page[]): SearchIndex {
  const index = new SearchIndex();
  for (const page of pages) index.addPage(handleOf(page), "v1", page.markdown, splitIntoPassages(page.markdown));
  return index;
}

function searchAll(index: SearchIndex, limit = 100): string {
  return JSON.stringify(COMMON_QUERIES.map((query) => index.search(query, { limit })));
}

/** A small deterministic shuffle: the point is a different arrival order, not randomness. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let at = copy.length - 1; at > 0; at -= 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const other = state % (at + 1);
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}

/** The specification, computed the slow way: BM25 over every passage, boost, round, total order. */
function referenceRanking(pages: readonly Page[], query: string, limit: number): PassageHit[] {
  const passages = pages.flatMap((page) =>
    splitIntoPassages(page.markdown).map((span) => ({ handle: handleOf(page), ...span, words: tokenize(page.markdown.slice(span.start, span.end)) })),
  );
  const queryWords = tokenize(query);
  const terms = [...new Set(queryWords)];
  const df = new Map(terms.map((term) => [term, passages.filter((passage) => passage.words.includes(term)).length]));
  const averageLength = passages.reduce((sum, passage) => sum + passage.words.length, 0) / passages.length;
  const round = (score: number): number => Math.round(score * 1e6) / 1e6;
  const scored = passages.flatMap((passage) => {
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      const termFrequency = passage.words.filter((word) => word === term).length;
      if (termFrequency === 0) continue;
      matched += 1;
      const idf = inverseDocumentFrequency(passages.length, df.get(term) ?? 0);
      score += bm25TermScore({ termFrequency, passageLength: passage.words.length, averageLength, idf });
    }
    if (matched === 0) return [];
    // The phrase as whole words: both sides padded with spaces, so "common" never matches "uncommon".
    const boosted = terms.length > 1 && matched === terms.length && ` ${passage.words.join(" ")} `.includes(` ${queryWords.join(" ")} `);
    return [{ handle: passage.handle, heading: passage.heading, start: passage.start, end: passage.end, score: round(boosted ? score * PHRASE_BOOST : score) }];
  });
  scored.sort((a, b) => b.score - a.score || (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0) || a.start - b.start || a.end - b.end);
  return scored.slice(0, limit);
}

describe("search determinism (index)", () => {
  const pages = corpus();

  it("builds a corpus where the query terms are in well over 1,000 passages", () => {
    const index = indexOf(pages);
    expect(index.passageCount).toBeGreaterThan(1_300);
    const all = index.search("common", { limit: 100 });
    expect(all).toHaveLength(100);
    // The best passages come from the last pages added: an arrival-order recall cut would miss them.
    const lastPages = new Set(pages.slice(PAGES - 3).map(handleOf));
    expect(lastPages.has(all[0]!.handle)).toBe(true);
  });

  it("ranks exactly as BM25 over every passage would, for very common terms", () => {
    const index = indexOf(pages);
    for (const query of COMMON_QUERIES) {
      expect(index.search(query, { limit: 100 }), query).toEqual(referenceRanking(pages, query, 100));
    }
  });

  it("gives byte-identical results whatever order the pages arrived in", () => {
    const expected = searchAll(indexOf(pages));
    expect(searchAll(indexOf([...pages].reverse()))).toBe(expected);
    expect(searchAll(indexOf(shuffled(pages, 7)))).toBe(expected);
    expect(searchAll(indexOf(shuffled(pages, 1234)))).toBe(expected);
  });

  it("gives byte-identical results after removals, replacements and a snapshot round trip", () => {
    const expected = searchAll(indexOf(pages));
    // A different history with the same end state: other versions of a third of the pages first
    // (their vocabulary is dropped again, so term ids are freed and reused), removals, re-adds.
    const index = new SearchIndex();
    for (const [at, page] of shuffled(pages, 99).entries()) {
      const markdown = at % 3 === 0 ? `# Old\n\nuncommon words${at} common common\n\n## More\n\nzzz${at} shared\n` : page.markdown;
      index.addPage(handleOf(page), `old${at}`, markdown, splitIntoPassages(markdown));
    }
    for (const page of pages.filter((_, at) => at % 4 === 0)) index.removePage(handleOf(page));
    for (const page of shuffled(pages, 5)) {
      if (index.versionOf(handleOf(page)) !== undefined && !index.versionOf(handleOf(page))!.startsWith("old")) continue;
      index.addPage(handleOf(page), "v1", page.markdown, splitIntoPassages(page.markdown));
    }
    expect(index.passageCount).toBe(indexOf(pages).passageCount);
    expect(searchAll(index)).toBe(expected);

    const restored = SearchIndex.fromState(index.toState());
    expect(searchAll(restored)).toBe(expected);
    const binding = { generation: 1, pages_digest: "x" };
    expect(searchAll(decodeIndexSnapshot(encodeIndexSnapshot(index, binding)).restore())).toBe(expected);
    // And a restored index keeps changing the same way a built one does.
    for (const index_ of [index, restored]) index_.removePage(handleOf(pages[PAGES - 1]!));
    expect(searchAll(restored)).toBe(searchAll(index));
  });

  it("stays identical through heavy churn (lists compacted, slots renumbered) and growth after a restore", () => {
    const expected = searchAll(indexOf(pages));
    const index = indexOf(shuffled(pages, 21));
    // Replace every page three times over: far more removed passages than live ones.
    for (let round = 0; round < 3; round += 1) {
      for (const page of shuffled(pages, round)) {
        const markdown = round === 2 ? page.markdown : `${page.markdown}\n## Round ${round}\n\nchurn${round} common\n`;
        index.addPage(handleOf(page), `r${round}`, markdown, splitIntoPassages(markdown));
      }
    }
    expect(searchAll(index)).toBe(expected);

    // A restored index holds its lists as views into shared arrays; adding must grow them safely.
    const half = SearchIndex.fromState(indexOf(pages.slice(0, PAGES / 2)).toState());
    for (const page of [...pages.slice(PAGES / 2)].reverse()) half.addPage(handleOf(page), "v1", page.markdown, splitIntoPassages(page.markdown));
    expect(searchAll(half)).toBe(expected);
  });

  it("breaks score ties by handle, then span start", () => {
    // Same text everywhere: every passage scores the same for "common".
    const same = Array.from({ length: 120 }, (_, p) => ({
      url: `https://tie${p % 5}.example/${p}`,
      markdown: Array.from({ length: 10 }, () => "## Same\n\ncommon words here\n").join("\n"),
    }));
    const expectedOrder = (limit: number, pagesIn: readonly Page[]): Array<[string, number]> => {
      const keys = pagesIn.flatMap((page) => splitIntoPassages(page.markdown).map((span): [string, number] => [handleOf(page), span.start]));
      keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      return keys.slice(0, limit);
    };
    for (const order of [same, [...same].reverse(), shuffled(same, 3)]) {
      const hits = indexOf(order).search("common", { limit: 100 });
      expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
      expect(hits.map((hit): [string, number] => [hit.handle, hit.start])).toEqual(expectedOrder(100, same));
    }
  });

  it("searches one page with the same scores as the whole index", () => {
    const index = indexOf(shuffled(pages, 11));
    const handle = handleOf(pages[42]!);
    const scoped = index.search("common shared", { limit: 100, handle });
    expect(scoped).toHaveLength(SECTIONS);
    const everywhere = referenceRanking(pages, "common shared", 2_000).filter((hit) => hit.handle === handle);
    expect(scoped).toEqual(everywhere);
  });

  it("never throws on odd query strings", () => {
    const index = indexOf(pages.slice(0, 5));
    for (const query of ['"*:( 😀', "\u0000", "\ud800", "common\ud800shared", "((((", "c".repeat(100_000), Array(500).fill("common x").join(" "), "ＣＯＭＭＯＮ"]) {
      expect(() => index.search(query, { limit: 10 }), query).not.toThrow();
    }
    expect(index.search("ＣＯＭＭＯＮ", { limit: 1 })[0]?.score).toBeGreaterThan(0);
  });
});

/** A store instance that never reads or writes a snapshot: the reference, indexed from page files. */
async function openRebuilding(dir: string): Promise<PageStore> {
  const backend = await FsBackend.open(dir);
  Object.defineProperty(backend, "keepsIndexSnapshot", { value: false });
  return new PageStore(backend, resolvePageStoreOptions({ dir }));
}

async function storeResults(store: PageStore): Promise<string> {
  const results = [];
  for (const query of COMMON_QUERIES) results.push((await store.search(query, { limit: 100 })).passages);
  return JSON.stringify(results);
}

describe("search determinism (store)", () => {
  const pages = corpus();

  it("gives byte-identical results for two stores filled in different orders, restored or rebuilt", async () => {
    const forward = tempStoreDir();
    const writer = await openPageStore({ dir: forward });
    await writer.add(pages);
    await writer.close();

    const backward = tempStoreDir();
    const other = await openPageStore({ dir: backward });
    // Another history: half the pages in reverse, an unrelated page added and removed, the rest shuffled.
    await other.add([...pages.slice(PAGES / 2)].reverse());
    const { added } = await other.add([{ url: "https://elsewhere.example/", markdown: "# Elsewhere\n\ncommon common common shared\n" }]);
    await other.remove(added[0]!.handle);
    await other.add(shuffled(pages.slice(0, PAGES / 2), 17));
    await other.close();

    const restored = await openPageStore({ dir: forward });
    const expected = await storeResults(restored);
    expect(restored.indexSource).toBe("snapshot");
    const rebuilt = await openRebuilding(forward);
    expect(await storeResults(rebuilt)).toBe(expected);
    expect(rebuilt.indexSource).toBe("page-files");
    const otherRestored = await openPageStore({ dir: backward });
    expect(await storeResults(otherRestored)).toBe(expected);
    expect(otherRestored.indexSource).toBe("snapshot");
    expect(await storeResults(await openRebuilding(backward))).toBe(expected);
  }, 60_000);

  it("refuses a snapshot of the old format (with a flexsearch export) and rebuilds", async () => {
    const dir = tempStoreDir();
    const writer = await openPageStore({ dir });
    await writer.add(pages.slice(0, 20));
    await writer.close();
    const file = path.join(dir, "index.snapshot");
    const { header, sections } = decodeSnapshot(readFileSync(file));
    const { sections: _layout, endianness: _order, ...binding } = header;
    expect(binding.format).toBe("websift-index-snapshot/2");
    const expected = await storeResults(await openRebuilding(dir));
    for (const format of ["websift-index-snapshot/1", "someone-else/2"]) {
      const old = new Map<string, Uint8Array>([...sections, ["recall:reg", Buffer.from("{}")]]);
      writeFileSync(file, encodeSnapshot({ ...binding, format }, old));
      const reader = await openPageStore({ dir });
      expect(await storeResults(reader), format).toBe(expected);
      expect(reader.indexSource, format).toBe("page-files");
    }
  });
});
