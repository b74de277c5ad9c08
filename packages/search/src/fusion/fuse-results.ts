import { canonicalizeUrl } from "@websift/contracts";
import type { EngineRun } from "../engines/port.js";
import { groupOfEngine } from "./upstream-groups.js";

/** Reciprocal-rank fusion constant (Cormack et al.); scores are scaled by 1000 for readability. */
const RRF_K = 60;
const SCALE = 1000;

export interface RankedList {
  /** The query angle the run answered ("" for a single-query search). */
  angle: string;
  run: EngineRun;
}

export interface FusedEntry {
  url: string;
  title: string;
  snippet: string;
  published: string | null;
  engines: string[];
  positions: { engine: string; rank: number }[];
  groups: string[];
  rrf: number;
  /** Number of distinct correlation groups that returned the URL. */
  distinctGroups: number;
}

interface Accumulator {
  url: string;
  best: { rank: number; engine: string; title: string; snippet: string; published: string | null };
  bestRankByEngine: Map<string, number>;
  bestRankByAngleGroup: Map<string, number>;
  groups: Set<string>;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Merge every engine's list into one, keyed by canonical URL, keeping every engine and its rank.
 * Weighted RRF, de-correlated: within one angle, the engines of a correlation group count once
 * at their best rank; the number of distinct groups is reported for the consensus bonus.
 * Iteration order is fixed (angle, engine name, rank), so arrival order never matters.
 */
export function fuseResults(lists: RankedList[], engineGroups: ReadonlyMap<string, string>, groupWeights: ReadonlyMap<string, number> = new Map()): FusedEntry[] {
  const ordered = [...lists].sort((a, b) => (a.angle === b.angle ? a.run.name.localeCompare(b.run.name) : a.angle.localeCompare(b.angle)));
  const byUrl = new Map<string, Accumulator>();
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
        // keep the best-placed copy's title, and its snippet unless it has none
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
      rrf += ((groupWeights.get(group) ?? 1) * SCALE) / (RRF_K + entry.bestRankByAngleGroup.get(key)!);
    }
    const engines = [...entry.bestRankByEngine.keys()].sort();
    return {
      url: entry.url,
      title: entry.best.title,
      snippet: entry.best.snippet,
      published: entry.best.published,
      engines,
      positions: engines.map((engine) => ({ engine, rank: entry.bestRankByEngine.get(engine)! })),
      groups: [...entry.groups].sort(),
      rrf: round(rrf),
      distinctGroups: entry.groups.size,
    };
  });
}
