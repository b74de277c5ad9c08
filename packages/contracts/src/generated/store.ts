// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Page handle `<site>~<12 hex>`: the page's host without `www.` (characters outside a-z, 0-9, `.` and `-` become `-`, at most 63) and the first 12 hex digits of the sha-256 of its canonical URL (the one URL identity of websift: `canonicalizeUrl` in @websift/contracts).
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "handle".
 */
export type StoreHandle = string;
/**
 * Absolute http(s) URL of the page (the same rule as the extract contract's `url`): scheme, `://`, optional `user@`, a host (name or IPv4, or a bracketed IPv6), optional `:port`, then a path, query or fragment starting with `/`, `?` or `#`; no whitespace. Not `format: uri`, which refuses characters that pages' URLs keep unescaped (`|`, `{`, `[` in a query). User name and password are dropped before anything is stored. The handle comes from the URL's canonical form (`canonicalizeUrl` in @websift/contracts); a URL that matches but that the WHATWG URL parser cannot read (port 99999, host `999.999.999.999`) is identified by its text, scheme and host lower-cased, fragment dropped.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "page_url".
 */
export type StorePageUrl = string;
/**
 * One store operation, chosen by `operation`.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "request".
 */
export type StoreRequest =
  StoreAddRequest | StoreSearchRequest | StoreGetRequest | StoreListRequest | StoreRemoveRequest | StoreStatsRequest;
/**
 * Read one page of a stored document, by handle or by URL (exactly one of them).
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "get_request".
 */
export type StoreGetRequest =
  | {
      /**
       * The `get` operation.
       */
      operation: "get";
      /**
       * The page's handle.
       */
      handle: StoreHandle;
      /**
       * 1-based page number. Default 1. A page past the last is `not_found` with reason `past_last_page` and `total_pages` in the details (the store alone knows the count).
       */
      page?: number;
      /**
       * Tokens per page (cl100k_base estimate). Default 1000.
       */
      page_size_tokens?: number;
      /**
       * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
       */
      store_dir?: string;
      /**
       * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
       */
      in_memory?: boolean;
      /**
       * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
       */
      redis_url?: string;
    }
  | {
      /**
       * The `get` operation.
       */
      operation: "get";
      /**
       * The page's URL, or any URL twin of it (same canonical URL); `not_found` with reason `unknown_url` when no live page has it.
       */
      url: StorePageUrl;
      /**
       * 1-based page number. Default 1. A page past the last is `not_found` with reason `past_last_page` and `total_pages` in the details (the store alone knows the count).
       */
      page?: number;
      /**
       * Tokens per page (cl100k_base estimate). Default 1000.
       */
      page_size_tokens?: number;
      /**
       * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
       */
      store_dir?: string;
      /**
       * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
       */
      in_memory?: boolean;
      /**
       * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
       */
      redis_url?: string;
    };
/**
 * The result of one store operation, chosen by `operation`.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "response".
 */
export type StoreResponse =
  | StoreAddResponse
  | StoreSearchResponse
  | StoreGetResponse
  | StoreListResponse
  | StoreRemoveResponse
  | StoreStatsResponse;

/**
 * A durable local page index: add pages, search passages, read pages by handle or URL in token-budgeted pages.
 */
export interface StoreContract {
  [k: string]: unknown;
}
/**
 * Add or replace pages; a page whose URL is already stored (by canonical URL) is updated in place.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "add_request".
 */
export interface StoreAddRequest {
  /**
   * The `add` operation.
   */
  operation: "add";
  /**
   * Pages to add, at most 1,000 per call.
   *
   * @minItems 1
   * @maxItems 1000
   *
   * Items: One page.
   */
  pages: [StorePageInput, ...StorePageInput[]];
  /**
   * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
   */
  store_dir?: string;
  /**
   * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
   */
  in_memory?: boolean;
  /**
   * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
   */
  redis_url?: string;
}
/**
 * A page to store.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "page_input".
 */
export interface StorePageInput {
  /**
   * Page URL; its canonical form decides the handle, so URL twins (tracking parameters, `www.`, parameter order) are one page.
   */
  url: StorePageUrl;
  /**
   * Page body as Markdown.
   */
  markdown: string;
  /**
   * Page title; when absent, the first level-1 heading, and when re-adding the same content, the stored title.
   */
  title?: string;
  /**
   * When it was fetched (RFC 3339 date-time, e.g. `2026-12-03T12:00:00Z`).
   */
  fetched_at?: string;
  /**
   * The caller's content hash, kept as given; `sha256:<hex>` of the Markdown when absent.
   */
  content_hash?: string;
  /**
   * What the extractor found about the page (optional). Re-adding the page with `page_meta` replaces what was kept; re-adding the same Markdown without it keeps what was kept; new Markdown without it stores none (`get` answers null).
   */
  page_meta?: StorePageMeta;
}
/**
 * What the extractor found about a page when it was read, kept with the page and given back by `get` as it was stored (agent-io passes its agent-page `fetch` reply's fields here, so `open` answers them too). Every field is optional; one left out is kept and given back as null.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "page_meta".
 */
export interface StorePageMeta {
  /**
   * Page type from extract (`article`, `forum`, `product`, `listing`, `collection`, `documentation`, `service`, `unknown`); null when unknown.
   */
  page_type?: string | null;
  /**
   * Quality score from extract, 0 to 1; null when unknown.
   */
  quality_score?: number | null;
  /**
   * Which extractor produced the content (`readability`, `main-heuristic`, `page-type`, `body-text`, `pdf`, `passthrough`); null when unknown.
   */
  extracted_via?: string | null;
  /**
   * How the page arrived when it was read (`http`, `browser_headers`, `browser`, `cache`, `replay`); null when unknown.
   */
  fetched_via?: string | null;
  /**
   * Publication date extract found and where; null when none.
   */
  published?: {
    /**
     * ISO 8601 date or date-time.
     */
    value: string;
    /**
     * Where extract found it: `json-ld`, `meta`, `time`, `url` or `text`.
     */
    source: string;
  } | null;
  /**
   * Author line extract found; null when none.
   */
  byline?: string | null;
  /**
   * Content language (BCP 47) extract found; null when none.
   */
  language?: string | null;
  /**
   * Canonical URL the page declares; null when none. Kept as given (not the store's own `canonical_url`, which decides the handle).
   */
  canonical_url?: string | null;
}
/**
 * Full-text search over stored passages (BM25).
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "search_request".
 */
export interface StoreSearchRequest {
  /**
   * The `search` operation.
   */
  operation: "search";
  /**
   * Free text with at least one non-space character; any characters are safe.
   */
  query: string;
  /**
   * Passages returned. Default 10.
   */
  limit?: number;
  /**
   * Search inside this page only; `not_found` when no live page has it.
   */
  handle?: StoreHandle;
  /**
   * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
   */
  store_dir?: string;
  /**
   * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
   */
  in_memory?: boolean;
  /**
   * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
   */
  redis_url?: string;
}
/**
 * List the live pages, by handle.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "list_request".
 */
export interface StoreListRequest {
  /**
   * The `list` operation.
   */
  operation: "list";
  /**
   * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
   */
  store_dir?: string;
  /**
   * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
   */
  in_memory?: boolean;
  /**
   * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
   */
  redis_url?: string;
}
/**
 * Remove one page; `not_found` when no live page has the handle.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "remove_request".
 */
export interface StoreRemoveRequest {
  /**
   * The `remove` operation.
   */
  operation: "remove";
  /**
   * The page's handle.
   */
  handle: StoreHandle;
  /**
   * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
   */
  store_dir?: string;
  /**
   * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
   */
  in_memory?: boolean;
  /**
   * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
   */
  redis_url?: string;
}
/**
 * Report size, counts and limits.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "stats_request".
 */
export interface StoreStatsRequest {
  /**
   * The `stats` operation.
   */
  operation: "stats";
  /**
   * Store directory; default WEBSIFT_STORE_DIR, else `$XDG_CACHE_HOME/websift/store`. Checked on disk, which no schema can express: a directory that holds other files and no websift store is refused (`invalid_request`), so the store never deletes files it did not write.
   */
  store_dir?: string;
  /**
   * Use the process's in-memory store instead of a directory: every call with `in_memory: true` in the same process sees the same pages; nothing is written to disk and the pages are gone when the process exits. `store_dir` is ignored then.
   */
  in_memory?: boolean;
  /**
   * Keep the pages in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) instead of a directory, so every process given the same URL opens the same handles and ranks the same pages identically. `store_dir` is ignored then; `in_memory: true` wins over it. Default WEBSIFT_REDIS_URL when neither `store_dir` nor `in_memory` is set. What no schema can state: a Redis that cannot be reached or does not answer in time is `store_unavailable` (retryable), never a crash.
   */
  redis_url?: string;
}
/**
 * Character span into the page's Markdown.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "span".
 */
export interface StoreSpan {
  /**
   * Start offset.
   */
  start: number;
  /**
   * End offset (exclusive).
   */
  end: number;
}
/**
 * What `add` did to each page, and what it evicted to stay within the limits.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "add_response".
 */
export interface StoreAddResponse {
  /**
   * The `add` operation.
   */
  operation: "add";
  /**
   * One entry per page.
   */
  added: StoreAddedPage[];
  /**
   * Pages removed by this commit: past their TTL, or least recently used over the size cap.
   *
   * Items: An evicted page.
   */
  evicted: StoreHandle[];
}
/**
 * One added page, in request order.
 */
export interface StoreAddedPage {
  /**
   * The page's handle.
   */
  handle: StoreHandle;
  /**
   * The URL as given, without credentials.
   */
  url: string;
  /**
   * The canonical URL the handle is derived from.
   */
  canonical_url: string;
  /**
   * `added` new, `updated` replaced, `unchanged` same content, title and `page_meta`.
   */
  status: StoreAddedPageStatus;
  /**
   * Passages indexed.
   */
  passages: number;
  /**
   * Bytes of the stored page file.
   */
  bytes: number;
}
/**
 * Matching passages, best first.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "search_response".
 */
export interface StoreSearchResponse {
  /**
   * The `search` operation.
   */
  operation: "search";
  /**
   * Best first; ties in handle then offset order.
   */
  passages: StorePassage[];
}
/**
 * A passage.
 */
export interface StorePassage {
  /**
   * The page's handle.
   */
  handle: StoreHandle;
  /**
   * Page URL.
   */
  url: string;
  /**
   * Page title; null when the page has none.
   */
  title: string | null;
  /**
   * Nearest heading above the passage; null when none.
   */
  heading: string | null;
  /**
   * Passage text (Markdown).
   */
  text: string;
  /**
   * BM25 score; higher is better.
   */
  score: number;
  /**
   * Where the passage is in the page.
   */
  span: StoreSpan;
}
/**
 * One page of a stored document; all pages joined give the Markdown back byte for byte.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "get_response".
 */
export interface StoreGetResponse {
  /**
   * The `get` operation.
   */
  operation: "get";
  /**
   * The page's handle.
   */
  handle: StoreHandle;
  /**
   * Page URL.
   */
  url: string;
  /**
   * Page title; null when the page has none.
   */
  title: string | null;
  /**
   * This page's slice of the Markdown.
   */
  content: string;
  /**
   * This page number.
   */
  page: number;
  /**
   * Number of pages at this page size.
   */
  total_pages: number;
  /**
   * True when a later page exists.
   */
  has_more: boolean;
  /**
   * The page size used.
   */
  page_size_tokens: number;
  /**
   * Where this page is in the Markdown.
   */
  span: StoreSpan;
  /**
   * When the page was fetched, as given at add; null when unknown.
   */
  fetched_at: string | null;
  /**
   * What the extractor found about the page when it was read, as given at add; null when the page was stored without it.
   */
  page_meta: StorePageMeta | null;
}
/**
 * Live pages, by handle.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "list_response".
 */
export interface StoreListResponse {
  /**
   * The `list` operation.
   */
  operation: "list";
  /**
   * Stored pages.
   */
  pages: StoreListedPage[];
}
/**
 * A stored page.
 */
export interface StoreListedPage {
  /**
   * The page's handle.
   */
  handle: StoreHandle;
  /**
   * Page URL.
   */
  url: string;
  /**
   * Page title; null when the page has none.
   */
  title: string | null;
  /**
   * Passages indexed.
   */
  passages: number;
  /**
   * Bytes of the page file.
   */
  bytes: number;
  /**
   * Content hash as given at add, or `sha256:<hex>` of the Markdown.
   */
  content_hash: string;
  /**
   * When fetched; null when unknown.
   */
  fetched_at: string | null;
  /**
   * When last added.
   */
  stored_at: string;
  /**
   * When last read or found.
   */
  last_access: string;
  /**
   * When the TTL ends unless added again.
   */
  expires_at: string;
}
/**
 * The page is gone.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "remove_response".
 */
export interface StoreRemoveResponse {
  /**
   * The `remove` operation.
   */
  operation: "remove";
  /**
   * The removed page's handle.
   */
  handle: StoreHandle;
  /**
   * Always true; a handle with no live page is `not_found` instead.
   */
  removed: true;
}
/**
 * Size, counts and limits.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "stats_response".
 */
export interface StoreStatsResponse {
  /**
   * The `stats` operation.
   */
  operation: "stats";
  stats: StoreStats;
}
/**
 * Counts, sizes, TTL, size cap and evictions.
 */
export interface StoreStats {
  /**
   * The store directory; null in memory.
   */
  dir: string | null;
  /**
   * True for the process's in-memory store.
   */
  in_memory: boolean;
  /**
   * Live pages.
   */
  pages: number;
  /**
   * Passages of the live pages.
   */
  passages: number;
  /**
   * Bytes of the live page files.
   */
  bytes: number;
  /**
   * Seconds a page lives after it was added.
   */
  ttl_s: number;
  /**
   * Size cap over page files.
   */
  max_bytes: number;
  /**
   * When the oldest live page was added; null when empty.
   */
  oldest: string | null;
  /**
   * When the newest live page was added; null when empty.
   */
  newest: string | null;
  /**
   * Pages evicted so far.
   */
  evictions: {
    /**
     * Past their TTL.
     */
    ttl: number;
    /**
     * Least recently used, over the size cap.
     */
    lru: number;
  };
  /**
   * Expired pages not yet purged (hidden from every operation).
   */
  expired_pending: number;
}
/**
 * `added` new, `updated` replaced, `unchanged` same content, title and `page_meta`.
 */
export type StoreAddedPageStatus = "added" | "updated" | "unchanged";
