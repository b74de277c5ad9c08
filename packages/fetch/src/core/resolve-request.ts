// Validates a FetchPageRequest once at the entry point and fills every default, so the rest of the core
// works on a complete, trusted shape. Caller mistakes throw FetchLayerError("invalid_request").
import { FetchLayerError } from "../errors.js";
import { defaultCacheDir } from "./cache-dir.js";
import { proxyFromEnvironment } from "./proxy-from-env.js";
import { describeUrlForMessage } from "./redact.js";
import type { CacheOptions, ClientTier, FetchPageRequest } from "./types.js";

export interface ResolvedFetchRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string | undefined;
  allowPrivateHosts: boolean;
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
}

export const DEFAULT_MAX_BYTES = 10_000_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 10;
export const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_AFTER_CAP_S = 5;
const DEFAULT_PER_HOST_CONCURRENCY = 4;
const DEFAULT_CACHE_TTL_S = 3600;
// A compressed page rarely expands more than ~10x; 5x the wire cap keeps real pages and stops bombs early.
const DECOMPRESSED_TO_WIRE_RATIO = 5;

const KNOWN_KEYS = new Set<string>([
  "url", "method", "headers", "body", "allow_private_hosts", "max_bytes", "max_decompressed_bytes", "timeout_ms",
  "connect_timeout_ms", "max_redirects", "follow_redirects", "accept_content_types", "tier", "cache",
  "record_warc", "replay_warc", "proxy", "respect_robots", "retries", "retry_after_cap_s", "per_host_concurrency",
]);

function invalid(message: string): FetchLayerError {
  return new FetchLayerError("invalid_request", message);
}

function positiveInteger(name: string, value: unknown, fallback: number, minimum = 1): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
    throw invalid(`Fetch option ${name} must be an integer >= ${minimum}, got ${JSON.stringify(value)}.`);
  }
  return value;
}

function nonNegativeNumber(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw invalid(`Fetch option ${name} must be a number >= 0, got ${JSON.stringify(value)}.`);
  }
  return value;
}

function optionalBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw invalid(`Fetch option ${name} must be a boolean.`);
  return value;
}

function optionalPath(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length === 0) throw invalid(`Fetch option ${name} must be a non-empty path.`);
  return value;
}

function resolveTargetUrl(raw: unknown): URL {
  if (typeof raw !== "string" || raw.length === 0) throw invalid("Fetch request needs a url string.");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`Fetch request url ${describeUrlForMessage(raw)} is not a valid absolute URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`Fetch request url ${describeUrlForMessage(raw)} must use http or https.`);
  }
  return url;
}

function resolveHeaders(raw: unknown): Record<string, string> {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw invalid("Fetch option headers must be an object of strings.");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== "string") throw invalid(`Fetch header ${name} must be a string.`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n]/.test(value)) throw invalid(`Fetch header ${name} is not a valid HTTP header.`);
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

function resolveCache(raw: CacheOptions | undefined): ResolvedFetchRequest["cache"] {
  if (raw === undefined) return undefined;
  if (typeof raw !== "object" || raw === null) throw invalid("Fetch option cache must be an object.");
  const mode = raw.mode ?? "use";
  if (mode !== "use" && mode !== "off" && mode !== "refresh") throw invalid(`Fetch option cache.mode must be use, off or refresh.`);
  if (mode === "off") return undefined;
  const dir = optionalPath("cache.dir", raw.dir) ?? defaultCacheDir();
  return { dir, ttlS: positiveInteger("cache.ttl_s", raw.ttl_s, DEFAULT_CACHE_TTL_S, 0), mode };
}

function resolveProxy(explicit: unknown, target: URL): URL | undefined {
  const raw = explicit ?? proxyFromEnvironment(target);
  if (raw === undefined) return undefined;
  if (typeof raw !== "string") throw invalid("Fetch option proxy must be a URL string.");
  let proxy: URL;
  try {
    proxy = new URL(raw);
  } catch {
    throw invalid(`Fetch option proxy ${describeUrlForMessage(raw)} is not a valid URL.`);
  }
  if (proxy.protocol !== "http:" && proxy.protocol !== "https:") throw invalid("Fetch option proxy must be an http or https proxy URL.");
  return proxy;
}

export function resolveFetchRequest(request: FetchPageRequest): ResolvedFetchRequest {
  if (typeof request !== "object" || request === null) throw invalid("Fetch request must be an object.");
  for (const key of Object.keys(request)) {
    if (!KNOWN_KEYS.has(key)) throw invalid(`Fetch request has unknown option ${key}.`);
  }
  const url = resolveTargetUrl(request.url);
  const method = request.method ?? "GET";
  if (method !== "GET" && method !== "POST") throw invalid("Fetch option method must be GET or POST.");
  if (request.body !== undefined && typeof request.body !== "string") throw invalid("Fetch option body must be a string.");
  if (request.body !== undefined && method !== "POST") throw invalid("Fetch option body is only allowed with method POST.");
  const tier = request.tier ?? "auto";
  if (tier !== "auto" && tier !== 0 && tier !== 1) throw invalid("Fetch option tier must be auto, 0 or 1.");
  const accept = request.accept_content_types ?? [];
  if (!Array.isArray(accept) || accept.some((type) => typeof type !== "string")) {
    throw invalid("Fetch option accept_content_types must be an array of strings.");
  }
  const maxBytes = positiveInteger("max_bytes", request.max_bytes, DEFAULT_MAX_BYTES);
  return {
    url,
    method,
    headers: resolveHeaders(request.headers),
    body: request.body,
    allowPrivateHosts: optionalBoolean("allow_private_hosts", request.allow_private_hosts, false),
    maxBytes,
    maxDecompressedBytes: positiveInteger("max_decompressed_bytes", request.max_decompressed_bytes, maxBytes * DECOMPRESSED_TO_WIRE_RATIO),
    timeoutMs: positiveInteger("timeout_ms", request.timeout_ms, DEFAULT_TIMEOUT_MS),
    connectTimeoutMs: positiveInteger("connect_timeout_ms", request.connect_timeout_ms, DEFAULT_CONNECT_TIMEOUT_MS),
    maxRedirects: positiveInteger("max_redirects", request.max_redirects, DEFAULT_MAX_REDIRECTS, 0),
    followRedirects: optionalBoolean("follow_redirects", request.follow_redirects, true),
    acceptContentTypes: accept.map((type) => type.trim().toLowerCase()),
    tier,
    cache: resolveCache(request.cache),
    recordWarc: optionalPath("record_warc", request.record_warc),
    replayWarc: optionalPath("replay_warc", request.replay_warc),
    proxy: resolveProxy(request.proxy, url),
    respectRobots: optionalBoolean("respect_robots", request.respect_robots, false),
    retries: positiveInteger("retries", request.retries, DEFAULT_RETRIES, 0),
    retryAfterCapS: nonNegativeNumber("retry_after_cap_s", request.retry_after_cap_s, DEFAULT_RETRY_AFTER_CAP_S),
    perHostConcurrency: positiveInteger("per_host_concurrency", request.per_host_concurrency, DEFAULT_PER_HOST_CONCURRENCY),
  };
}
