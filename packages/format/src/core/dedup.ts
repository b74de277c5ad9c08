import { findExactDuplicates } from "./dedup-exact.js";
import { chooseBandSize, joinNearDuplicates, type MinhashDoc } from "./dedup-minhash.js";
import { shingleJaccard, shingleText, type ShingleSet } from "./shingles.js";
import type { DroppedDuplicate } from "./types.js";
import { UnionFind } from "./union-find.js";

export interface DedupCandidate {
  id: string;
  url: string;
  score: number | undefined;
  /** Normalised content, or null when the item has nothing to compare (failed, empty). */
  normalized: string | null;
}

export interface DedupOutcome {
  /** Indices of surviving items, ascending (input order). */
  kept: number[];
  /** Dropped items, ordered by their input index. */
  dropped: Array<DroppedDuplicate & { index: number; keptIndex: number }>;
  bandSize: number;
}

/** Best-scored first; ties broken by URL, then input index, so arrival order never decides alone. */
function isBetter(a: DedupCandidate & { index: number }, b: DedupCandidate & { index: number }): boolean {
  const scoreA = a.score ?? Number.NEGATIVE_INFINITY;
  const scoreB = b.score ?? Number.NEGATIVE_INFINITY;
  if (scoreA !== scoreB) return scoreA > scoreB;
  if (a.url !== b.url) return a.url < b.url;
  return a.index < b.index;
}

function roundSimilarity(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Exact duplicates first (normalised hash), then MinHash/LSH near-duplicates among the rest; one survivor per cluster. */
export function deduplicate(
  candidates: readonly DedupCandidate[],
  options: { threshold: number; numPerm: number; shingleSize: number },
): DedupOutcome {
  const count = candidates.length;
  const sets = new UnionFind(count);
  const firstOf = findExactDuplicates(candidates.map((c) => c.normalized));
  for (let i = 0; i < count; i++) {
    const first = firstOf[i]!;
    if (first >= 0 && first !== i) sets.union(i, first);
  }

  // Only one member of each exact group needs shingles: the others are identical.
  const shinglesOf = new Map<number, ShingleSet>();
  const docs: MinhashDoc[] = [];
  for (let i = 0; i < count; i++) {
    const normalized = candidates[i]!.normalized;
    if (firstOf[i] !== i || normalized === null) continue;
    const shingles = shingleText(normalized, options.shingleSize);
    shinglesOf.set(i, shingles);
    docs.push({ node: i, shingles });
  }
  const bandSize = chooseBandSize(options.threshold, options.numPerm);
  joinNearDuplicates(docs, { threshold: options.threshold, numPerm: options.numPerm, bandSize }, sets);

  const keptSet: number[] = [];
  const dropped: DedupOutcome["dropped"] = [];
  for (const group of sets.groups()) {
    let best = group[0]!;
    for (const member of group) {
      if (isBetter({ ...candidates[member]!, index: member }, { ...candidates[best]!, index: best })) best = member;
    }
    keptSet.push(best);
    for (const member of group) {
      if (member === best) continue;
      const exact = firstOf[member]! >= 0 && firstOf[member] === firstOf[best];
      const similarity = exact
        ? 1
        : roundSimilarity(shingleJaccard(shinglesOf.get(firstOf[member]!)!, shinglesOf.get(firstOf[best]!)!));
      dropped.push({
        index: member,
        keptIndex: best,
        id: candidates[member]!.id,
        url: candidates[member]!.url,
        duplicate_of: candidates[best]!.url,
        duplicate_of_id: candidates[best]!.id,
        similarity,
        reason: exact ? "exact" : "minhash",
      });
    }
  }
  keptSet.sort((a, b) => a - b);
  dropped.sort((a, b) => a.index - b.index);
  return { kept: keptSet, dropped, bandSize };
}
