import { canonicalizeUrl } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import type { EngineResult, EngineRun } from "../src/engines/port.js";
import { fuseResults, type RankedList } from "../src/fusion/fuse-results.js";
import { groupOfEngine } from "../src/fusion/upstream-groups.js";
import { seededRandom as random } from "./support/seeded-random.js";

// fuseResults as it was before its per-result maps and copies were taken out: the reference it must still equal.
function referenceFuse(lists: RankedList[], engineGroups: ReadonlyMap<string, string>, groupWeights: ReadonlyMap<string, number> = new Map()) {
  const ordered = [...lists].sort((a, b) => (a.angle === b.angle ? a.run.name.localeCompare(b.run.name) : a.angle.localeCompare(b.angle)));
  const byUrl = new Map<
    string,
    { url: string; best: { rank: number; engine: string; title: string; snippet: string; published: string | null }; bestRankByEngine: Map<string, number>; bestRankByAngleGroup: Map<string, number>; groups: Set<string> }
  >();
  for (const { angle, run } of ordered) {
    run.results.forEach((result, index) => {
      const rank = index + 1;
      const url = canonicalizeUrl(result.url) ?? result.url.trim();
      let entry = byUrl.get(url);
      const candidate = { rank, engine: run.name, title: result.title, snippet: result.snippet, published: result.published };
      if (!entry) {
        entry = { url, best: candidate, bestRankByEngine: new Map(), bestRankByAngleGroup: new Map(), groups: new Set() };
        byUrl.set(url, entry);
      } else if (rank < entry.best.rank || (rank === entry.best.rank && run.name < entry.best.engine)) {
        entry.best = { ...candidate, snippet: candidate.snippet || entry.best.snippet, published: candidate.published ?? entry.best.published };
      } else {
        if (!entry.best.snippet && candidate.snippet) entry.best.snippet = candidate.snippet;
        if (!entry.best.published && candidate.published) entry.best.published = candidate.published;
      }
      const sources = result.sources.length > 0 ? result.sources : [run.name];
      for (const source of sources) {
        const engine = source.toLowerCase();
        entry.bestRankByEngine.set(engine, Math.min(entry.bestRankByEngine.get(engine) ?? Infinity, rank));
        const group = groupOfEngine(engine, engineGroups);
        entry.groups.add(group);
        const key = `${angle}\u0000${group}`;
        entry.bestRankByAngleGroup.set(key, Math.min(entry.bestRankByAngleGroup.get(key) ?? Infinity, rank));
      }
    });
  }
  return [...byUrl.values()].map((entry) => {
    let rrf = 0;
    for (const key of [...entry.bestRankByAngleGroup.keys()].sort()) {
      const group = key.split("\u0000")[1]!;
      rrf += ((groupWeights.get(group) ?? 1) * 1000) / (60 + entry.bestRankByAngleGroup.get(key)!);
    }
    const engines = [...entry.bestRankByEngine.keys()].sort();
    return {
      url: entry.url,
      canonical: canonicalizeUrl(entry.url) !== null, // added with the field; the rest is the old code

      title: entry.best.title,
      snippet: entry.best.snippet,
      published: entry.best.published,
      engines,
      positions: engines.map((engine) => ({ engine, rank: entry.bestRankByEngine.get(engine)! })),
      groups: [...entry.groups].sort(),
      rrf: Math.round(rrf * 1e6) / 1e6,
      distinctGroups: entry.groups.size,
    };
  });
}


const ENGINES = ["searxng", "duckduckgo", "wikipedia", "github", "brave"];
const UPSTREAM = ["Google", "bing", "startpage", "brave", "qwant", "mojeek", "wikipedia"];
const URLS = ["https://a.example/x", "https://www.a.example/x#top", "https://a.example/x?utm_source=n", "http://a.example/x", "https://b.example/?b=2&a=1", "https://b.example/?a=1&b=2", "ftp://c.example/", " not a url ", "https://d.example/p/"];

describe("fuseResults", () => {
  it("gives the same entries as the reference on 300 generated multi-angle, multi-engine searches", () => {
    const next = random(21);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const groups = new Map([["duckduckgo", "bing"], ["wikipedia", "wikipedia"], ["github", "github"]]);
    for (let search = 0; search < 300; search += 1) {
      const angles = next() < 0.5 ? [""] : ["q one", "q two", "q"];
      const lists: RankedList[] = [];
      for (const angle of angles) {
        for (const name of ENGINES.filter(() => next() < 0.6)) {
          const results: EngineResult[] = Array.from({ length: Math.floor(next() * 12) }, () => ({
            url: next() < 0.6 ? pick(URLS) : `https://h${Math.floor(next() * 5)}.example/${Math.floor(next() * 4)}`,
            title: `t${Math.floor(next() * 100)}`,
            snippet: next() < 0.3 ? "" : `s${Math.floor(next() * 100)}`,
            published: next() < 0.5 ? null : `2025-0${1 + Math.floor(next() * 9)}-01T00:00:00Z`,
            sources: next() < 0.3 ? [] : [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(UPSTREAM)))],
          }));
          const run: EngineRun = { name, outcome: "ok", detail: null, retry_after_s: null, results, upstream_failures: [], suggestions: [], answers: [], corrections: [] };
          lists.push({ angle, run });
        }
      }
      const weights = new Map([["bing", 0.5], ["google", 1.5]]);
      expect(fuseResults(lists, groups, weights)).toEqual(referenceFuse(lists, groups, weights));
      expect(JSON.stringify(fuseResults(lists, groups))).toBe(JSON.stringify(referenceFuse(lists, groups)));
    }
  });
});

describe("groupOfEngine", () => {
  it("groups known upstream engines, and names it cannot know by themselves, Object's own member names included", () => {
    const none = new Map<string, string>();
    expect(groupOfEngine("Startpage", none)).toBe("google");
    expect(groupOfEngine("duckduckgo", new Map([["duckduckgo", "duckduckgo"]]))).toBe("duckduckgo");
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "mojeek2"]) expect(groupOfEngine(name, none)).toBe(name.toLowerCase());
  });
});
