import { canonicalizeUrl } from "@websift/contracts";
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
  /** What the content is: a page body beats a search snippet, which beats nothing. */
  content: "body_markdown" | "snippet" | "none";
}

export interface DedupOutcome {
  /** Indices of surviving items, ascending (input order). */
  kept: number[];
  /** Dropped items, ordered by their input index. */
  dropped: Array<DroppedDuplicate & { index: number; keptIndex: number }>;
  bandSize: number;
}

const CONTENT_RANK = { body_markdown: 2, snippet: 1, none: 0 } as const;

/**
 * The one to keep: the richer content first (a page body, then a snippet, then nothing), then the
 * best score; ties broken by URL, then input index, so arrival order never decides alone.
 */
function isBetter(a: DedupCandidate & { index: number }, b: DedupCandidate & { index: number }): boolean {
  if (CONTENT_RANK[a.content] !== CONTENT_RANK[b.content]) return CONTENT_RANK[a.content] > CONTENT_RANK[b.content];
  const scoreA = a.score ?? Number.NEGATIVE_INFINITY;
  const scoreB = b.score ?? Number.NEGATIVE_INFINITY;
  if (scoreA !== scoreB) return scoreA > scoreB;
  if (a.url !== b.url) return a.url < b.url;
  return a.index < b.index;
}

function roundSimilarity(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Joins results that are one page by websift's one URL identity, whatever their content says. */
function joinUrlTwins(candidates: readonly DedupCandidate[], sets: UnionFind): Int32Array {
  const firstOf = new Int32Array(candidates.length).fill(-1);
  const firstByUrl = new Map<string, number>();
  candidates.forEach((candidate, index) => {
    const identity = canonicalizeUrl(candidate.url);
    if (identity === null) return;
    const first = firstByUrl.get(identity);
    if (first === undefined) firstByUrl.set(identity, index);
    else sets.union(index, first);
    firstOf[index] = first ?? index;
  });
  return firstOf;
}

/**
 * URL twins and exact duplicates (normalised content) first, then MinHash/LSH near-duplicates among
 * the rest; one survivor per cluster.
 */
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
  const urlFirstOf = joinUrlTwins(candidates, sets);

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
      const sameUrl = urlFirstOf[member]! >= 0 && urlFirstOf[member] === urlFirstOf[best];
      const memberShingles = shinglesOf.get(firstOf[member]!);
      const bestShingles = shinglesOf.get(firstOf[best]!);
      const similarity = exact ? 1 : memberShingles && bestShingles ? roundSimilarity(shingleJaccard(memberShingles, bestShingles)) : 0;
      dropped.push({
        index: member,
        keptIndex: best,
        id: candidates[member]!.id,
        url: candidates[member]!.url,
        duplicate_of: candidates[best]!.url,
        duplicate_of_id: candidates[best]!.id,
        similarity,
        reason: exact ? "exact" : sameUrl ? "url" : "minhash",
      });
    }
  }
  keptSet.sort((a, b) => a - b);
  dropped.sort((a, b) => a.index - b.index);
  return { kept: keptSet, dropped, bandSize };
}
