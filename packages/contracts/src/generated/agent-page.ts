// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift fetch and websift open: one page, fenced as untrusted data, paginated by tokens, indexed in the store.
 */
export interface AgentPageContract {
  [k: string]: unknown;
}
/**
 * Read one page by `url` (fetch) or by `handle` (open); exactly one of the two (checked by the layer). Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentPageContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentPageRequest {
  /**
   * URL to fetch.
   */
  url?: string;
  /**
   * Store handle to open with no network.
   */
  handle?: string;
  /**
   * 1-based page.
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
   * How the page arrived (http, browser_headers, cache, replay); null for open.
   */
  fetched_via?: string | null;
}
/**
 * Where the content came from.
 */
export type AgentPageResponseSource = "network" | "cache";
