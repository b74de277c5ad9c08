/**
 * Groups items whose normalised content is identical. `keys[i]` is the normalised text of item i,
 * or null when it has nothing to compare. Returns, per item, the index of the first item (in input
 * order) with the same content, or -1. The map is keyed by the normalised text itself (the engine
 * hashes it natively; equal keys are compared in full), so there are no digest collisions to handle,
 * and input order, not hash order, decides which index comes first.
 */
export function findExactDuplicates(keys: ReadonlyArray<string | null>): Int32Array {
  const firstOf = new Int32Array(keys.length).fill(-1);
  const firstByContent = new Map<string, number>();
  keys.forEach((key, index) => {
    if (key === null || key.length === 0) return;
    const first = firstByContent.get(key);
    if (first === undefined) {
      firstByContent.set(key, index);
      firstOf[index] = index;
    } else {
      firstOf[index] = first;
    }
  });
  return firstOf;
}
