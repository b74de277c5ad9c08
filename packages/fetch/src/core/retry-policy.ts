// Which outcomes deserve another try, and how long to wait first.
import type { FetchOutcome } from "./types.js";

const RETRIABLE_STATUSES = new Set([408, 500, 502, 503, 504]);
const BASE_BACKOFF_MS = 250;

/** Retry-After as seconds (delta-seconds or HTTP date), or null when absent or unparseable. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | null {
  if (header === undefined) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export interface RetryInput {
  outcome: FetchOutcome;
  status: number | null;
  retryAfterS: number | null;
  blockReason: string | null;
}

/**
 * Milliseconds to wait before retrying, or null when the outcome is final. A Retry-After beyond the cap is
 * honoured by not retrying at all: waiting less than the server asked would be impolite and pointless.
 */
export function retryDelayMs(input: RetryInput, retryIndex: number, retryAfterCapS: number): number | null {
  const backoff = BASE_BACKOFF_MS * 2 ** retryIndex + Math.floor(Math.random() * BASE_BACKOFF_MS);
  const honourRetryAfter = (): number | null => {
    if (input.retryAfterS === null) return backoff;
    return input.retryAfterS > retryAfterCapS ? null : input.retryAfterS * 1000;
  };
  if (input.outcome === "network_error" || input.outcome === "timeout") return backoff;
  if (input.outcome === "rate_limited") return honourRetryAfter();
  if (input.outcome === "http_error" && input.status !== null && RETRIABLE_STATUSES.has(input.status)) return honourRetryAfter();
  return null;
}
