// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift similar: pages like a stored page or URL, from the store and from new search results.
 */
export interface AgentSimilarContract {
  [k: string]: unknown;
}
/**
 * Find pages similar to one page.
 *
 * This interface was referenced by `AgentSimilarContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentSimilarRequest {
  /**
   * A URL or a store handle.
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
   * Engines for the web search.
   *
   * Items: Engine name.
   */
  engines?: string[];
  /**
   * SearXNG base URL.
   */
  searxng_url?: string;
  /**
   * Allow private and loopback targets.
   */
  allow_private_hosts?: boolean;
  /**
   * Store directory.
   */
  store_dir?: string;
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
     * Best matching passage.
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
     * Snippet.
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
}
