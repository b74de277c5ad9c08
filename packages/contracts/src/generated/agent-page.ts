// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Either request of this contract: `fetch_request` (by `url`, for websift fetch) or `open_request` (by `handle`, for websift open). Each entry point validates its own definition; this union is for readers who take both.
 *
 * This interface was referenced by `AgentPageContract`'s JSON-Schema
 * via the `definition` "request".
 */
export type AgentPageRequest = AgentPageFetchRequest | AgentPageOpenRequest;

/**
 * websift fetch and websift open: one page, fenced as untrusted data, paginated by tokens, indexed in the store.
 */
export interface AgentPageContract {
  [k: string]: unknown;
}
/**
 * websift fetch: read one page by `url` over the network, index it in the store and return one page of it. Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentPageContract`'s JSON-Schema
 * via the `definition` "fetch_request".
 */
export interface AgentPageFetchRequest {
  /**
   * Absolute http(s) URL to read (the rule the fetch, extract and store contracts use for page URLs): scheme, `://`, optional `user@`, a host, optional `:port`, then a path, query or fragment; no whitespace. One rule no schema can state: a URL that matches but that no HTTP client can open (port 99999, host `999.999.999.999`) is answered `refused`, never sent; a private or loopback host is `refused` unless the operator allowed private hosts.
   */
  url: string;
  /**
   * 1-based page. A page past the document's last is answered `not_found` (`details.total_pages` says how many there are): the one rule no schema can state, since the length is known only once the page is read.
   */
  page?: number;
  /**
   * Tokens per page (50 to 50000).
   */
  page_size_tokens?: number;
  /**
   * Return `highlights[]` most relevant to this query.
   */
  query?: string;
  /**
   * Interleave a data marker in the fenced content.
   */
  datamark?: boolean;
  /**
   * Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
   */
  render?: AgentPageFetchRequestRender;
}
/**
 * websift open: read a stored page by `handle`, with no network at all. Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentPageContract`'s JSON-Schema
 * via the `definition` "open_request".
 */
export interface AgentPageOpenRequest {
  /**
   * Store handle `<site>~<12 hex>` (the store contract's `$defs.handle`), as a search, fetch or contents reply gives it; opened with no network. One rule no schema can state: a well-formed handle the operator's store does not hold (never stored, expired or removed) is answered `not_found`.
   */
  handle: string;
  /**
   * 1-based page. A page past the document's last is answered `not_found` (`details.total_pages` says how many there are): the one rule no schema can state, since the length is known only once the page is read.
   */
  page?: number;
  /**
   * Tokens per page (50 to 50000).
   */
  page_size_tokens?: number;
  /**
   * Return `highlights[]` most relevant to this query.
   */
  query?: string;
  /**
   * Interleave a data marker in the fenced content.
   */
  datamark?: boolean;
}
/**
 * One page of a document, fenced.
 *
 * This interface was referenced by `AgentPageContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface AgentPageResponse {
  /**
   * Store handle.
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
   * This page's content inside the fence.
   */
  content: string;
  /**
   * Page number.
   */
  page: number;
  /**
   * Pages in all.
   */
  total_pages: number;
  /**
   * A later page exists.
   */
  has_more: boolean;
  /**
   * Where the content came from.
   */
  source: AgentPageResponseSource;
  /**
   * The untrusted-content fence of this reply: every page body sits between `open` and `close`.
   */
  fence: {
    /**
     * 128-bit random nonce, hex, fresh for every reply.
     */
    nonce: string;
    /**
     * Opening marker (contains the nonce).
     */
    open: string;
    /**
     * Closing marker (contains the nonce).
     */
    close: string;
    /**
     * The data-only directive placed before each fenced body.
     */
    directive?: string;
  };
  /**
   * Instruction-like phrases found in the content (never acted on).
   *
   * Items: A warning.
   */
  warnings: string[];
  /**
   * Passages most relevant to `query`.
   *
   * Items: A passage.
   */
  highlights?: {
    /**
     * Passage text.
     */
    text: string;
    /**
     * Relevance.
     */
    score: number;
    /**
     * Nearest heading.
     */
    heading?: string | null;
  }[];
  /**
   * Page type from extract.
   */
  page_type?: string | null;
  /**
   * Quality score from extract.
   */
  quality_score?: number | null;
  /**
   * Which extractor produced the content.
   */
  extracted_via?: string | null;
  /**
   * How the page arrived (http, browser_headers, browser when rendered in headless Chromium, cache, replay); for open, how it arrived when it was read, as the store kept it (null for a page stored without it).
   */
  fetched_via?: string | null;
  /**
   * Publication date extract found and where; null when none. For open, as extract found it when the page was read (the store keeps it since store 3.2.0); null for a page stored without it.
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
   * Author line extract found.
   */
  byline?: string | null;
  /**
   * Content language (BCP 47) extract found.
   */
  language?: string | null;
  /**
   * Canonical URL the page declares.
   */
  canonical_url?: string | null;
}
/**
 * Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
 */
export type AgentPageFetchRequestRender = "auto" | "always" | "never";
/**
 * Where the content came from.
 */
export type AgentPageResponseSource = "network" | "cache";
