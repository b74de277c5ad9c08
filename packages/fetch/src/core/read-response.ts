// Reads the final (non-redirect) response of an attempt: size and type gates, limited body read, charset
// decoding and block detection. Only an ok outcome carries the body; an http_error carries the start of an
// API's error answer as `errorBody`, a block page carries neither.
import { archivable, failedAttempt, type ArchivableExchange, type AttemptResult } from "./attempt-result.js";
import { detectBlockPage } from "./block-detection.js";
import { BodyLimitError, readLimitedBody } from "./body-reader.js";
import { decodeText } from "./charset.js";
import { isContentTypeAccepted, isTextualMediaType, parseContentType, sniffMediaType } from "./content-type.js";
import { decodeErrorWindow, errorBodyOf } from "./error-body.js";
import { ExchangeFailure, headerValue, type HopRequest, type OpenedExchange } from "./exchange.js";
import type { ResolvedFetchRequest } from "./resolve-request.js";
import { callerHeaders } from "./response-headers.js";
import { parseRetryAfter } from "./retry-policy.js";
import type { FetchOutcome, RedirectHop } from "./types.js";

const BLOCK_SNIFF_BYTES = 65_536;

export async function readFinalResponse(
  context: { request: ResolvedFetchRequest; signal: AbortSignal }, hop: HopRequest, exchange: OpenedExchange, redirects: RedirectHop[], exchanges: ArchivableExchange[],
): Promise<AttemptResult> {
  const { request } = context;
  const status = exchange.status;
  const fail = (outcome: FetchOutcome, detail: string): AttemptResult => ({ ...failedAttempt(outcome, hop.url, redirects, detail, exchanges), status });
  const declaredType = parseContentType(headerValue(exchange.headers, "content-type"));
  const contentLength = Number(headerValue(exchange.headers, "content-length") ?? "NaN");
  if (Number.isFinite(contentLength) && contentLength > request.maxBytes) {
    exchange.body.destroy();
    return fail("too_large", `the response declares ${contentLength} bytes, over max_bytes (${request.maxBytes})`);
  }
  const isSuccess = status >= 200 && status < 300;
  // Gate before downloading when the type is declared; undeclared types are sniffed after reading.
  if (isSuccess && declaredType !== undefined && !isContentTypeAccepted(declaredType.mediaType, request.acceptContentTypes)) {
    exchange.body.destroy();
    return { ...fail("unsupported_content", `content type ${declaredType.mediaType} is not accepted (add it to accept_content_types)`), contentType: declaredType.mediaType };
  }
  let raw: Buffer;
  let decoded: Buffer;
  try {
    ({ raw, decoded } = await readLimitedBody(exchange.body, headerValue(exchange.headers, "content-encoding"), request));
  } catch (error) {
    exchange.body.destroy();
    if (error instanceof BodyLimitError) return fail(error.outcome, error.detail);
    if (error instanceof ExchangeFailure) return fail(error.outcome, error.detail);
    if (context.signal.aborted) return fail("timeout", `reading the body from ${hop.url.host} ran out of time`);
    const code = (error as { code?: string }).code;
    return fail("network_error", `the body from ${hop.url.host} was cut off (${code ?? (error as Error).message})`);
  }
  exchanges.push(archivable(hop, exchange, raw));

  const mediaType = declaredType?.mediaType ?? sniffMediaType(decoded);
  const textual = isTextualMediaType(mediaType);
  // The whole wire body was still read above: the archive and the block checks' size thresholds need all of it.
  const decodeAs = isSuccess ? decodeText : decodeErrorWindow;
  const text = textual ? decodeAs(decoded, declaredType?.charset) : undefined;
  const retryAfterHeader = headerValue(exchange.headers, "retry-after");
  const retryAfterS = parseRetryAfter(retryAfterHeader);
  const sniffText = text?.text.slice(0, BLOCK_SNIFF_BYTES) ?? decoded.subarray(0, BLOCK_SNIFF_BYTES).toString("latin1");
  const block = detectBlockPage({ status, headers: exchange.headers, bodyText: sniffText, bodyBytes: decoded.length, retryAfterHeader, mediaType });
  const base = {
    ...failedAttempt("ok", hop.url, redirects, "", exchanges),
    status, retryAfterS, contentType: mediaType, charset: text?.charset ?? null, bytes: raw.length, headers: callerHeaders(exchange.headers),
  };
  if (block !== null) {
    // The block page is evidence, not content: its body is never returned.
    if (block.reason === "rate_limited") {
      const wait = retryAfterS === null ? "no Retry-After" : `Retry-After ${retryAfterS} s`;
      return { ...base, outcome: "rate_limited", blockReason: block.reason, escalatable: false, detail: `HTTP 429 rate limited (${wait})` };
    }
    return { ...base, outcome: "blocked", blockReason: block.reason, escalatable: block.escalatable, detail: `HTTP ${status} is a block page (${block.reason})` };
  }
  if (isSuccess && declaredType === undefined && !isContentTypeAccepted(mediaType, request.acceptContentTypes)) {
    return { ...base, outcome: "unsupported_content", detail: `undeclared content sniffed as ${mediaType} is not accepted` };
  }
  // Only an ok outcome carries content (the contract): an error page is not the page that was asked for.
  if (!isSuccess) return { ...base, outcome: "http_error", errorBody: errorBodyOf(text, mediaType), detail: `the server answered HTTP ${status}` };
  const charsetWords = text === undefined ? "binary, returned as base64" : `charset ${text.charset} from ${text.source}`;
  return {
    ...base,
    body: text !== undefined ? text.text : decoded.toString("base64"),
    bodyEncoding: text !== undefined ? "text" : "base64",
    detail: `HTTP ${status}, ${decoded.length} bytes of ${mediaType}, ${charsetWords}`,
  };
}
