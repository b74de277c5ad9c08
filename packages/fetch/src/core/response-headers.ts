// The few response headers a caller needs to act on a reply (wait times and rate-limit budgets). Everything
// else stays inside the fetch layer: callers get the outcome, not the raw response.
import { headerValue, type OpenedExchange } from "./exchange.js";

const CALLER_HEADERS = [
  "retry-after",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
] as const;

/** The caller-facing headers present on a response, lower-case names; absent ones are left out. */
export function callerHeaders(headers: OpenedExchange["headers"]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of CALLER_HEADERS) {
    const value = headerValue(headers, name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
