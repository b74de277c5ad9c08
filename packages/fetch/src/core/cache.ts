// A file cache of successful pages, shared between processes: one JSON file per request key, written to a temp
// file and renamed into place so readers never see a half-written entry. Blocks and errors are never stored.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedFetchRequest } from "./resolve-request.js";
import type { RedirectHop } from "./types.js";
import type { FetchResponse } from "@websift/contracts";

export interface CachedPage {
  final_url: string;
  status: number;
  content_type: string | null;
  charset: string | null;
  bytes: number;
  body: string;
  body_encoding: "text" | "base64";
  redirects: RedirectHop[];
  /** A render's requests the guard refused (tier 2 only), kept so a cache hit still says what the page lacks. */
  refused_requests?: NonNullable<FetchResponse["refused_requests"]>;
}

interface CacheEntry {
  version: 1;
  stored_at_ms: number;
  page: CachedPage;
}

/**
 * The request identity: method, URL, every caller header (secrets only as part of the hash), body, accepted types,
 * and the policy flags that decide whether the page may be served at all (a page fetched with
 * allow_private_hosts must not answer a request without it).
 */
export function cacheKeyFor(request: ResolvedFetchRequest): string {
  const headers = Object.entries(request.headers).sort(([a], [b]) => a.localeCompare(b));
  const allowedHosts = [...request.privateAccess.hosts].sort();
  // Only present when set, so the keys of entries written before the allow-list existed stay the same.
  // A render (tier 2) is a different page from the response (script-built text), so it has its own entry;
  // the other tiers share one, as they fetch the same response.
  const policy = {
    allowPrivateHosts: request.allowPrivateHosts,
    respectRobots: request.respectRobots,
    ...(allowedHosts.length > 0 ? { allowedPrivateHosts: allowedHosts } : {}),
    ...(request.tier === 2 ? { rendered: true } : {}),
  };
  const identity = JSON.stringify([request.method, request.url.href, headers, request.body ?? null, [...request.acceptContentTypes].sort(), policy]);
  return createHash("sha256").update(identity).digest("hex");
}

function entryPath(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json`);
}

export async function readCachedPage(dir: string, key: string, ttlS: number, now = Date.now()): Promise<{ page: CachedPage; ageS: number } | undefined> {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(await readFile(entryPath(dir, key), "utf8")) as CacheEntry;
  } catch {
    return undefined; // missing or unreadable entries are misses
  }
  if (entry.version !== 1 || typeof entry.stored_at_ms !== "number" || typeof entry.page?.body !== "string") return undefined;
  const ageS = Math.max(0, Math.floor((now - entry.stored_at_ms) / 1000));
  return ageS > ttlS ? undefined : { page: entry.page, ageS };
}

/** Best effort: a cache that cannot be written must not fail the fetch. */
export async function writeCachedPage(dir: string, key: string, page: CachedPage, now = Date.now()): Promise<boolean> {
  const target = entryPath(dir, key);
  const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const entry: CacheEntry = { version: 1, stored_at_ms: now, page };
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temp, JSON.stringify(entry));
    await rename(temp, target);
    return true;
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return false;
  }
}
