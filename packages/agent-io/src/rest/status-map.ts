import type { Envelope, ErrorCode } from "@websift/contracts";

/**
 * The HTTP status of an Envelope. The Envelope says everything; the status only lets plain HTTP
 * clients and proxies tell the kinds of failure apart:
 * - 200 ok (a search whose outcome is `partial` or `empty` is still ok)
 * - 400 the request is wrong (invalid_request)
 * - 401 the server requires a bearer token and none or a wrong one came (unauthorized)
 * - 403 the SSRF guard or a policy refused the target (refused)
 * - 404 no such handle, page or archive record (not_found, not_in_archive)
 * - 409 two URLs map to one handle (handle_collision)
 * - 413 a body or page exceeded its size limit (too_large)
 * - 422 the target was reached but is not usable content: a block or challenge page, an HTTP error
 *       page, an empty page, an unsupported type, a redirect loop, a page too costly to extract
 * - 429 the target asked us to slow down (rate_limited; Retry-After when known)
 * - 501 this build lacks the operation (not_available)
 * - 502 upstream failure: every engine failed, a reply that could not be parsed, a network or DNS
 *       failure, rejected engine credentials, an exhausted quota
 * - 503 not configured (browser_unavailable: the page needs a browser this machine lacks), the store is busy or
 *       unreachable (store_locked, store_unavailable), or the server is at its concurrency limit (busy; retry
 *       after Retry-After)
 * - 504 the operation timed out
 * - 500 a websift defect or a malformed configuration file
 */
const STATUS_OF: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  refused: 403,
  not_found: 404,
  not_in_archive: 404,
  handle_collision: 409,
  too_large: 413,
  blocked: 422,
  http_error: 422,
  empty_content: 422,
  unsupported_content: 422,
  redirect_loop: 422,
  extract_timeout: 422,
  rate_limited: 429,
  not_available: 501,
  engines_failed: 502,
  parse_failed: 502,
  network_error: 502,
  dns_failed: 502,
  auth_failed: 502,
  quota_exhausted: 502,
  not_configured: 503,
  browser_unavailable: 503,
  store_locked: 503,
  store_unavailable: 503,
  busy: 503,
  timeout: 504,
  invalid_config: 500,
  internal_error: 500,
  output_invalid: 500,
  store_corrupt: 500,
};

/** The HTTP status REST answers for an error code. */
export function statusOfCode(code: ErrorCode): number {
  return STATUS_OF[code] ?? 500;
}

export function httpStatusOf(envelope: Envelope<unknown>): number {
  if (envelope.ok || !envelope.error) return 200;
  return STATUS_OF[envelope.error.code] ?? 500;
}

/** Seconds for a Retry-After header, when the failure carries them. */
export function retryAfterOf(envelope: Envelope<unknown>): number | undefined {
  const value = envelope.error?.details?.["retry_after_s"];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}
