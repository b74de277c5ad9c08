// Fills every default of a FetchRequest, so the rest of the core works on a complete shape. The request's
// rules live in contracts/fetch.schema.json and are checked by the entry point before this runs; what is
// left here is what no schema can state: a URL that matches the contract but no HTTP client can open.
import { FetchLayerError } from "../errors.js";
import { defaultCacheDir } from "./cache-dir.js";
import { proxyFromEnvironment } from "./proxy-from-env.js";
import { describeUrlForMessage } from "./redact.js";
import type { PrivateAccess } from "./private-access.js";
import type { CacheOptions, ClientTier, FetchPageRequest } from "./types.js";

export interface ResolvedFetchRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string | undefined;
  allowPrivateHosts: boolean;
  /** allow_private_hosts and allowed_private_hosts together, as the guard reads them per hop. */
  privateAccess: PrivateAccess;
  renderBudgetMs: number;
  maxBytes: number;
  maxDecompressedBytes: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxRedirects: number;
  followRedirects: boolean;
  acceptContentTypes: string[];
  tier: "auto" | ClientTier;
  cache: { dir: string; ttlS: number; mode: "use" | "refresh" } | undefined;
  recordWarc: string | undefined;
  replayWarc: string | undefined;
  proxy: URL | undefined;
  respectRobots: boolean;
  retries: number;
  retryAfterCapS: number;
  perHostConcurrency: number;
  /** The operator's Redis for the shared cache, host limits, robots.txt and backoffs; undefined keeps them local. */
  redisUrl: string | undefined;
}

export const DEFAULT_MAX_BYTES = 10_000_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 10;
export const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_AFTER_CAP_S = 5;
const DEFAULT_PER_HOST_CONCURRENCY = 4;
const DEFAULT_CACHE_TTL_S = 3600;
const DEFAULT_RENDER_BUDGET_MS = 15_000;
// A compressed page rarely expands more than ~10x; 5x the wire cap keeps real pages and stops bombs early.
const DECOMPRESSED_TO_WIRE_RATIO = 5;

/**
 * A URL the contract's pattern lets through but the WHATWG parser cannot read is never sent. The
 * scheme is checked again although the contract already holds it to http(s): this is the trust
 * boundary, and the core must not open `file:` whoever calls it.
 */
function openableUrl(raw: string, what: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new FetchLayerError("refused", `Fetching was refused: ${what} ${describeUrlForMessage(raw)} is not an http(s) URL an HTTP client can open (check the scheme, host and port).`, {
      details: { reason: "unopenable_url" },
    });
  }
  return url;
}

function resolveCache(raw: CacheOptions | undefined): ResolvedFetchRequest["cache"] {
  const mode = raw?.mode ?? "use";
  if (raw === undefined || mode === "off") return undefined;
  return { dir: raw.dir ?? defaultCacheDir(), ttlS: raw.ttl_s ?? DEFAULT_CACHE_TTL_S, mode };
}

function resolveProxy(explicit: string | undefined, target: URL): URL | undefined {
  if (explicit !== undefined) return openableUrl(explicit, "the proxy");
  const fromEnvironment = proxyFromEnvironment(target);
  if (fromEnvironment === undefined) return undefined;
  // The environment is the operator's configuration, not the request.
  let proxy: URL;
  try {
    proxy = new URL(fromEnvironment);
  } catch {
    throw new FetchLayerError("invalid_config", `The proxy ${describeUrlForMessage(fromEnvironment)} from HTTPS_PROXY/HTTP_PROXY is not a valid URL; fix or unset it.`);
  }
  if (proxy.protocol !== "http:" && proxy.protocol !== "https:") {
    throw new FetchLayerError("invalid_config", "The proxy from HTTPS_PROXY/HTTP_PROXY must be an http or https URL; fix or unset it.");
  }
  return proxy;
}

/** Header names are case-insensitive: one lower-case name each. */
function lowerCaseHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The request's `redis_url`, else WEBSIFT_REDIS_URL (the operator's setting, as the page store reads it). */
function resolveRedisUrl(explicit: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (explicit !== undefined) return explicit;
  const fromEnvironment = env["WEBSIFT_REDIS_URL"]?.trim();
  return fromEnvironment === undefined || fromEnvironment === "" ? undefined : fromEnvironment;
}

export function resolveFetchRequest(request: FetchPageRequest, env: NodeJS.ProcessEnv = process.env): ResolvedFetchRequest {
  const url = openableUrl(request.url, "the url");
  const maxBytes = request.max_bytes ?? DEFAULT_MAX_BYTES;
  return {
    url,
    method: request.method ?? "GET",
    headers: lowerCaseHeaders(request.headers),
    body: request.body,
    allowPrivateHosts: request.allow_private_hosts ?? false,
    privateAccess: { all: request.allow_private_hosts ?? false, hosts: request.allowed_private_hosts ?? [] },
    // The browser tier's hard cap: never longer than the request's own deadline.
    renderBudgetMs: Math.min(request.render_budget_ms ?? DEFAULT_RENDER_BUDGET_MS, request.timeout_ms ?? DEFAULT_TIMEOUT_MS),
    maxBytes,
    maxDecompressedBytes: request.max_decompressed_bytes ?? maxBytes * DECOMPRESSED_TO_WIRE_RATIO,
    timeoutMs: request.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    connectTimeoutMs: request.connect_timeout_ms ?? DEFAULT_CONNECT_TIMEOUT_MS,
    maxRedirects: request.max_redirects ?? DEFAULT_MAX_REDIRECTS,
    followRedirects: request.follow_redirects ?? true,
    acceptContentTypes: (request.accept_content_types ?? []).map((type) => type.trim().toLowerCase()),
    tier: request.tier ?? "auto",
    cache: resolveCache(request.cache),
    recordWarc: request.record_warc,
    replayWarc: request.replay_warc,
    proxy: resolveProxy(request.proxy, url),
    respectRobots: request.respect_robots ?? false,
    retries: request.retries ?? DEFAULT_RETRIES,
    retryAfterCapS: request.retry_after_cap_s ?? DEFAULT_RETRY_AFTER_CAP_S,
    perHostConcurrency: request.per_host_concurrency ?? DEFAULT_PER_HOST_CONCURRENCY,
    redisUrl: resolveRedisUrl(request.redis_url, env),
  };
}
