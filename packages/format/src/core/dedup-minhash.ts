import { LshIndex, Minhash } from "minhash";
import { fmix32 } from "./hash.js";
import { shingleJaccard, type ShingleSet } from "./shingles.js";
import type { UnionFind } from "./union-find.js";

/** Recall wanted at the threshold itself: a true near-duplicate almost never escapes banding. */
const TARGET_RECALL = 0.995;

interface Permutations {
  multipliers: Int32Array;
  offsets: Int32Array;
}

/**
 * The permutation family comes from the minhash package (seeded, so deterministic). Signatures are
 * computed here rather than with its `update`, which re-hashes the shingle string once per permutation
 * (~128x the work) and multiplies past 2^53 in floating point.
 */
function createPermutations(numPerm: number): Permutations {
  const family = new Minhash({ numPerm, seed: 1 });
  const multipliers = new Int32Array(numPerm);
  const offsets = new Int32Array(numPerm);
  for (let i = 0; i < numPerm; i++) {
    multipliers[i] = (family.permA[i]! | 1) | 0; // odd: multiplication stays a bijection mod 2^32
    offsets[i] = family.permB[i]! | 0;
  }
  return { multipliers, offsets };
}

/**
 * MinHash signature: per permutation, the minimum permuted shingle hash. Shingle hashes are already
 * well mixed, so multiply-add mod 2^32 (odd multiplier: a bijection) serves as the permutation; values
 * are compared as signed ints, which is just another fixed total order. Candidates are verified on the
 * exact shingle sets, so the family only has to keep recall high, not estimate Jaccard precisely.
 */
function minhashSignature(shingles: Uint32Array, perms: Permutations): Int32Array {
  const { multipliers, offsets } = perms;
  const numPerm = multipliers.length;
  const signature = new Int32Array(numPerm);
  const count = shingles.length;
  let i = 0;
  // Four permutations per pass over the shingles: a quarter of the loads and loop overhead.
  for (; i + 4 <= numPerm; i += 4) {
    const a0 = multipliers[i]!, a1 = multipliers[i + 1]!, a2 = multipliers[i + 2]!, a3 = multipliers[i + 3]!;
    const b0 = offsets[i]!, b1 = offsets[i + 1]!, b2 = offsets[i + 2]!, b3 = offsets[i + 3]!;
    let m0 = 0x7fffffff, m1 = 0x7fffffff, m2 = 0x7fffffff, m3 = 0x7fffffff;
    for (let s = 0; s < count; s++) {
      const x = shingles[s]!;
      const v0 = (Math.imul(x, a0) + b0) | 0;
      const v1 = (Math.imul(x, a1) + b1) | 0;
      const v2 = (Math.imul(x, a2) + b2) | 0;
      const v3 = (Math.imul(x, a3) + b3) | 0;
      if (v0 < m0) m0 = v0;
      if (v1 < m1) m1 = v1;
      if (v2 < m2) m2 = v2;
      if (v3 < m3) m3 = v3;
    }
    signature[i] = m0;
    signature[i + 1] = m1;
    signature[i + 2] = m2;
    signature[i + 3] = m3;
  }
  for (; i < numPerm; i++) {
    const a = multipliers[i]!;
    const b = offsets[i]!;
    let min = 0x7fffffff;
    for (let s = 0; s < count; s++) {
      const value = (Math.imul(shingles[s]!, a) + b) | 0;
      if (value < min) min = value;
    }
    signature[i] = min;
  }
  return signature;
}

/**
 * LSH band keys: band index plus a 64-bit hash of the band's rows. Handed to LshIndex precomputed
 * (it reuses `hashbands` when present) because its own keys join every row value into a string,
 * which dominated the cost here; a hash collision only adds a candidate, and candidates are verified.
 */
function bandKeys(signature: Int32Array, bandSize: number): string[] {
  const keys: string[] = [];
  for (let start = 0, band = 0; start < signature.length; start += bandSize, band++) {
    let h1 = 0x9747b28c ^ band;
    let h2 = 0x85ebca6b ^ band;
    const end = Math.min(start + bandSize, signature.length);
    for (let i = start; i < end; i++) {
      h1 = fmix32(h1 ^ signature[i]!);
      h2 = fmix32((h2 + signature[i]!) | 0);
    }
    keys.push(`${band}:${h1.toString(36)}${h2.toString(36)}`);
  }
  return keys;
}

/**
 * Rows per LSH band: the largest divisor of numPerm whose candidate probability at the threshold,
 * 1 - (1 - t^r)^(numPerm/r), still reaches TARGET_RECALL. More rows = fewer false candidates.
 */
export function chooseBandSize(threshold: number, numPerm: number): number {
  let best = 1;
  for (let rows = 1; rows <= numPerm; rows++) {
    if (numPerm % rows !== 0) continue;
    const bands = numPerm / rows;
    const recall = 1 - Math.pow(1 - Math.pow(threshold, rows), bands);
    if (recall >= TARGET_RECALL) best = rows;
  }
  return best;
}

export interface MinhashDoc {
  /** Caller's item index, used as the union-find node. */
  node: number;
  shingles: ShingleSet;
}

/**
 * Joins near-duplicates (exact shingle Jaccard >= threshold) in `sets`. LSH banding proposes
 * candidates in about linear time; each candidate is confirmed on the shingle sets, so the
 * threshold is exact rather than estimated. Pairs already joined are not re-checked.
 */
export function joinNearDuplicates(
  docs: readonly MinhashDoc[],
  options: { threshold: number; numPerm: number; bandSize: number },
  sets: UnionFind,
): void {
  if (docs.length < 2) return;
  const perms = createPermutations(options.numPerm);
  const lsh = new LshIndex({ bandSize: options.bandSize });
  const bandsOf: string[][] = [];
  docs.forEach((doc, position) => {
    const hashvalues = minhashSignature(doc.shingles.hashes, perms);
    const sketch = { hashvalues, hashbands: bandKeys(hashvalues, options.bandSize) };
    lsh.insert(String(position), sketch);
    bandsOf.push(sketch.hashbands);
  });
  docs.forEach((doc, position) => {
    for (const band of bandsOf[position]!) {
      // Guarded lookup: LshIndex.query throws on a band it has never seen.
      const bucket = Object.hasOwn(lsh.index, band) ? lsh.index[band]! : [];
      for (const key of bucket) {
        const other = Number(key);
        if (other <= position) continue;
        const otherDoc = docs[other]!;
        if (otherDoc.shingles.kind !== doc.shingles.kind) continue;
        if (sets.find(doc.node) === sets.find(otherDoc.node)) continue;
        if (shingleJaccard(doc.shingles, otherDoc.shingles) >= options.threshold) sets.union(doc.node, otherDoc.node);
      }
    }
  });
}
