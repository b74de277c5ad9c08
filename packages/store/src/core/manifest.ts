import { StoreLayerError } from "../errors.js";
import type { StorePageMeta } from "@websift/contracts";
import type { PassageSpan } from "./passages.js";

export const STORE_FORMAT = "websift-store/1";

/** What the manifest knows about one page; the page's text lives in its own file. */
export interface PageEntry {
  handle: string;
  /** The URL as last added (may carry tracking parameters the handle ignores). */
  url: string;
  canonical_url: string;
  title: string;
  /** Page file name; a new name per version so a replaced file is never overwritten in place. */
  file: string;
  /** Bytes of the page file on disk; the size cap counts these. */
  bytes: number;
  passages: number;
  content_hash: string;
  markdown_sha256: string;
  fetched_at: string | null;
  /**
   * What the extractor found about the page, every field present (null where the add left it out);
   * null or absent (manifests written before store 3.2.0) when the page was stored without it.
   */
  page_meta?: Required<StorePageMeta> | null;
  /** ms since epoch when this version was stored or last re-added; TTL counts from here. */
  stored_at: number;
  /** ms since epoch of the last add/get/search hit; LRU eviction orders by this. */
  last_access: number;
}

interface EvictionCounts {
  ttl: number;
  lru: number;
}

/** The commit point of the store: a page exists exactly when the manifest lists it. */
export interface Manifest {
  format: typeof STORE_FORMAT;
  generation: number;
  evictions: EvictionCounts;
  pages: Record<string, PageEntry>;
}

/** The content file of one page version. */
export interface PageRecord {
  format: typeof STORE_FORMAT;
  handle: string;
  canonical_url: string;
  markdown: string;
  passages: PassageSpan[];
}

export function emptyManifest(): Manifest {
  return { format: STORE_FORMAT, generation: 0, evictions: { ttl: 0, lru: 0 }, pages: {} };
}

function corrupt(what: string, cause?: unknown): StoreLayerError {
  return new StoreLayerError("store_corrupt", `Cannot open store: ${what}.`, cause === undefined ? {} : { cause });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseManifest(text: string, location: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw corrupt(`manifest ${location} is not valid JSON`, cause);
  }
  if (!isRecord(value) || value.format !== STORE_FORMAT) throw corrupt(`manifest ${location} is not a ${STORE_FORMAT} manifest`);
  if (typeof value.generation !== "number" || !isRecord(value.pages) || !isRecord(value.evictions)) {
    throw corrupt(`manifest ${location} is missing generation, pages or evictions`);
  }
  // Entries are checked one by one in screen-manifest.ts: one bad entry is skipped, not fatal.
  return value as unknown as Manifest;
}

export function parsePageRecord(text: string, location: string): PageRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw corrupt(`page file ${location} is not valid JSON`, cause);
  }
  if (!isRecord(value) || value.format !== STORE_FORMAT || typeof value.markdown !== "string" || !Array.isArray(value.passages)) {
    throw corrupt(`page file ${location} is not a ${STORE_FORMAT} page`);
  }
  return value as unknown as PageRecord;
}
