import { fmix32, fnv1a32 } from "./hash.js";

/** Fewer word shingles than this and one edited word swings Jaccard too far: use characters instead. */
const MIN_WORD_SHINGLES = 8;
const CHAR_SHINGLE_SIZE = 5;
// Distinct seeds keep word and character shingle hashes in separate spaces.
const WORD_SEED = 0x2545f491;
const CHAR_SEED = 0x6c8e9cf5;

export interface ShingleSet {
  kind: "word" | "char";
  /** 32-bit shingle hashes in text order, repeats included (MinHash does not care). */
  hashes: Uint32Array;
  /** Sorted unique copy, made only when an exact Jaccard is needed (candidate pairs are few). */
  sorted?: Uint32Array;
}

/** The set form of a shingle list, computed once and cached on it. */
function shingleSetOf(shingles: ShingleSet): Uint32Array {
  shingles.sorted ??= sortedUnique(Uint32Array.from(shingles.hashes));
  return shingles.sorted;
}

function sortedUnique(values: Uint32Array): Uint32Array {
  values.sort();
  let write = 0;
  for (let read = 0; read < values.length; read++) {
    if (read === 0 || values[read] !== values[write - 1]) values[write++] = values[read]!;
  }
  return values.subarray(0, write);
}

/** FNV-1a of each space-separated word, in one pass and without allocating the words themselves. */
function hashWords(normalized: string): Uint32Array {
  if (normalized.length === 0) return new Uint32Array(0);
  const out = new Uint32Array((normalized.length >>> 1) + 1);
  let count = 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < normalized.length; i++) {
    const code = normalized.charCodeAt(i);
    if (code === 0x20) {
      out[count++] = hash >>> 0;
      hash = 0x811c9dc5;
    } else {
      hash = Math.imul(hash ^ code, 0x01000193);
    }
  }
  out[count++] = hash >>> 0;
  return out.subarray(0, count);
}

/** Word n-gram shingles of a normalised text, falling back to character 5-grams for short texts. */
export function shingleText(normalized: string, shingleSize: number): ShingleSet {
  const wordHashes = hashWords(normalized);
  const wordShingleCount = wordHashes.length - shingleSize + 1;
  if (wordShingleCount >= MIN_WORD_SHINGLES) {
    const out = new Uint32Array(wordShingleCount);
    for (let i = 0; i < wordShingleCount; i++) {
      let h = WORD_SEED;
      for (let j = 0; j < shingleSize; j++) h = fmix32(h ^ wordHashes[i + j]!);
      out[i] = h;
    }
    return { kind: "word", hashes: out };
  }
  if (normalized.length <= CHAR_SHINGLE_SIZE) {
    return { kind: "char", hashes: Uint32Array.of(fnv1a32(normalized, CHAR_SEED)) };
  }
  const count = normalized.length - CHAR_SHINGLE_SIZE + 1;
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = fnv1a32(normalized.slice(i, i + CHAR_SHINGLE_SIZE), CHAR_SEED);
  return { kind: "char", hashes: out };
}

/** Exact Jaccard similarity of two shingle sets. */
export function shingleJaccard(x: ShingleSet, y: ShingleSet): number {
  return jaccard(shingleSetOf(x), shingleSetOf(y));
}

/** Exact Jaccard similarity of two sorted unique hash sets. */
function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}
