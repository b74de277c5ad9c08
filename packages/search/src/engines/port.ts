import type { EngineReport, Envelope, FetchRequest, FetchResponse, SearchRequestTimeRange } from "@websift/contracts";

export type EngineOutcome = EngineReport["outcome"];

/** One result as an engine returned it, before fusion. */
export interface EngineResult {
  url: string;
  title: string;
  snippet: string;
  published: string | null;
  /** Upstream engines behind this result (SearXNG's `engines`); the adapter's own name otherwise. */
  sources: string[];
}

export interface UpstreamFailure {
  engine: string;
  reason: string;
  suspended: boolean;
}

/** What one engine answered, or why it did not. Only an engine that answered with nothing is `empty`. */
export interface EngineRun {
  name: string;
  outcome: EngineOutcome;
  detail: string | null;
  retry_after_s: number | null;
  results: EngineResult[];
  upstream_failures: UpstreamFailure[];
  suggestions: string[];
  answers: string[];
  corrections: string[];
}

/** Per-engine settings from config and environment, already resolved. */
export interface EngineSettings {
  base_url: string | undefined;
  api_key: string | undefined;
  /** Why the key is unusable (missing or a placeholder); never the key itself. */
  key_problem: string | undefined;
  enabled: boolean;
  timeout_ms: number;
  daily_budget: number | undefined;
  /**
   * The operator's User-Agent for engine requests (WEBSIFT_USER_AGENT); undefined sends the fetch layer's own
   * `websift-fetch/<version> (+project URL)`.
   */
  user_agent?: string | undefined;
  /** Where the operator sets this engine: the config file's path, and a keyed engine's key file (for messages). */
  config_file?: string;
  key_file?: string;
}

export type TimeRange = SearchRequestTimeRange;

export interface EngineContext {
  query: string;
  limit: number;
  timeRange: TimeRange | undefined;
  language: string | undefined;
  settings: EngineSettings;
  /** Sends one request through the fetch layer's contract entry point. */
  fetch(request: FetchRequest): Promise<Envelope<FetchResponse>>;
  /** Local state directory (daily budgets, rate-limit stamps). */
  stateDir: string;
}

interface EngineAvailability {
  configured: boolean;
  detail: string;
}

/** The adapter port every engine implements: build requests, send them through fetch, map the reply. */
export interface EngineAdapter {
  name: string;
  /** Engines fed by one index share a group and count once in fusion. */
  group: string;
  kind: "keyless" | "keyed" | "server";
  /** In the embedded default set when nothing is configured. */
  inDefaultSet: boolean;
  supportsTimeRange: boolean;
  describe: string;
  availability(settings: EngineSettings): EngineAvailability;
  search(context: EngineContext): Promise<EngineRun>;
}

export function emptyRun(name: string, outcome: EngineOutcome, detail: string | null, retryAfterS: number | null = null): EngineRun {
  return { name, outcome, detail, retry_after_s: retryAfterS, results: [], upstream_failures: [], suggestions: [], answers: [], corrections: [] };
}

/** An engine request's headers with the operator's User-Agent, when one is configured (never a made-up one). */
export function engineHeaders(settings: EngineSettings, headers: Record<string, string>): Record<string, string> {
  const agent = settings.user_agent?.trim();
  return agent ? { ...headers, "user-agent": agent } : headers;
}
