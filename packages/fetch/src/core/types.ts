// Request and result shapes of the fetch core. Field names are snake_case because they mirror the JSON contract.

export type FetchOutcome =
  | "ok"
  | "blocked"
  | "http_error"
  | "refused"
  | "timeout"
  | "too_large"
  | "dns_failed"
  | "network_error"
  | "redirect_loop"
  | "unsupported_content"
  | "not_in_archive"
  | "rate_limited";

export type FetchedVia = "http" | "browser_headers" | "cache" | "replay";

export type ClientTier = 0 | 1;

export interface CacheOptions {
  dir?: string;
  ttl_s?: number;
  mode?: "use" | "off" | "refresh";
}

export interface FetchPageRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  allow_private_hosts?: boolean;
  max_bytes?: number;
  max_decompressed_bytes?: number;
  timeout_ms?: number;
  connect_timeout_ms?: number;
  max_redirects?: number;
  follow_redirects?: boolean;
  accept_content_types?: string[];
  tier?: "auto" | ClientTier;
  cache?: CacheOptions;
  record_warc?: string;
  replay_warc?: string;
  proxy?: string;
  respect_robots?: boolean;
  retries?: number;
  retry_after_cap_s?: number;
  per_host_concurrency?: number;
}

export interface RedirectHop {
  url: string;
  status: number;
}

export interface TierAttempt {
  tier: ClientTier;
  status: number | null;
  outcome: FetchOutcome;
  block_reason: string | null;
  elapsed_ms: number;
}

export interface FetchPageResult {
  url: string;
  final_url: string;
  status: number | null;
  outcome: FetchOutcome;
  /** null when no response arrived at all (refused, DNS failure, connection failure before a reply). */
  fetched_via: FetchedVia | null;
  blocked: boolean;
  block_reason: string | null;
  retry_after_s: number | null;
  content_type: string | null;
  charset: string | null;
  bytes: number;
  body: string | null;
  body_encoding: "text" | "base64";
  redirects: RedirectHop[];
  tier_attempts: TierAttempt[];
  elapsed_ms: number;
  cache_age_s: number | null;
  detail: string;
  /** For an http_error reply with a JSON or text body: its first 4096 characters. Null for block pages. */
  error_body: string | null;
  /** Rate-limit and retry headers of the final response, lower-case names; only those present. */
  headers: Record<string, string>;
}
