// fetchPage: the fetch layer's core entry. Resolves options, serves from replay or cache when asked, otherwise
// runs tier attempts (retrying retriable outcomes, escalating to the browser-like tier only on an anti-bot
// block), records the exchanges, and returns one honest result. Network outcomes never throw.
import { appendExchangesToWarc, openReplayExchange } from "./warc.js";
import { fetchWithBrowser } from "../browser/browser-tier.js";
import { cacheKeyFor, readCachedPage, writeCachedPage } from "./cache.js";
import { FetchLayerError } from "../errors.js";
import { failedAttempt, type AttemptResult } from "./attempt-result.js";
import { runFetchAttempt, type AttemptContext, type ExchangeOpener } from "./fetch-attempt.js";
import { stripCredentialsFromText, stripUrlCredentials } from "./redact.js";
import { resolveFetchRequest, type ResolvedFetchRequest } from "./resolve-request.js";
import { retryDelayMs } from "./retry-policy.js";
import { createRobotsGate } from "./robots-gate.js";
import { openNetworkExchange } from "./transport.js";
import { recordHostBackoff } from "./redis/host-backoff.js";
import { respectSharedBackoff, sharedHostPacer } from "./redis/host-turns.js";
import { readSharedCachedPage, writeSharedCachedPage } from "./redis/redis-page-cache.js";
import { openSharedFetchState } from "./redis/shared-state.js";
import type { ClientTier, FetchPageRequest, FetchPageResult, FetchedVia, TierAttempt } from "./types.js";

export interface FetchPageOptions {
  signal?: AbortSignal;
  /** Where a degraded-but-working fetch says so (the entry point's `meta.warnings`). */
  warn?: (message: string) => void;
}

/** `auto` never includes the browser: rendering is asked for (tier 2), so plain pages never start one. */
function tierPlan(request: ResolvedFetchRequest): Array<Exclude<ClientTier, 2>> {
  return request.tier === "auto" ? [0, 1] : request.tier === 2 ? [] : [request.tier];
}

function toResult(request: ResolvedFetchRequest, attempt: AttemptResult, via: FetchedVia, tierAttempts: TierAttempt[], startedAt: number): FetchPageResult {
  return {
    url: stripUrlCredentials(request.url),
    final_url: stripUrlCredentials(attempt.finalUrl),
    status: attempt.status,
    outcome: attempt.outcome,
    fetched_via: attempt.status === null && via !== "replay" ? null : via,
    blocked: attempt.blockReason !== null,
    block_reason: attempt.blockReason,
    retry_after_s: attempt.retryAfterS,
    content_type: attempt.contentType,
    charset: attempt.charset,
    bytes: attempt.bytes,
    body: attempt.blockReason !== null ? null : attempt.body,
    body_encoding: attempt.bodyEncoding,
    redirects: attempt.redirects,
    tier_attempts: tierAttempts,
    elapsed_ms: Date.now() - startedAt,
    cache_age_s: null,
    // Details quote library and proxy messages this layer did not write; none may carry a URL's password.
    detail: stripCredentialsFromText(attempt.detail),
    // Same rule as `body`: nothing of a block page reaches the caller.
    error_body: attempt.blockReason !== null ? null : attempt.errorBody,
    headers: attempt.headers,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Runs one attempt; the deadline firing inside DNS, a host-slot wait or the exchange becomes a `timeout` outcome,
 * while the caller's own abort propagates as a rejection.
 */
async function runAttemptWithinDeadline(context: AttemptContext, callerSignal: AbortSignal | undefined): Promise<AttemptResult> {
  try {
    return await runFetchAttempt(context);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (!context.signal.aborted) throw error;
    return failedAttempt("timeout", context.request.url, [], `fetching ${context.request.url.host} ran out of time (timeout_ms ${context.request.timeoutMs})`, []);
  }
}

export async function fetchPage(input: FetchPageRequest, options: FetchPageOptions = {}): Promise<FetchPageResult> {
  const startedAt = Date.now();
  const request = resolveFetchRequest(input);
  const deadlineAt = startedAt + request.timeoutMs;
  const signals = [AbortSignal.timeout(request.timeoutMs), ...(options.signal === undefined ? [] : [options.signal])];
  const signal = AbortSignal.any(signals);
  const throwIfCallerAborted = (): void => {
    if (options.signal?.aborted) throw options.signal.reason;
  };

  // A recorded render is replayed by the browser tier itself (browser/browser-tier.ts).
  if (request.tier === 2 && request.replayWarc !== undefined) {
    const { result: replayed } = await fetchWithBrowser(request, signal);
    throwIfCallerAborted();
    return replayed;
  }

  if (request.replayWarc !== undefined) {
    const archive = request.replayWarc;
    const openExchange: ExchangeOpener = (hop) => openReplayExchange(archive, hop);
    const attempt = await runAttemptWithinDeadline({ request, openExchange, guardDestinations: false, signal }, options.signal);
    throwIfCallerAborted();
    const tierAttempt: TierAttempt = { tier: 0, status: attempt.status, outcome: attempt.outcome, block_reason: attempt.blockReason, elapsed_ms: Date.now() - startedAt };
    return toResult(request, attempt, "replay", [tierAttempt], startedAt);
  }

  // With a Redis URL the cache and the host limits are shared; Redis failing leaves this fetch uncached and locally limited.
  const shared = request.redisUrl === undefined ? undefined : openSharedFetchState(request.redisUrl, options.warn ?? (() => undefined));
  const cached = await answerFromCache(request, shared, startedAt);
  if (cached !== undefined) return cached;

  // A render is cached like a response (under its own key, see cacheKeyFor): rendering costs seconds of a
  // browser, and a page read again within the TTL is the same page the agent already saw. Only a render
  // that settled and is no bot check is kept (browser-tier.ts).
  if (request.tier === 2) {
    const { result: rendered, cacheable } = await fetchWithBrowser(request, signal);
    throwIfCallerAborted();
    if (cacheable) await keepInCache(request, shared, rendered);
    return rendered;
  }

  if (shared !== undefined) {
    const backoff = await respectSharedBackoff(shared, request.url.host, request.retryAfterCapS, deadlineAt, signal);
    throwIfCallerAborted();
    if (!backoff.send) return hostBackedOff(request, backoff.remainingS, startedAt);
  }

  let last: { attempt: AttemptResult; tier: ClientTier } | undefined;
  const tierAttempts: TierAttempt[] = [];
  const paceHost = shared === undefined ? undefined : sharedHostPacer(shared, request.perHostConcurrency, request.timeoutMs, signal);
  for (const tier of tierPlan(request)) {
    const openExchange: ExchangeOpener = (hop, pinnedAddress) =>
      openNetworkExchange(hop, { tier, pinnedAddress, proxy: request.proxy, connectTimeoutMs: request.connectTimeoutMs, signal });
    const robotsRefusal = request.respectRobots ? createRobotsGate(request, openExchange, signal, shared) : undefined;
    for (let retryIndex = 0; ; retryIndex += 1) {
      const attemptStartedAt = Date.now();
      const attempt = await runAttemptWithinDeadline({ request, openExchange, guardDestinations: true, signal, ...(robotsRefusal ? { robotsRefusal } : {}), ...(paceHost ? { paceHost } : {}) }, options.signal);
      throwIfCallerAborted();
      tierAttempts.push({ tier, status: attempt.status, outcome: attempt.outcome, block_reason: attempt.blockReason, elapsed_ms: Date.now() - attemptStartedAt });
      if (request.recordWarc !== undefined) await appendExchangesToWarc(request.recordWarc, attempt.exchanges);
      last = { attempt, tier };
      if (retryIndex >= request.retries) break;
      const delay = retryDelayMs(attempt, retryIndex, request.retryAfterCapS);
      // A retry that cannot finish before the deadline only delays the answer.
      if (delay === null || Date.now() + delay + 50 >= deadlineAt) break;
      await sleep(delay, signal);
      throwIfCallerAborted();
    }
    if (!(last.attempt.outcome === "blocked" && last.attempt.escalatable)) break;
  }
  if (last === undefined) throw new FetchLayerError("internal_error", `Fetching ${stripUrlCredentials(request.url)} ran no attempt.`);
  const result = toResult(request, last.attempt, last.tier === 0 ? "http" : "browser_headers", tierAttempts, startedAt);
  if (result.retry_after_s !== null && result.retry_after_s > request.retryAfterCapS && result.outcome !== "ok") {
    result.detail += `; not retried, the wait is over retry_after_cap_s (${request.retryAfterCapS} s)`;
  }
  if (shared !== undefined && result.retry_after_s !== null && result.outcome !== "ok") {
    await recordHostBackoff(shared, new URL(result.final_url).host, result.retry_after_s);
  }
  await keepInCache(request, shared, result);
  return result;
}

type SharedFetchState = ReturnType<typeof openSharedFetchState>;

/** The cached page for this request when the cache is in use and holds a fresh one; recording wants real exchanges, so a recording run never answers from it. */
async function answerFromCache(request: ResolvedFetchRequest, shared: SharedFetchState | undefined, startedAt: number): Promise<FetchPageResult | undefined> {
  if (request.cache === undefined || request.cache.mode !== "use" || request.recordWarc !== undefined) return undefined;
  const key = cacheKeyFor(request);
  const hit = shared === undefined ? await readCachedPage(request.cache.dir, key, request.cache.ttlS) : await readSharedCachedPage(shared, key, request.cache.ttlS);
  // An entry larger than this request's limit would not have been fetched now, so it is not served either.
  // max_bytes bounds what is read from the wire; a render's DOM is not, so a cached render is served as a
  // fresh one would be.
  if (hit === undefined || (request.tier !== 2 && hit.page.bytes > request.maxBytes)) return undefined;
  const { page } = hit;
  const what = request.tier === 2 ? " (rendered in the browser tier)" : "";
  return {
    url: stripUrlCredentials(request.url), final_url: page.final_url, status: page.status, outcome: "ok", fetched_via: "cache",
    blocked: false, block_reason: null, retry_after_s: null, content_type: page.content_type, charset: page.charset,
    bytes: page.bytes, body: page.body, body_encoding: page.body_encoding, redirects: page.redirects, tier_attempts: [],
    elapsed_ms: Date.now() - startedAt, cache_age_s: hit.ageS, detail: `served from the cache${what}, ${hit.ageS} s old`,
    // Rate-limit headers describe the moment of the original fetch, so none are kept in the cache.
    error_body: null, headers: {},
    // What a render was refused explains what its page lacks, so a cached render keeps saying it.
    ...(page.refused_requests !== undefined ? { refused_requests: page.refused_requests } : {}),
  };
}

/** Keeps a successful result for later requests (any mode but `off`); a cache that cannot be written never fails the fetch. */
async function keepInCache(request: ResolvedFetchRequest, shared: SharedFetchState | undefined, result: FetchPageResult): Promise<void> {
  if (request.cache === undefined || result.outcome !== "ok" || result.body === null || result.status === null) return;
  const key = cacheKeyFor(request);
  const page = {
    final_url: result.final_url, status: result.status, content_type: result.content_type, charset: result.charset ?? null,
    bytes: result.bytes, body: result.body, body_encoding: result.body_encoding, redirects: result.redirects,
    ...(result.refused_requests !== undefined && result.refused_requests.length > 0 ? { refused_requests: result.refused_requests } : {}),
  };
  if (shared === undefined) await writeCachedPage(request.cache.dir, key, page);
  else await writeSharedCachedPage(shared, key, page, request.cache.ttlS);
}

/** Not sent: the host told another instance to wait longer than this request may (retry_after_cap_s or its deadline). */
function hostBackedOff(request: ResolvedFetchRequest, remainingS: number, startedAt: number): FetchPageResult {
  const detail = `not sent: ${request.url.host} asked websift to wait (Retry-After) and ${remainingS} s of that wait remain, more than this request may wait`;
  return toResult(request, { ...failedAttempt("rate_limited", request.url, [], detail, []), retryAfterS: remainingS }, "http", [], startedAt);
}
