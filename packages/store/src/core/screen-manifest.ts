import { isStoreHandle } from "@websift/contracts";
import { isRecord, type Manifest } from "./manifest.js";
import { isPageFileOf } from "./store-files.js";
import { stripUrlCredentials } from "./url-credentials.js";

/** A manifest entry left out because following it could read outside the store or break arithmetic. */
export interface SkippedEntry {
  key: string;
  reason: string;
}

const STRING_FIELDS = ["url", "canonical_url", "title", "content_hash", "markdown_sha256"] as const;
const NUMBER_FIELDS = ["bytes", "passages", "stored_at", "last_access"] as const;

function problemOf(key: string, entry: unknown): string | null {
  if (!isRecord(entry)) return "it is not an object";
  if (!isStoreHandle(key) || entry.handle !== key) return "its handle is not of the form <site>~<12 hex> or does not match its key";
  // The name pattern admits no separator and no "..": the page file stays inside <dir>/pages/.
  if (typeof entry.file !== "string" || !isPageFileOf(key, entry.file)) {
    const shown = typeof entry.file === "string" ? JSON.stringify(entry.file.slice(0, 200)) : `(${typeof entry.file})`;
    return `its file ${shown} is not a page file name this store writes (<handle>.g<N>.json)`;
  }
  for (const field of STRING_FIELDS) if (typeof entry[field] !== "string") return `its ${field} is not a string`;
  for (const field of NUMBER_FIELDS) if (typeof entry[field] !== "number" || !Number.isFinite(entry[field])) return `its ${field} is not a number`;
  if (entry.fetched_at !== null && typeof entry.fetched_at !== "string") return "its fetched_at is neither a string nor null";
  return null;
}

const META_STRING_FIELDS = ["page_type", "extracted_via", "fetched_via", "byline", "language", "canonical_url"] as const;

/** Whether a kept `page_meta` has the shape `get` answers; one that does not is dropped (answered null), not the page. */
function isPageMeta(meta: unknown): boolean {
  if (!isRecord(meta)) return false;
  for (const field of META_STRING_FIELDS) if (meta[field] !== null && typeof meta[field] !== "string") return false;
  const score = meta.quality_score;
  if (score !== null && (typeof score !== "number" || !(score >= 0 && score <= 1))) return false;
  const published = meta.published;
  if (published !== null && !(isRecord(published) && typeof published.value === "string" && typeof published.source === "string")) return false;
  return true;
}

/**
 * Removes entries that are not well formed from a manifest just read (in place) and returns them.
 * Those pages are invisible; the next commit drops them from the file. URLs written by older
 * versions lose any `user:password@` here, so no reply repeats them.
 */
export function screenManifestEntries(manifest: Manifest): SkippedEntry[] {
  const skipped: SkippedEntry[] = [];
  for (const [key, entry] of Object.entries(manifest.pages)) {
    const reason = problemOf(key, entry);
    if (reason !== null) {
      skipped.push({ key, reason });
      delete manifest.pages[key];
      continue;
    }
    // Written before store 3.2.0: no page_meta (answered null). A damaged one loses only itself.
    if (entry.page_meta !== undefined && entry.page_meta !== null && !isPageMeta(entry.page_meta)) entry.page_meta = null;
    entry.url = stripUrlCredentials(entry.url);
    entry.canonical_url = stripUrlCredentials(entry.canonical_url);
  }
  return skipped;
}
