// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift search: search, policy, read the top pages under a character budget, format, index in the store.
 */
export interface AgentSearchContract {
  [k: string]: unknown;
}
/**
 * An agent's search. Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentSearchContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentSearchRequest {
  /**
   * The question or query.
   */
  query: string;
  /**
   * Engines to ask, among those the operator configured; default the operator's default engines.
   *
   * @maxItems 16
   *
   * Items: Engine name: one of websift's engines; one the operator did not configure is reported by the search as `not_configured`, not refused.
   */
  engines?: AgentSearchRequestEnginesItem[];
  /**
   * Search effort.
   */
  tier?: AgentSearchRequestTier;
  /**
   * Include dropped results and score parts.
   */
  explain?: boolean;
  /**
   * Read the top pages (default true).
   */
  extract?: boolean;
  /**
   * Pages read.
   */
  top_n?: number;
  /**
   * Excerpt characters across all pages (at most 200000).
   */
  total_chars?: number;
  /**
   * Excerpt characters per page (at most 100000).
   */
  per_item_chars?: number;
  /**
   * Maximum results.
   */
  limit?: number;
  /**
   * Explicit query angles for tier deep/research (at most 8: each angle asks every engine).
   *
   * @minItems 1
   * @maxItems 8
   *
   * Items: One query angle.
   */
  angles?: [string, ...string[]];
  /**
   * Restrict to recent results where engines support it.
   */
  time_range?: AgentSearchRequestTimeRange;
  /**
   * Preferred result language (BCP 47), e.g. `en`.
   */
  language?: string;
  /**
   * When reading the top pages: Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
   */
  render?: AgentSearchRequestRender;
}
/**
 * What a search found: each engine's outcome, the ranked results, and the pages read within the budget.
 *
 * This interface was referenced by `AgentSearchContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface AgentSearchResponse {
  /**
   * The query.
   */
  query: string;
  /**
   * Overall search outcome.
   */
  outcome: AgentSearchResponseOutcome;
  /**
   * Results before fusion.
   */
  raw_result_count: number;
  /**
   * Results returned.
   */
  returned_count: number;
  /**
   * Results dropped by policy.
   */
  dropped_count: number;
  /**
   * Per-engine outcomes (the search contract's EngineReport).
   *
   * Items: An engine report.
   */
  engines: AgentSearchEngineReport[];
  /**
   * Ranked results with excerpts.
   *
   * Items: A result.
   */
  results: {
    /**
     * 1-based rank.
     */
    rank: number;
    /**
     * Title.
     */
    title: string;
    /**
     * The engines' snippet for this result (page-controlled text, outside the fence), even when the page is not read; null when no engine gave one.
     */
    snippet?: string | null;
    /**
     * Publication date an engine gave, ISO 8601 with a zone; null when none did.
     */
    published?: string | null;
    /**
     * URL.
     */
    url: string;
    /**
     * Host.
     */
    host: string;
    /**
     * Source type.
     */
    source_type: string;
    /**
     * Engines that returned it.
     *
     * Items: Engine name.
     */
    engines: string[];
    /**
     * Score.
     */
    score: number;
    /**
     * With `explain`: the parts that make up `score` (engine positions, policy boosts and demotions).
     */
    score_parts?: {
      [k: string]: number;
    };
    /**
     * Store handle of the page read.
     */
    handle: string | null;
    /**
     * Fenced page excerpt, within the budget.
     */
    excerpt: string | null;
    /**
     * Per-item reading status: `ok`, `truncated`, `skipped_budget_exhausted` (beyond top_n or out of characters), `not_requested` (--no-extract), `empty`, or `failed:<reason>` (e.g. `failed:cloudflare_challenge`, `failed:http_404`).
     */
    extraction: string;
    /**
     * Page type from extract, when read.
     */
    page_type?: string | null;
    /**
     * The reading outcome in words, when it failed.
     */
    extraction_detail?: string | null;
  }[];
  /**
   * Totals of the page reading.
   */
  extraction: {
    /**
     * Pages read.
     */
    extracted: number;
    /**
     * Excerpt characters used.
     */
    chars_used: number;
    /**
     * Character budget.
     */
    budget: number;
    /**
     * Pages that failed.
     */
    failures: number;
    /**
     * Time spent reading.
     */
    seconds: number;
  };
  /**
   * With explain: dropped results.
   *
   * Items: A dropped result.
   */
  dropped?: {
    [k: string]: unknown;
  }[];
  /**
   * The untrusted-content fence of this reply: every page body sits between `open` and `close`.
   */
  fence?: {
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
   * Instruction-like phrases found in page text (listed, never acted on).
   *
   * Items: A warning.
   */
  warnings?: string[];
}
/**
 * What one engine answered, or why it did not (the search contract's `EngineReport`, passed through).
 *
 * This interface was referenced by `AgentSearchContract`'s JSON-Schema
 * via the `definition` "engine_report".
 */
export interface AgentSearchEngineReport {
  /**
   * Engine name.
   */
  name: string;
  /**
   * Typed outcome; only an engine that answered with nothing is `empty`.
   */
  outcome: AgentSearchEngineReportOutcome;
  /**
   * The outcome in words, e.g. the operator action needed.
   */
  detail: string | null;
  /**
   * Seconds the engine asked us to wait.
   */
  retry_after_s: number | null;
  /**
   * Results this engine returned.
   */
  result_count?: number;
  /**
   * Correlation group; engines in one group count once in fusion.
   */
  group?: string;
  /**
   * Time this engine took.
   */
  elapsed_ms?: number;
  /**
   * Set when this engine ran only because the named engine failed and the person's config lists it as that engine's fallback.
   */
  fallback_for?: string | null;
  /**
   * SearXNG's `unresponsive_engines`: upstream engines that failed inside it.
   *
   * Items: One failing upstream engine.
   */
  upstream_failures?: {
    /**
     * Upstream engine name.
     */
    engine: string;
    /**
     * Reason as SearXNG gave it.
     */
    reason: string;
    /**
     * True when SearXNG suspended the engine.
     */
    suspended?: boolean;
  }[];
}
/**
 * Engine name: one of websift's engines; one the operator did not configure is reported by the search as `not_configured`, not refused.
 */
export type AgentSearchRequestEnginesItem = "searxng" | "duckduckgo" | "wikipedia" | "stackexchange" | "github" | "hackernews" | "brave";
/**
 * Search effort.
 */
export type AgentSearchRequestTier = "instant" | "standard" | "deep" | "research";
/**
 * Restrict to recent results where engines support it.
 */
export type AgentSearchRequestTimeRange = "day" | "week" | "month" | "year";
/**
 * When reading the top pages: Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
 */
export type AgentSearchRequestRender = "auto" | "always" | "never";
/**
 * Overall search outcome.
 */
export type AgentSearchResponseOutcome = "ok" | "partial" | "empty" | "engines_failed";
/**
 * Typed outcome; only an engine that answered with nothing is `empty`.
 */
export type AgentSearchEngineReportOutcome = "ok" | "partial" | "empty" | "engines_failed" | "blocked" | "auth_failed" | "rate_limited" | "quota_exhausted" | "not_found" | "server_error" | "http_error" | "refused" | "timeout" | "too_large" | "parse_failed" | "not_configured" | "unreachable" | "not_in_archive";
