import { lowerCase } from "../lower-case.js";
import { canonicalUrl } from "./canonical-url.js";
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
  /** True when `url` is the canonical form (`canonicalizeUrl`), false when the URL did not canonicalise and is kept as given. */
  canonical: boolean;
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

/**
 * What one URL has gathered so far, in small arrays kept sorted as they grow (a URL is returned by a handful of
 * engines at most), so nothing is copied or sorted per result.
 */
interface Accumulator {
  url: string;
  canonical: boolean;
  /** The best-placed copy so far: its rank and engine, and the title, snippet and date kept for the entry. */
  bestRank: number;
  bestEngine: string;
  title: string;
  snippet: string;
  published: string | null;
  /** Best rank per engine, sorted by engine name: the entry's `positions` as they are. */
  engineRanks: Array<{ engine: string; rank: number }>;
  /** Best rank per (angle, correlation group), sorted by the string `angle NUL group`. */
  angleGroupRanks: Array<{ angle: string; group: string; rank: number }>;
  /** Distinct correlation groups, sorted. */
  groups: string[];
}

/** The starting value of an accumulator's lists: never written to (every insertion builds a new array). */
const NONE: never[] = [];

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The character codes of `angle NUL group`, compared without building the string. */
function compareAngleGroup(angleA: string, groupA: string, angleB: string, groupB: string): number {
  const lengthA = angleA.length + 1 + groupA.length;
  const lengthB = angleB.length + 1 + groupB.length;
  for (let index = 0; index < lengthA && index < lengthB; index += 1) {
    const a = index < angleA.length ? angleA.charCodeAt(index) : index === angleA.length ? 0 : groupA.charCodeAt(index - angleA.length - 1);
    const b = index < angleB.length ? angleB.charCodeAt(index) : index === angleB.length ? 0 : groupB.charCodeAt(index - angleB.length - 1);
    if (a !== b) return a - b;
  }
  return lengthA - lengthB;
}

/** `list` with `item` inserted at `at`, in a new array of exactly the needed length (a push would reserve 16 more slots). */
function insertedAt<T>(list: readonly T[], at: number, item: T): T[] {
  const out = new Array<T>(list.length + 1);
  for (let index = 0; index < at; index += 1) out[index] = list[index]!;
  out[at] = item;
  for (let index = at; index < list.length; index += 1) out[index + 1] = list[index]!;
  return out;
}

function recordEngineRank(entry: Accumulator, engine: string, rank: number): void {
  const ranks = entry.engineRanks;
  let at = 0;
  for (; at < ranks.length; at += 1) {
    const seen = ranks[at]!;
    if (seen.engine === engine) {
      if (rank < seen.rank) seen.rank = rank;
      return;
    }
    if (engine < seen.engine) break;
  }
  entry.engineRanks = insertedAt(ranks, at, { engine, rank });
}

function recordAngleGroupRank(entry: Accumulator, angle: string, group: string, rank: number): void {
  const ranks = entry.angleGroupRanks;
  let at = 0;
  for (; at < ranks.length; at += 1) {
    const seen = ranks[at]!;
    if (seen.angle === angle && seen.group === group) {
      if (rank < seen.rank) seen.rank = rank;
      return;
    }
    if (compareAngleGroup(angle, group, seen.angle, seen.group) < 0) break;
  }
  entry.angleGroupRanks = insertedAt(ranks, at, { angle, group, rank });
  const groups = entry.groups;
  if (groups.includes(group)) return;
  let slot = 0;
  while (slot < groups.length && groups[slot]! < group) slot += 1;
  entry.groups = insertedAt(groups, slot, group);
}

/** Weighted RRF over the (angle, group) ranks, summed in the order of their `angle NUL group` keys. */
function reciprocalRankScore(entry: Accumulator, groupWeights: ReadonlyMap<string, number>): number {
  let rrf = 0;
  for (const { group, rank } of entry.angleGroupRanks) rrf += ((groupWeights.get(group) ?? 1) * SCALE) / (RRF_K + rank);
  return rrf;
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
      const canonical = canonicalUrl(result.url);
      const url = canonical ?? result.url.trim();
      let entry = byUrl.get(url);
      if (!entry) {
        entry = {
          url,
          canonical: canonical !== null,
          bestRank: rank,
          bestEngine: run.name,
          title: result.title,
          snippet: result.snippet,
          published: result.published,
          engineRanks: NONE,
          angleGroupRanks: NONE,
          groups: NONE,
        };
        byUrl.set(url, entry);
      } else if (rank < entry.bestRank || (rank === entry.bestRank && run.name < entry.bestEngine)) {
        // keep the best-placed copy's title, and its snippet unless it has none
        entry.bestRank = rank;
        entry.bestEngine = run.name;
        entry.title = result.title;
        entry.snippet = result.snippet || entry.snippet;
        entry.published = result.published ?? entry.published;
      } else {
        if (!entry.snippet && result.snippet) entry.snippet = result.snippet;
        if (!entry.published && result.published) entry.published = result.published;
      }
      const sources = result.sources;
      const count = sources.length > 0 ? sources.length : 1;
      for (let sourceIndex = 0; sourceIndex < count; sourceIndex += 1) {
        const engine = lowerCase(sources.length > 0 ? sources[sourceIndex]! : run.name);
        recordEngineRank(entry, engine, rank);
        recordAngleGroupRank(entry, angle, groupOfEngine(engine, engineGroups), rank);
      }
    }
  }
  const fused: FusedEntry[] = [];
  for (const entry of byUrl.values()) {
    const positions = entry.engineRanks;
    fused.push({
      url: entry.url,
      canonical: entry.canonical,
      title: entry.title,
      snippet: entry.snippet,
      published: entry.published,
      engines: positions.map(({ engine }) => engine),
      positions,
      groups: entry.groups,
      rrf: round(reciprocalRankScore(entry, groupWeights)),
      distinctGroups: entry.groups.length,
    });
  }
  return fused;
}
