// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Fetch one URL through the project's single transport: SSRF guard, tiered client, block detection, limits, cache and WARC record/replay.
 */
export interface FetchContract {
  [k: string]: unknown;
}
/**
 * Ask the fetch layer for one URL.
 *
 * This interface was referenced by `FetchContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface FetchRequest {
  /**
   * Absolute http(s) URL to fetch (the rule the extract and store contracts use for page URLs): scheme, `://`, optional `user@`, a host, optional `:port`, then a path, query or fragment; no whitespace. One rule no schema can state: a URL that matches but that no HTTP client can open (port 99999, host `999.999.999.999`) is answered `refused`, never sent.
   */
  url: string;
  /**
   * HTTP method; POST is for engine APIs.
   */
  method?: FetchRequestMethod;
  /**
   * Extra request headers: names are HTTP tokens (RFC 9110), values hold no CR or LF; secrets in them are redacted from WARC records.
   */
  headers?: {
    /**
     * The header's value, on one line.
     */
    [k: string]: string;
  };
  /**
   * Request body; only with `method: POST` (a GET with a body is refused).
   */
  body?: string;
  /**
   * Allow loopback, private and link-local targets (deliberate internal fetches). Default false.
   */
  allow_private_hosts?: boolean;
  /**
   * Maximum body bytes read from the wire; the stream stops there. Default 10000000.
   */
  max_bytes?: number;
  /**
   * Maximum size after gzip/br/deflate decoding; bombs are refused.
   */
  max_decompressed_bytes?: number;
  /**
   * Total time limit for the whole fetch, redirects and retries included.
   */
  timeout_ms?: number;
  /**
   * Time limit for establishing each connection.
   */
  connect_timeout_ms?: number;
  /**
   * Maximum redirect hops followed by hand. Default 10.
   */
  max_redirects?: number;
  /**
   * Follow redirects; keyed engine calls set false. Default true.
   */
  follow_redirects?: boolean;
  /**
   * Extra content types to accept besides html, xhtml, xml, json, text and pdf.
   *
   * Items: A MIME type such as image/png.
   */
  accept_content_types?: string[];
  /**
   * Client tier: `auto` escalates from plain (0) to browser-like headers (1) only on a passable anti-bot block.
   */
  tier?: "auto" | (0 | 1);
  /**
   * Local response cache settings.
   */
  cache?: {
    /**
     * `use` reads and writes, `refresh` writes only, `off` bypasses.
     */
    mode?: FetchRequestCacheMode;
    /**
     * Cache directory; default is the user cache dir or WEBSIFT_CACHE_DIR.
     */
    dir?: string;
    /**
     * Seconds a cached response stays fresh.
     */
    ttl_s?: number;
  };
  /**
   * Path of a WARC/1.1 file that every exchange is appended to (secrets redacted).
   */
  record_warc?: string;
  /**
   * Path of a WARC file to answer from, with no network.
   */
  replay_warc?: string;
  /**
   * Proxy URL, http(s); defaults to HTTPS_PROXY/HTTP_PROXY. A proxy no HTTP client can open is answered `refused`.
   */
  proxy?: string;
  /**
   * Refuse URLs that robots.txt disallows for our user agent.
   */
  respect_robots?: boolean;
  /**
   * Retries for retriable outcomes, with backoff. Default 2.
   */
  retries?: number;
  /**
   * Longest Retry-After honoured before giving up, in seconds.
   */
  retry_after_cap_s?: number;
  /**
   * Most requests in flight to one host at a time.
   */
  per_host_concurrency?: number;
}
/**
 * What happened when the URL was fetched. A block page is never returned as `body`.
 *
 * This interface was referenced by `FetchContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface FetchResponse {
  /**
   * The URL as requested.
   */
  url: string;
  /**
   * The URL after redirects.
   */
  final_url: string;
  /**
   * Final HTTP status; null when no response arrived.
   */
  status: number | null;
  /**
   * Typed outcome; only `ok` carries page content.
   */
  outcome: FetchResponseOutcome;
  /**
   * Where the body came from.
   */
  fetched_via: FetchResponseFetchedVia;
  /**
   * True when an anti-bot or block page was detected.
   */
  blocked: boolean;
  /**
   * Vendor-specific block reason, e.g. `cloudflare_challenge`, `forbidden_suspected_bot`.
   */
  block_reason: string | null;
  /**
   * Seconds the server asked us to wait (Retry-After).
   */
  retry_after_s: number | null;
  /**
   * MIME type of the body, parameters removed.
   */
  content_type: string | null;
  /**
   * Character set used to decode the body, and where it came from is in `detail`.
   */
  charset?: string | null;
  /**
   * Bytes of body read from the wire.
   */
  bytes: number;
  /**
   * Decoded text, or base64 for binary content (see `body_encoding`); null unless outcome is ok.
   */
  body: string | null;
  /**
   * How `body` is encoded.
   */
  body_encoding: FetchResponseBodyEncoding;
  /**
   * Every redirect hop followed, in order.
   *
   * Items: One redirect hop.
   */
  redirects: {
    /**
     * URL that answered with a redirect.
     */
    url: string;
    /**
     * Its redirect status.
     */
    status: number;
  }[];
  /**
   * Every client tier tried, in order.
   *
   * Items: One attempt with one client tier.
   */
  tier_attempts: {
    /**
     * 0 plain client, 1 browser-like headers.
     */
    tier: number;
    /**
     * HTTP status of this attempt.
     */
    status: number | null;
    /**
     * Outcome of this attempt.
     */
    outcome: FetchResponseTierAttemptsItemOutcome;
    /**
     * Block reason seen by this attempt.
     */
    block_reason?: string | null;
    /**
     * Time this attempt took.
     */
    elapsed_ms?: number;
  }[];
  /**
   * Time the whole fetch took.
   */
  elapsed_ms: number;
  /**
   * Age of the cached response when served from cache.
   */
  cache_age_s?: number | null;
  /**
   * The outcome in words, for a person.
   */
  detail?: string | null;
  /**
   * For an API's error answer (http_error or rate_limited with a JSON or text body): its first 4096 characters, so a caller can read the API's own reason. Never set for block pages.
   */
  error_body?: string | null;
  /**
   * A few response headers callers need to read (rate-limit and retry headers), lower-case names.
   */
  headers?: {
    [k: string]: string;
  };
}
/**
 * HTTP method; POST is for engine APIs.
 */
export type FetchRequestMethod = "GET" | "POST";
/**
 * `use` reads and writes, `refresh` writes only, `off` bypasses.
 */
export type FetchRequestCacheMode = "use" | "refresh" | "off";
/**
 * Typed outcome; only `ok` carries page content.
 */
export type FetchResponseOutcome = "ok" | "blocked" | "rate_limited" | "http_error" | "refused" | "timeout" | "too_large" | "dns_failed" | "network_error" | "redirect_loop" | "unsupported_content" | "not_in_archive";
/**
 * Where the body came from.
 */
export type FetchResponseFetchedVia = "http" | "browser_headers" | "cache" | "replay" | null;
/**
 * How `body` is encoded.
 */
export type FetchResponseBodyEncoding = "text" | "base64";
/**
 * Outcome of this attempt.
 */
export type FetchResponseTierAttemptsItemOutcome = "ok" | "blocked" | "rate_limited" | "http_error" | "refused" | "timeout" | "too_large" | "dns_failed" | "network_error" | "redirect_loop" | "unsupported_content" | "not_in_archive";
