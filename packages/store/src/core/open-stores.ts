import { promises as fs } from "node:fs";
import path from "node:path";
import { openPageStore, type PageStore } from "./page-store.js";
import { resolvePageStoreOptions } from "./options.js";
import { MARKER_FILE } from "./store-files.js";

/**
 * The stores the entry point keeps open across calls, so a caller's add, search and get share one
 * search index instead of loading it per call: the process's one in-memory store, and one store per
 * directory. Other processes' commits are seen at each call (the manifest is re-read when it changed).
 */
const openStores = new Map<string, Promise<PageStore>>();
const MEMORY_KEY = "\u0000memory";
const REDIS_KEY = "\u0000redis:";

async function stillThere(store: PageStore): Promise<boolean> {
  if (store.location === null) return true;
  // A directory removed (or emptied) behind our back is opened afresh, as a first call would.
  return (await fs.lstat(path.join(store.location, MARKER_FILE)).catch(() => null))?.isFile() ?? false;
}

/** The open store for this request's `in_memory` / `redis_url` / `store_dir`, opening it on first use. */
export async function storeForRequest(request: { store_dir?: string; in_memory?: boolean; redis_url?: string }): Promise<PageStore> {
  const resolved = resolvePageStoreOptions(
    request.in_memory ? { inMemory: true } : request.redis_url !== undefined ? { redisUrl: request.redis_url } : request.store_dir !== undefined ? { dir: request.store_dir } : {},
  );
  const key = resolved.redisUrl !== null ? `${REDIS_KEY}${resolved.redisUrl}` : (resolved.dir ?? MEMORY_KEY);
  const known = openStores.get(key);
  if (known) {
    const store = await known.catch(() => null);
    if (store && (await stillThere(store))) return store;
    openStores.delete(key);
  }
  const opening = openPageStore(resolved.redisUrl !== null ? { redisUrl: resolved.redisUrl } : resolved.dir === null ? { inMemory: true } : { dir: resolved.dir });
  openStores.set(key, opening);
  // A store that failed to open (foreign directory, unreadable manifest, Redis down) is not kept: the
  // next call tries again, so a Redis that comes back is used without a restart.
  opening.catch(() => openStores.delete(key));
  return opening;
}

