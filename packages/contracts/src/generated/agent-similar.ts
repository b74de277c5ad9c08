// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift similar: pages like a stored page or URL, from the store and from new search results.
 */
export interface AgentSimilarContract {
  [k: string]: unknown;
}
/**
 * Find pages similar to one page. Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentSimilarContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentSimilarRequest {
  /**
   * The page to start from: a store handle (`<site>~<12 hex>`, read with no network) or an absolute http(s) URL (looked up in the store by any URL twin, read first if not stored). One rule no schema can state: a well-formed handle the store does not hold is answered `not_found`; a URL that cannot be read is answered with the fetch failure (`refused`, `blocked`, `http_error`, ...).
   */
  target: string;
  /**
   * Results from each source.
   */
  limit?: number;
  /**
   * Also run a web search for similar pages (default true).
   */
  search?: boolean;
  /**
   * Engines to ask, among those the operator configured; default the operator's default engines.
   *
   * @maxItems 16
   *
   * Items: Engine name: one of websift's engines; one the operator did not configure is reported by the search as `not_configured`, not refused.
   */
  engines?: AgentSimilarRequestEnginesItem[];
}
/**
 * Similar pages.
 *
 * This interface was referenced by `AgentSimilarContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface AgentSimilarResponse {
  /**
   * The page similarity was measured from.
   */
  source: {
    /**
     * Store handle.
     */
    handle: string;
    /**
     * URL.
     */
    url: string;
    /**
     * Title.
     */
    title?: string | null;
  };
  /**
   * The query built from the page (title and salient terms).
   */
  query: string;
  /**
   * Stored pages with matching passages, best first.
   *
   * Items: A stored page.
   */
  from_store: {
    /**
     * Handle.
     */
    handle: string;
    /**
     * URL.
     */
    url: string;
    /**
     * Title.
     */
    title?: string | null;
    /**
     * Best passage score.
     */
    score: number;
    /**
     * Best matching passage (at most 400 characters), fenced as untrusted data between the reply's markers.
     */
    passage?: string;
  }[];
  /**
   * New web results, ranked by the search layer.
   *
   * Items: A web result.
   */
  from_search: {
    /**
     * Rank.
     */
    rank: number;
    /**
     * URL.
     */
    url: string;
    /**
     * Title.
     */
    title: string;
    /**
     * Snippet as the engine gave it (page-controlled text; fence marker copies neutralised).
     */
    snippet?: string;
    /**
     * Source type.
     */
    source_type?: string;
    /**
     * Engines.
     *
     * Items: Engine name.
     */
    engines?: string[];
    /**
     * Score.
     */
    score?: number;
  }[];
  /**
   * The search layer's overall outcome, or null when not run.
   */
  search_outcome: string | null;
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
}
/**
 * Engine name: one of websift's engines; one the operator did not configure is reported by the search as `not_configured`, not refused.
 */
export type AgentSimilarRequestEnginesItem = "searxng" | "duckduckgo" | "wikipedia" | "stackexchange" | "github" | "hackernews" | "brave";
