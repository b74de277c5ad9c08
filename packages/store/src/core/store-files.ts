/**
 * Every name the store writes in its directory. Cleanup code asks these predicates before it
 * deletes anything, so a file the store did not write is never touched, whatever directory it is in.
 */

export const MANIFEST_FILE = "manifest.json";
export const ACCESS_FILE = "access.json";
export const LOCK_FILE = "write.lock";
export const SNAPSHOT_FILE = "index.snapshot";
/** Written when a store is created: how a directory is recognised as a websift store. */
export const MARKER_FILE = "websift-store.json";
export const PAGES_DIR = "pages";

/** Files at the top of the store directory; `pages` is the only directory. */
const ROOT_FILES: ReadonlySet<string> = new Set([MANIFEST_FILE, ACCESS_FILE, LOCK_FILE, SNAPSHOT_FILE, MARKER_FILE]);

// `<handle>.g<generation>.json`, the handle being `<site>~<12 hex>` (see handle.ts).
const PAGE_FILE = /^[a-z0-9.-]{1,63}~[0-9a-f]{12}\.g[1-9][0-9]{0,15}\.json$/;
// Suffix of atomic-write temp files (atomic-write.ts) and of locks moved aside (lock.ts).
const TEMP_SUFFIX = /\.tmp-[0-9]{1,10}-[0-9a-f]{8}$/;
const STALE_LOCK = /^write\.lock\.stale-[0-9]{1,10}-[0-9a-f]{8}$/;

export function pageFileName(handle: string, generation: number): string {
  return `${handle}.g${generation}.json`;
}

/** A committed page file name of the store's own pattern (no path separators, no `..`). */
export function isPageFileName(name: string): boolean {
  return PAGE_FILE.test(name);
}

/** The page file name a manifest entry for `handle` may point at. */
export function isPageFileOf(handle: string, name: string): boolean {
  return isPageFileName(name) && name.startsWith(`${handle}.g`);
}

/** A file in `pages/` the store wrote: a page file or the temp file of one. */
export function isOwnPageAreaFile(name: string): boolean {
  return isPageFileName(name.replace(TEMP_SUFFIX, ""));
}

/** A leftover at the top of the store directory: a crashed write's temp file or a lock moved aside. */
export function isOwnLeftover(name: string): boolean {
  if (STALE_LOCK.test(name)) return true;
  return TEMP_SUFFIX.test(name) && ROOT_FILES.has(name.replace(TEMP_SUFFIX, ""));
}

/** A top-level entry the store writes (the `pages` directory is checked separately). */
export function isOwnRootFile(name: string): boolean {
  return ROOT_FILES.has(name) || isOwnLeftover(name);
}
