// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * One store operation, chosen by `operation`.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "request".
 */
export type StoreRequest =
  StoreAddRequest | StoreSearchRequest | StoreGetRequest | StoreListRequest | StoreRemoveRequest | StoreStatsRequest;

/**
 * A durable local page index: add pages, search passages, read pages by handle in token-budgeted pages.
 */
export interface StoreContract {
  [k: string]: unknown;
}
/**
 * Add or replace pages.
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
   * Pages to add.
   *
   * @minItems 1
   */
  pages: [StorePageInput, ...StorePageInput[]];
  /**
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * A page to store.
 */
export interface StorePageInput {
  /**
   * Page URL.
   */
  url: string;
  /**
   * Page body as Markdown.
   */
  markdown: string;
  /**
   * Page title.
   */
  title?: string;
  /**
   * When it was fetched (ISO 8601).
   */
  fetched_at?: string;
  /**
   * sha-256 of the body; computed when absent.
   */
  content_hash?: string;
}
/**
 * Full-text passage search.
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
   * Free text; any characters are safe.
   */
  query: string;
  /**
   * Passages returned.
   */
  limit?: number;
  /**
   * Search inside one page only.
   */
  handle?: string;
  /**
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * Read one page of a stored document.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "get_request".
 */
export interface StoreGetRequest {
  /**
   * The `get` operation.
   */
  operation: "get";
  /**
   * Page handle `<site>~<12 hex>`.
   */
  handle: string;
  /**
   * 1-based page number.
   */
  page?: number;
  /**
   * Tokens per page.
   */
  page_size_tokens?: number;
  /**
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * List stored pages.
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
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * Remove one page.
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
   * Page handle.
   */
  handle: string;
  /**
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * Report size, TTL and eviction.
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
   * Store directory; default WEBSIFT_STORE_DIR or the user cache dir.
   */
  store_dir?: string;
  /**
   * Use a throwaway in-memory store.
   */
  in_memory?: boolean;
}
/**
 * The result of one store operation; fields depend on `operation`.
 *
 * This interface was referenced by `StoreContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface StoreResponse {
  /**
   * The operation that ran.
   */
  operation: StoreResponseOperation;
  /**
   * add: one entry per page.
   *
   * Items: An added page.
   */
  added?: {
    /**
     * Page handle.
     */
    handle: string;
    /**
     * Page URL.
     */
    url?: string;
    /**
     * What happened.
     */
    status: StoreResponseAddedItemStatus;
    /**
     * Passages indexed.
     */
    passages?: number;
  }[];
  /**
   * search: matching passages, best first.
   *
   * Items: A passage.
   */
  passages?: {
    /**
     * Page handle.
     */
    handle: string;
    /**
     * Page URL.
     */
    url: string;
    /**
     * Page title.
     */
    title?: string | null;
    /**
     * Nearest heading.
     */
    heading?: string | null;
    /**
     * Passage text.
     */
    text: string;
    /**
     * BM25-style score.
     */
    score: number;
    /**
     * Character span into the page's Markdown.
     */
    span?: {
      /**
       * Start offset.
       */
      start: number;
      /**
       * End offset.
       */
      end: number;
    };
  }[];
  /**
   * get: the page handle.
   */
  handle?: string;
  /**
   * get: the page URL.
   */
  url?: string;
  /**
   * get: the page title.
   */
  title?: string | null;
  /**
   * get: this page's slice of the Markdown; all pages joined give the original.
   */
  content?: string;
  /**
   * get: this page number.
   */
  page?: number;
  /**
   * get: number of pages.
   */
  total_pages?: number;
  /**
   * get: true when a later page exists.
   */
  has_more?: boolean;
  /**
   * list: stored pages.
   *
   * Items: A stored page.
   */
  pages?: {
    /**
     * Page handle.
     */
    handle: string;
    /**
     * Page URL.
     */
    url: string;
    /**
     * Title.
     */
    title?: string | null;
    /**
     * Markdown bytes.
     */
    bytes?: number;
    /**
     * When fetched.
     */
    fetched_at?: string | null;
  }[];
  /**
   * remove: true when the page existed.
   */
  removed?: boolean;
  /**
   * stats: counts, sizes, TTL, size cap and evictions.
   */
  stats?: {
    [k: string]: unknown;
  };
}
/**
 * The operation that ran.
 */
export type StoreResponseOperation = "add" | "search" | "get" | "list" | "remove" | "stats";
/**
 * What happened.
 */
export type StoreResponseAddedItemStatus = "added" | "updated" | "unchanged";
