import type { PageEntry } from "./manifest.js";

export interface EvictionPlan {
  expired: string[];
  leastRecentlyUsed: string[];
}

export function isExpired(entry: PageEntry, now: number, ttlMs: number): boolean {
  return entry.stored_at + ttlMs <= now;
}

/**
 * Which pages to drop: first everything past its TTL, then least-recently-used pages until the
 * total size fits `maxBytes`. Pages in `keep` (the batch being added) are never chosen, so one add
 * larger than the cap still stores what it was given.
 */
export function planEviction(
  entries: readonly PageEntry[],
  options: { now: number; ttlMs: number; maxBytes: number; keep: ReadonlySet<string> },
): EvictionPlan {
  const expired: string[] = [];
  const live: PageEntry[] = [];
  for (const entry of entries) {
    if (!options.keep.has(entry.handle) && isExpired(entry, options.now, options.ttlMs)) expired.push(entry.handle);
    else live.push(entry);
  }

  let total = live.reduce((sum, entry) => sum + entry.bytes, 0);
  const leastRecentlyUsed: string[] = [];
  if (total > options.maxBytes) {
    const byAge = live
      .filter((entry) => !options.keep.has(entry.handle))
      .sort((a, b) => a.last_access - b.last_access || (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
    for (const entry of byAge) {
      if (total <= options.maxBytes) break;
      leastRecentlyUsed.push(entry.handle);
      total -= entry.bytes;
    }
  }
  return { expired: expired.sort(), leastRecentlyUsed };
}
