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

async function stillThere(store: PageStore): Promise<boolean> {
  if (store.location === null) return true;
  // A directory removed (or emptied) behind our back is opened afresh, as a first call would.
  return (await fs.lstat(path.join(store.location, MARKER_FILE)).catch(() => null))?.isFile() ?? false;
}

/** The open store for this request's `store_dir` / `in_memory`, opening it on first use. */
export async function storeForRequest(request: { store_dir?: string; in_memory?: boolean }): Promise<PageStore> {
  const resolved = resolvePageStoreOptions(request.in_memory ? { inMemory: true } : request.store_dir !== undefined ? { dir: request.store_dir } : {});
  const key = resolved.dir ?? MEMORY_KEY;
  const known = openStores.get(key);
  if (known) {
    const store = await known.catch(() => null);
    if (store && (await stillThere(store))) return store;
    openStores.delete(key);
  }
  const opening = openPageStore(resolved.dir === null ? { inMemory: true } : { dir: resolved.dir });
  openStores.set(key, opening);
  // A store that failed to open (foreign directory, unreadable manifest) is not kept: the next call tries again.
  opening.catch(() => openStores.delete(key));
  return opening;
}

