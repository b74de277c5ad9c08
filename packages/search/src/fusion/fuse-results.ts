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

/** What one URL has gathered so far; small arrays, not maps: a URL is returned by a handful of engines at most. */
interface Accumulator {
  url: string;
  best: { rank: number; engine: string; title: string; snippet: string; published: string | null };
  /** Best rank per engine, in the order engines were first seen. */
  engineRanks: Array<{ engine: string; rank: number }>;
  /** Best rank per (angle, correlation group). */
  angleGroupRanks: Array<{ angle: string; group: string; rank: number }>;
  groups: string[];
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function recordEngineRank(entry: Accumulator, engine: string, rank: number): void {
  for (const seen of entry.engineRanks) {
    if (seen.engine === engine) {
      if (rank < seen.rank) seen.rank = rank;
      return;
    }
  }
  entry.engineRanks.push({ engine, rank });
}

function recordAngleGroupRank(entry: Accumulator, angle: string, group: string, rank: number): void {
  for (const seen of entry.angleGroupRanks) {
    if (seen.angle === angle && seen.group === group) {
      if (rank < seen.rank) seen.rank = rank;
      return;
    }
  }
  entry.angleGroupRanks.push({ angle, group, rank });
  if (!entry.groups.includes(group)) entry.groups.push(group);
}

/** Weighted RRF over the (angle, group) ranks, summed in the order of their `angle NUL group` keys. */
function reciprocalRankScore(entry: Accumulator, groupWeights: ReadonlyMap<string, number>): number {
  let ranks = entry.angleGroupRanks;
  if (ranks.length > 1) {
    ranks = ranks
      .map((item) => ({ key: `${item.angle}\u0000${item.group}`, item }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ item }) => item);
  }
  let rrf = 0;
  for (const { group, rank } of ranks) rrf += ((groupWeights.get(group) ?? 1) * SCALE) / (RRF_K + rank);
  return rrf;
}

function byName(a: { engine: string }, b: { engine: string }): number {
  return a.engine < b.engine ? -1 : a.engine > b.engine ? 1 : 0;
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
    const results = run.results;
    for (let index = 0; index < results.length; index += 1) {
      const result = results[index]!;
      const rank = index + 1;
      const url = canonicalizeUrl(result.url) ?? result.url.trim();
      let entry = byUrl.get(url);
      if (!entry) {
        entry = {
          url,
          best: { rank, engine: run.name, title: result.title, snippet: result.snippet, published: result.published },
          engineRanks: [],
          angleGroupRanks: [],
          groups: [],
        };
        byUrl.set(url, entry);
      } else {
        const best = entry.best;
        if (rank < best.rank || (rank === best.rank && run.name < best.engine)) {
          // keep the best-placed copy's title, and its snippet unless it has none
          best.rank = rank;
          best.engine = run.name;
          best.title = result.title;
          best.snippet = result.snippet || best.snippet;
          best.published = result.published ?? best.published;
        } else {
          if (!best.snippet && result.snippet) best.snippet = result.snippet;
          if (!best.published && result.published) best.published = result.published;
        }
      }
      const sources = result.sources;
      const count = sources.length > 0 ? sources.length : 1;
      for (let sourceIndex = 0; sourceIndex < count; sourceIndex += 1) {
        const engine = (sources.length > 0 ? sources[sourceIndex]! : run.name).toLowerCase();
        recordEngineRank(entry, engine, rank);
        recordAngleGroupRank(entry, angle, groupOfEngine(engine, engineGroups), rank);
      }
    }
  }
  const fused: FusedEntry[] = [];
  for (const entry of byUrl.values()) {
    const positions = entry.engineRanks.length > 1 ? [...entry.engineRanks].sort(byName) : entry.engineRanks;
    fused.push({
      url: entry.url,
      title: entry.best.title,
      snippet: entry.best.snippet,
      published: entry.best.published,
      engines: positions.map(({ engine }) => engine),
      positions,
      groups: entry.groups.length > 1 ? entry.groups.sort() : entry.groups,
      rrf: round(reciprocalRankScore(entry, groupWeights)),
      distinctGroups: entry.groups.length,
    });
  }
  return fused;
}
