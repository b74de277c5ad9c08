// The outcome of one tier attempt, before it becomes the public result, plus what the archive needs.
import type { HopRequest, OpenedExchange } from "./exchange.js";
import type { FetchOutcome, RedirectHop } from "./types.js";

export interface ArchivableExchange {
  request: HopRequest;
  sentHeaders: Array<[string, string]>;
  response: { status: number; statusText: string; httpVersion: string; rawHeaders: Array<[string, string]>; rawBody: Buffer };
}

export interface AttemptResult {
  outcome: FetchOutcome;
  status: number | null;
  finalUrl: URL;
  redirects: RedirectHop[];
  blockReason: string | null;
  escalatable: boolean;
  retryAfterS: number | null;
  contentType: string | null;
  charset: string | null;
  bytes: number;
  body: string | null;
  bodyEncoding: "text" | "base64";
  /** The start of an API's error answer (http_error only); never a block page. */
  errorBody: string | null;
  /** Caller-facing response headers (see response-headers.ts); empty when no response arrived. */
  headers: Record<string, string>;
  detail: string;
  exchanges: ArchivableExchange[];
}

export function failedAttempt(outcome: FetchOutcome, url: URL, redirects: RedirectHop[], detail: string, exchanges: ArchivableExchange[]): AttemptResult {
  return {
    outcome, status: null, finalUrl: url, redirects, blockReason: null, escalatable: false, retryAfterS: null,
    contentType: null, charset: null, bytes: 0, body: null, bodyEncoding: "text", errorBody: null, headers: {}, detail, exchanges,
  };
}

export function archivable(hop: HopRequest, exchange: OpenedExchange, rawBody: Buffer): ArchivableExchange {
  return {
    request: hop,
    sentHeaders: exchange.sentHeaders,
    response: { status: exchange.status, statusText: exchange.statusText, httpVersion: exchange.httpVersion, rawHeaders: exchange.rawHeaders, rawBody },
  };
}
