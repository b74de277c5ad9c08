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
   * Client tier: `auto` escalates from plain (0) to browser-like headers (1) only on a passable anti-bot block; 2 renders the page in headless Chromium (the browser tier: every request the page makes passes the same SSRF guard; `auto` never starts a browser).
   */
  tier?: "auto" | (0 | 1 | 2);
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
  /**
   * Single private hosts the operator allows, for every tier, without `allow_private_hosts` opening them all. Default none.
   *
   * @maxItems 64
   *
   * Items: `HOST` or `HOST:PORT` (an IPv6 address in brackets): this one private or loopback host (on this port only, when given) may be contacted. Link-local, unspecified and multicast stay refused.
   */
  allowed_private_hosts?: string[];
  /**
   * Browser tier only: hard cap on the time a page may take to load and settle (network quiet or main text no longer growing); what is rendered by then is returned. Default 15000, and never more than `timeout_ms`.
   */
  render_budget_ms?: number;
  /**
   * Operator setting: share the fetch cache, the per-host cap on requests in flight, the robots.txt cache and Retry-After backoffs with every websift process given the same Redis (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS). Default WEBSIFT_REDIS_URL; without either, all of it stays local as before. With it, `cache.dir` is not used (`cache.ttl_s` becomes the Redis expiry) and at most `per_host_concurrency` requests to one host are in flight at once across all processes (a cap, not a spacing: each request holds a lease that lapses after its `timeout_ms`). What no schema can state: a Redis that cannot be reached or does not answer in time never fails the fetch: it runs uncached and limited locally, with a warning in `meta.warnings`.
   */
  redis_url?: string;
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
   * Typed outcome; only `ok` carries page content. `browser_unavailable`: the browser tier was asked for and no Chromium could be started.
   */
  outcome: FetchResponseOutcome;
  /**
   * Where the body came from: `browser` is the DOM headless Chromium rendered (tier 2).
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
     * 0 plain client, 1 browser-like headers, 2 headless browser.
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
  /**
   * Browser tier: requests the page tried that the SSRF guard or the scheme rule refused before anything was sent (none is made). Absent for the other tiers.
   *
   * Items: One refused request.
   */
  refused_requests?: {
    /**
     * The URL the page asked for (credentials removed, at most 300 characters).
     */
    url: string;
    /**
     * What asked: document, script, xhr, fetch, image, iframe (a sub-frame `document`), websocket, ...
     */
    resource_type: string;
    /**
     * Why it was refused.
     */
    detail: string;
  }[];
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
 * Typed outcome; only `ok` carries page content. `browser_unavailable`: the browser tier was asked for and no Chromium could be started.
 */
export type FetchResponseOutcome = "ok" | "blocked" | "rate_limited" | "http_error" | "refused" | "timeout" | "too_large" | "dns_failed" | "network_error" | "redirect_loop" | "unsupported_content" | "not_in_archive" | "browser_unavailable";
/**
 * Where the body came from: `browser` is the DOM headless Chromium rendered (tier 2).
 */
export type FetchResponseFetchedVia = "http" | "browser_headers" | "cache" | "replay" | "browser" | null;
/**
 * How `body` is encoded.
 */
export type FetchResponseBodyEncoding = "text" | "base64";
/**
 * Outcome of this attempt.
 */
export type FetchResponseTierAttemptsItemOutcome = "ok" | "blocked" | "rate_limited" | "http_error" | "refused" | "timeout" | "too_large" | "dns_failed" | "network_error" | "redirect_loop" | "unsupported_content" | "not_in_archive" | "browser_unavailable";
