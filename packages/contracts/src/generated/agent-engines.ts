// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift engines: which search engines exist, which the operator configured, and their state on this machine (last outcome, rate-limit wait, daily budget). Asks nothing on the network.
 */
export interface AgentEnginesContract {
  [k: string]: unknown;
}
/**
 * No fields: the engines and their settings are the operator's; this only reports them.
 *
 * This interface was referenced by `AgentEnginesContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentEnginesRequest {}
/**
 * Every engine, configured or not, in websift's order.
 *
 * This interface was referenced by `AgentEnginesContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface AgentEnginesResponse {
  /**
   * One entry per engine.
   *
   * Items: An engine websift knows: whether it can run, and what this machine knows of its state.
   */
  engines: {
    /**
     * Engine name, as used in web_search's `engines`.
     */
    name: string;
    /**
     * `keyless` built-in, `keyed` (needs the person's own key) or `server` (self-hosted).
     */
    kind: AgentEnginesResponseEnginesItemKind;
    /**
     * True when the engine can run now.
     */
    configured: boolean;
    /**
     * Runs when a request names no engines.
     */
    in_default_set: boolean;
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
    waiting: {
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
    budget: {
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
    last: {
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
   * The engines web_search asks when a request names none, and whose choice that is.
   */
  default_engines: {
    /**
     * Engine names, in the order they are asked.
     *
     * Items: Engine name.
     */
    names: string[];
    /**
     * `operator` (--engines of whoever started websift), `WEBSIFT_ENGINES`, `config` (default_engines in the config file) or `embedded default` (every keyless engine, plus SearXNG and Brave when configured).
     */
    source: AgentEnginesResponseDefaultEnginesSource;
  };
}
/**
 * `keyless` built-in, `keyed` (needs the person's own key) or `server` (self-hosted).
 */
export type AgentEnginesResponseEnginesItemKind = "keyless" | "keyed" | "server";
/**
 * `operator` (--engines of whoever started websift), `WEBSIFT_ENGINES`, `config` (default_engines in the config file) or `embedded default` (every keyless engine, plus SearXNG and Brave when configured).
 */
export type AgentEnginesResponseDefaultEnginesSource = "operator" | "WEBSIFT_ENGINES" | "config" | "embedded default";
