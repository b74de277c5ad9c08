// The fetch cache on Redis: one string per request identity, expiring by Redis itself (SET ... PX ttl).
// Stored as a JSON head line and the body's raw bytes after it, so a binary body is kept byte for byte
// and not inflated by base64; the same page shape as the file cache (cache.ts) comes back.
import type { CachedPage } from "../cache.js";
import { pageCacheKey } from "./redis-keys.js";
import type { SharedFetchState } from "./shared-state.js";

/**
 * Bodies above this are not written: one large page should not evict many small ones from a shared
 * Redis sized for the page store (docs/DEPLOY.md), and a multi-megabyte value stalls every instance's
 * connection while it crosses the wire.
 */
export const MAX_SHARED_CACHE_BODY_BYTES = 2 * 1024 * 1024;
const NEWLINE = 0x0a;

type CacheHead = Omit<CachedPage, "body"> & { version: 1; stored_at_ms: number };

function bodyBytes(page: CachedPage): Buffer {
  return page.body_encoding === "base64" ? Buffer.from(page.body, "base64") : Buffer.from(page.body, "utf8");
}

function encodeCachedPage(page: CachedPage, storedAtMs: number): Buffer {
  const { body: _body, ...rest } = page;
  const head: CacheHead = { version: 1, stored_at_ms: storedAtMs, ...rest };
  // JSON.stringify escapes every newline, so the first 0x0a byte ends the head.
  return Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`, "utf8"), bodyBytes(page)]);
}

function decodeCachedPage(value: Buffer): { page: CachedPage; storedAtMs: number } | undefined {
  const end = value.indexOf(NEWLINE);
  if (end < 0) return undefined;
  let head: CacheHead;
  try {
    head = JSON.parse(value.subarray(0, end).toString("utf8")) as CacheHead;
  } catch {
    return undefined;
  }
  if (head.version !== 1 || typeof head.stored_at_ms !== "number") return undefined;
  const raw = value.subarray(end + 1);
  const { version: _version, stored_at_ms: storedAtMs, ...rest } = head;
  const body = rest.body_encoding === "base64" ? raw.toString("base64") : raw.toString("utf8");
  return { page: { ...rest, body }, storedAtMs };
}

/** A hit no older than this request's TTL, a miss (undefined), or undefined when Redis is unavailable. */
export async function readSharedCachedPage(shared: SharedFetchState, key: string, ttlS: number, now = Date.now()): Promise<{ page: CachedPage; ageS: number } | undefined> {
  const value = await shared.attempt((client) => client.getBuffer(pageCacheKey(key)));
  if (value === undefined || value === null) return undefined;
  const entry = decodeCachedPage(value);
  if (entry === undefined) return undefined; // unreadable entries are misses, as in the file cache
  const ageS = Math.max(0, Math.floor((now - entry.storedAtMs) / 1000));
  return ageS > ttlS ? undefined : { page: entry.page, ageS };
}

/** Best effort: a page over the cap, or a Redis that is down, leaves the page uncached. */
export async function writeSharedCachedPage(shared: SharedFetchState, key: string, page: CachedPage, ttlS: number, now = Date.now()): Promise<boolean> {
  if (ttlS <= 0) return false;
  if (Buffer.byteLength(page.body, page.body_encoding === "base64" ? "base64" : "utf8") > MAX_SHARED_CACHE_BODY_BYTES) return false;
  const written = await shared.attempt((client) => client.set(pageCacheKey(key), encodeCachedPage(page, now), "PX", ttlS * 1000));
  return written === "OK";
}
