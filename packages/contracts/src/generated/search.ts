// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Ask several engines, report each engine's outcome, fuse and rank deterministically by the policy in config.
 */
export interface SearchContract {
  [k: string]: unknown;
}
/**
 * A search across the selected engines.
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface SearchRequest {
  /**
   * The search query.
   */
  query: string;
  /**
   * Engines to ask, by name (see `websift-search --backends`); default is the embedded keyless set, plus SearXNG when configured.
   *
   * Items: Engine name: one of websift's engines (see `websift-search --backends`; `brave` needs your own key).
   */
  engines?: SearchRequestEnginesItem[];
  /**
   * Base URL of a SearXNG instance, an absolute http(s) URL; overrides WEBSIFT_SEARXNG_URL / SEARXNG_URL.
   */
  searxng_url?: string;
  /**
   * Effort: `instant` one fast engine set, `standard`, `deep` runs several query angles, `research` deep plus more results.
   */
  tier?: SearchRequestTier;
  /**
   * Explicit query angles for `deep`; each runs as its own query and all are fused.
   *
   * Items: One query angle, with a non-space character.
   */
  angles?: string[];
  /**
   * Path of a YAML policy that replaces the packaged default. A file that cannot be read or is not a valid policy is `invalid_config` (checked on disk, which no schema can state).
   */
  policy_file?: string;
  /**
   * Add `dropped[]` and each result's score parts.
   */
  explain?: boolean;
  /**
   * Maximum results returned.
   */
  limit?: number;
  /**
   * Restrict to recent results where engines support it; engines that do not are reported, not silently dropped.
   */
  time_range?: SearchRequestTimeRange;
  /**
   * Preferred result language (BCP 47), e.g. `en`.
   */
  language?: string;
  /**
   * Let engine URLs point at private or loopback hosts (self-hosted SearXNG).
   */
  allow_private_hosts?: boolean;
  /**
   * Record every engine exchange to this WARC file.
   */
  record_warc?: string;
  /**
   * Answer engine requests from this WARC file, with no network.
   */
  replay_warc?: string;
  /**
   * Operator setting: keep Brave's daily budget and 1 request/second spacing, the engines' rate-limit waits and their last outcomes in Redis at this URL (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS), shared by every websift process given the same URL; also passed on to every fetch request the search makes. Default WEBSIFT_REDIS_URL; without either, the state stays in local files as before. What no schema can state: a Redis that cannot be reached or does not answer in time never fails the search: the local files are used, with a warning in `meta.warnings`.
   */
  redis_url?: string;
}
/**
 * Ranked results and an honest per-engine account.
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface SearchResponse {
  /**
   * The query as run.
   */
  query: string;
  /**
   * `ok`, `partial` (some engines failed), `empty` (every engine answered with nothing) or `engines_failed`.
   */
  outcome: SearchResponseOutcome;
  /**
   * Results received from all engines before fusion.
   */
  raw_result_count: number;
  /**
   * Results in `results`.
   */
  returned_count: number;
  /**
   * Results removed by the policy.
   */
  dropped_count: number;
  /**
   * One report per engine asked.
   *
   * Items: An engine's outcome.
   */
  engines: EngineReport[];
  /**
   * Fused results, best first; ties broken by a stable key.
   *
   * Items: A fused result.
   */
  results: SearchResult[];
  /**
   * With `explain`: results the policy dropped, and why.
   *
   * Items: A dropped result.
   */
  dropped?: {
    /**
     * Canonical URL.
     */
    url: string;
    /**
     * Policy rule that dropped it, e.g. `non_answer_host`.
     */
    reason: string;
    /**
     * Its position before filtering.
     */
    position?: number;
  }[];
  /**
   * Query suggestions from engines.
   *
   * Items: A suggested query.
   */
  suggestions?: string[];
  /**
   * Direct answers from engines.
   *
   * Items: An answer text.
   */
  answers?: string[];
  /**
   * Spelling corrections from engines.
   *
   * Items: A corrected query.
   */
  corrections?: string[];
  /**
   * Query angles that ran (tier deep/research).
   *
   * Items: A query angle.
   */
  angles?: string[];
  /**
   * The policy that ranked these results.
   */
  policy?: {
    /**
     * Path of the policy file.
     */
    source: string;
    /**
     * The policy's page-reading budget (used by agent-io).
     */
    extraction: {
      /**
       * Pages read.
       */
      top_n: number;
      /**
       * Characters across all pages.
       */
      total_chars: number;
      /**
       * Characters per page.
       */
      per_item_chars: number;
      /**
       * Time limit for reading.
       */
      timeout_seconds: number;
    };
  };
}
/**
 * What one engine answered, or why it did not.
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "engine_report".
 */
export interface EngineReport {
  /**
   * Engine name.
   */
  name: string;
  /**
   * Typed outcome; only an engine that answered with nothing is `empty`.
   */
  outcome: EngineReportOutcome;
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
 * One fused search result.
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "result".
 */
export interface SearchResult {
  /**
   * 1-based rank.
   */
  rank: number;
  /**
   * Canonical URL (tracking parameters removed).
   */
  url: string;
  /**
   * Result title.
   */
  title: string;
  /**
   * Engine snippet text.
   */
  snippet: string;
  /**
   * Host name, without `www.`.
   */
  host: string;
  /**
   * Kind of source.
   */
  source_type: SearchResultSourceType;
  /**
   * Engines that returned this URL.
   *
   * Items: Engine name.
   */
  engines: string[];
  /**
   * Each engine's rank for this URL.
   *
   * Items: One engine's rank.
   */
  positions?: {
    /**
     * Engine name.
     */
    engine: string;
    /**
     * Rank in that engine's list.
     */
    rank: number;
  }[];
  /**
   * Fused, policy-adjusted score; deterministic for the same replies.
   */
  score: number;
  /**
   * With `explain`: the parts that make up `score`.
   */
  score_parts?: {
    [k: string]: number;
  };
  /**
   * Publication date when an engine gave one (ISO 8601).
   */
  published?: string | null;
}
/**
 * List every engine and whether it is configured; asks nothing on the network.
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "backends_request".
 */
export interface SearchBackendsRequest {
  /**
   * SearXNG base URL to consider configured.
   */
  searxng_url?: string;
  /**
   * The engines the caller would name in a search (an operator's default list); `default_engines` then reports them as the request's choice.
   *
   * @maxItems 16
   *
   * Items: Engine name: one of websift's engines (see `websift-search --backends`; `brave` needs your own key).
   */
  engines?: SearchBackendsRequestEnginesItem[];
}
/**
 * Every engine websift knows, with what this machine knows of its state (read from the state dir; nothing is asked on the network).
 *
 * This interface was referenced by `SearchContract`'s JSON-Schema
 * via the `definition` "backends_response".
 */
export interface SearchBackendsResponse {
  /**
   * One entry per engine.
   *
   * Items: An engine and its configuration state.
   */
  backends: {
    /**
     * Engine name, as used in `engines`.
     */
    name: string;
    /**
     * `keyless` built-in, `keyed` (needs the person's own key) or `server` (self-hosted).
     */
    kind: SearchBackendsResponseBackendsItemKind;
    /**
     * Correlation group; engines in one group count once in fusion.
     */
    group: string;
    /**
     * True when the engine can run now.
     */
    configured: boolean;
    /**
     * Runs when a request names no engines.
     */
    in_default_set?: boolean;
    /**
     * Honours `time_range`.
     */
    supports_time_range?: boolean;
    /**
     * How it is configured, or what to set.
     */
    detail: string;
    /**
     * What the engine is.
     */
    description?: string;
    /**
     * A rate-limit wait still running (the engine is skipped until it ends); null when none.
     */
    waiting?: {
      /**
       * Seconds left before websift calls the engine again.
       */
      seconds: number;
      /**
       * The service's own reason.
       */
      reason: string;
    } | null;
    /**
     * For a metered engine (Brave): requests spent today against the local daily budget; null for free engines.
     */
    budget?: {
      /**
       * Requests sent today (UTC).
       */
      used_today: number;
      /**
       * The configured daily budget; null when none is set.
       */
      daily_limit: number | null;
    } | null;
    /**
     * The engine's outcome in the last search on this machine that asked it; null when none did.
     */
    last?: {
      /**
       * The engine report's outcome (`ok`, `rate_limited`, `blocked`, ...).
       */
      outcome: string;
      /**
       * The report's detail.
       */
      detail: string | null;
      /**
       * Results it returned.
       */
      result_count: number;
      /**
       * When, ISO 8601 UTC.
       */
      at: string;
    } | null;
  }[];
  /**
   * The engines a search asks when it names none, and where that choice comes from.
   */
  default_engines: {
    /**
     * Engine names, in the order they are asked.
     *
     * Items: Engine name.
     */
    names: string[];
    /**
     * `request` (the `engines` sent here), `WEBSIFT_ENGINES`, `config` (default_engines in the config file) or `embedded default`.
     */
    source: SearchBackendsResponseDefaultEnginesSource;
  };
}
/**
 * Engine name: one of websift's engines (see `websift-search --backends`; `brave` needs your own key).
 */
export type SearchRequestEnginesItem = "searxng" | "duckduckgo" | "wikipedia" | "stackexchange" | "github" | "hackernews" | "brave";
/**
 * Effort: `instant` one fast engine set, `standard`, `deep` runs several query angles, `research` deep plus more results.
 */
export type SearchRequestTier = "instant" | "standard" | "deep" | "research";
/**
 * Restrict to recent results where engines support it; engines that do not are reported, not silently dropped.
 */
export type SearchRequestTimeRange = "day" | "week" | "month" | "year";
/**
 * `ok`, `partial` (some engines failed), `empty` (every engine answered with nothing) or `engines_failed`.
 */
export type SearchResponseOutcome = "ok" | "partial" | "empty" | "engines_failed";
/**
 * Engine name: one of websift's engines (see `websift-search --backends`; `brave` needs your own key).
 */
export type SearchBackendsRequestEnginesItem = "searxng" | "duckduckgo" | "wikipedia" | "stackexchange" | "github" | "hackernews" | "brave";
/**
 * `keyless` built-in, `keyed` (needs the person's own key) or `server` (self-hosted).
 */
export type SearchBackendsResponseBackendsItemKind = "keyless" | "keyed" | "server";
/**
 * `request` (the `engines` sent here), `WEBSIFT_ENGINES`, `config` (default_engines in the config file) or `embedded default`.
 */
export type SearchBackendsResponseDefaultEnginesSource = "request" | "WEBSIFT_ENGINES" | "config" | "embedded default";
/**
 * Typed outcome; only an engine that answered with nothing is `empty`.
 */
export type EngineReportOutcome = "ok" | "partial" | "empty" | "engines_failed" | "blocked" | "auth_failed" | "rate_limited" | "quota_exhausted" | "not_found" | "server_error" | "http_error" | "refused" | "timeout" | "too_large" | "parse_failed" | "not_configured" | "unreachable" | "not_in_archive";
/**
 * Kind of source.
 */
export type SearchResultSourceType = "official" | "code" | "qa" | "forum" | "discussion" | "web" | "content-farm";
