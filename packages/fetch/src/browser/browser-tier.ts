// Tier 2 as fetchPage sees it: render (or replay a recorded render), record what the browser exchanged
// plus the rendered DOM, and shape one FetchResponse. A missing browser is the typed outcome
// `browser_unavailable`, never an empty page. It also says whether a render may be cached (fetchPage keeps
// those under their own key): only one that settled and is not a bot check.
import { appendExchangesToWarc } from "../core/warc.js";
import { detectBlockPage } from "../core/block-detection.js";
import { stripCredentialsFromText, stripUrlCredentials } from "../core/redact.js";
import type { ResolvedFetchRequest } from "../core/resolve-request.js";
import type { FetchPageResult, TierAttempt } from "../core/types.js";
import { BrowserUnavailable } from "./browser-unavailable.js";
import { RenderSlotTimeout } from "./browser-pool.js";
import { appendRenderedDomToWarc, readRenderedDomFromWarc } from "./rendered-dom-warc.js";
import { renderPage, type RenderResult } from "./render-page.js";

function emptyResult(request: ResolvedFetchRequest, startedAt: number): FetchPageResult {
  return {
    url: stripUrlCredentials(request.url), final_url: stripUrlCredentials(request.url), status: null, outcome: "network_error", fetched_via: null,
    blocked: false, block_reason: null, retry_after_s: null, content_type: null, charset: null, bytes: 0, body: null, body_encoding: "text",
    redirects: [], tier_attempts: [], elapsed_ms: Date.now() - startedAt, cache_age_s: null, detail: "", error_body: null, headers: {},
  };
}

function attempt(result: FetchPageResult, startedAt: number): TierAttempt {
  return { tier: 2, status: result.status, outcome: result.outcome, block_reason: null, elapsed_ms: Date.now() - startedAt };
}

async function replayRender(request: ResolvedFetchRequest, archive: string, startedAt: number): Promise<FetchPageResult> {
  const result = emptyResult(request, startedAt);
  const record = await readRenderedDomFromWarc(archive, request.url).catch(() => undefined);
  if (record === undefined) {
    result.outcome = "not_in_archive";
    result.detail = `no rendered page for ${stripUrlCredentials(request.url)} in the archive ${archive}`;
  } else {
    Object.assign(result, {
      outcome: "ok", status: record.status, final_url: record.finalUrl, fetched_via: "replay", content_type: "text/html", charset: "utf-8",
      body: record.html, bytes: Buffer.byteLength(record.html), detail: "replayed the DOM recorded by the browser tier",
    });
  }
  result.tier_attempts = [attempt(result, startedAt)];
  return result;
}

function fromRender(request: ResolvedFetchRequest, rendered: RenderResult, startedAt: number): FetchPageResult {
  const result = emptyResult(request, startedAt);
  Object.assign(result, {
    outcome: rendered.outcome, status: rendered.status, final_url: stripUrlCredentials(rendered.finalUrl),
    fetched_via: rendered.status === null ? null : "browser", content_type: rendered.contentType,
    charset: rendered.bodyEncoding === "text" && rendered.body !== null ? "utf-8" : null,
    body: rendered.outcome === "ok" ? rendered.body : null, body_encoding: rendered.bodyEncoding,
    bytes: rendered.body === null ? 0 : rendered.bodyEncoding === "text" ? Buffer.byteLength(rendered.body) : Buffer.from(rendered.body, "base64").length,
    redirects: rendered.redirects, headers: rendered.headers, detail: stripCredentialsFromText(rendered.detail),
    refused_requests: rendered.session.refused,
  });
  result.tier_attempts = [attempt(result, startedAt)];
  return result;
}

export interface BrowserTierAnswer {
  result: FetchPageResult;
  /**
   * Whether a later request may be answered with this render: it settled (or the document was not HTML and
   * came as sent) and is no bot check. A render cut at its budget is what one budget saw, not the page, and a
   * challenge must be met again, not replayed for an hour.
   */
  cacheable: boolean;
}

// Every vendor marker sits in the first few tens of KB of a challenge page.
const BLOCK_CHECK_CHARS = 64 * 1024;

function mayCache(rendered: RenderResult): boolean {
  if (rendered.outcome !== "ok" || rendered.status === null || rendered.body === null || rendered.settled === "cap") return false;
  if (rendered.bodyEncoding !== "text") return true;
  const verdict = detectBlockPage({
    status: rendered.status,
    headers: rendered.headers,
    bodyText: rendered.body.slice(0, BLOCK_CHECK_CHARS),
    bodyBytes: Buffer.byteLength(rendered.body),
    retryAfterHeader: rendered.headers["retry-after"],
    mediaType: rendered.contentType ?? "text/html",
  });
  return verdict === null;
}

export async function fetchWithBrowser(request: ResolvedFetchRequest, signal: AbortSignal): Promise<BrowserTierAnswer> {
  const startedAt = Date.now();
  if (request.replayWarc !== undefined) return { result: await replayRender(request, request.replayWarc, startedAt), cacheable: false };
  let rendered: RenderResult;
  try {
    rendered = await renderPage(request, signal);
  } catch (error) {
    if (error instanceof RenderSlotTimeout) {
      const result = emptyResult(request, startedAt);
      result.outcome = "timeout";
      result.detail = `rendering ${stripUrlCredentials(request.url)} ran out of time: ${error.message}`;
      result.tier_attempts = [attempt(result, startedAt)];
      return { result, cacheable: false };
    }
    if (!(error instanceof BrowserUnavailable)) throw error;
    const result = emptyResult(request, startedAt);
    result.outcome = "browser_unavailable";
    result.detail = `the page needs a browser to render and none could be started: ${error.detail}`;
    result.tier_attempts = [attempt(result, startedAt)];
    return { result, cacheable: false };
  }
  if (request.recordWarc !== undefined) {
    await appendExchangesToWarc(request.recordWarc, rendered.session.exchanges);
    if (rendered.outcome === "ok" && rendered.bodyEncoding === "text" && rendered.body !== null && rendered.status !== null) {
      await appendRenderedDomToWarc(request.recordWarc, request.url, { finalUrl: rendered.finalUrl.href, status: rendered.status, html: rendered.body });
    }
  }
  return { result: fromRender(request, rendered, startedAt), cacheable: mayCache(rendered) };
}
