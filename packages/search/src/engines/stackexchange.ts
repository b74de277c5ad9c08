import type { FetchResponse } from "@websift/contracts";
import { htmlToText, isoDate } from "./text.js";
import { pendingEngineWait, recordEngineWait } from "./engine-waits.js";
import { failedRunFromFetch, fetchErrorReply, parseJsonBody } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type TimeRange } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const NAME = "stackexchange";
const PUBLIC_ORIGIN = "https://api.stackexchange.com";
const MAX_PAGE_SIZE = 100;
const RANGE_SECONDS: Record<TimeRange, number> = { day: 86_400, week: 7 * 86_400, month: 31 * 86_400, year: 366 * 86_400 };

// Stack Exchange error ids (api.stackexchange.com/docs/error-handling) that are not plain HTTP errors.
const ERROR_OUTCOMES: Record<number, EngineRun["outcome"]> = {
  401: "auth_failed",
  402: "auth_failed",
  403: "auth_failed",
  405: "auth_failed",
  406: "auth_failed",
  404: "not_found",
  500: "server_error",
  502: "rate_limited",
  503: "server_error",
};

function backoffSeconds(body: Record<string, unknown>): number | null {
  const value = body["backoff"];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

function describeItem(item: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof item["score"] === "number") parts.push(`score ${item["score"]}`);
  if (typeof item["answer_count"] === "number") parts.push(`${item["answer_count"]} ${item["answer_count"] === 1 ? "answer" : "answers"}`);
  if (item["is_answered"] === true) parts.push("answered");
  const tags = Array.isArray(item["tags"]) ? item["tags"].filter((tag): tag is string => typeof tag === "string") : [];
  if (tags.length > 0) parts.push(`tags: ${tags.join(", ")}`);
  // filter=default carries no question body: the snippet is the question's standing, in words.
  return parts.length > 0 ? `Stack Overflow question; ${parts.join("; ")}.` : "";
}

function isErrorWrapper(body: unknown): body is Record<string, unknown> & { error_id: number } {
  return !!body && typeof body === "object" && typeof (body as Record<string, unknown>)["error_id"] === "number";
}

/** Map the API's error wrapper ({error_id, error_name, error_message, backoff?}) onto the port, in its own words. */
function mapStackExchangeError(body: Record<string, unknown> & { error_id: number }): EngineRun {
  const id = body.error_id;
  const name = typeof body["error_name"] === "string" ? body["error_name"] : "unknown_error";
  // The message is the API's text: one line, bounded, so it cannot swamp the report.
  const message = typeof body["error_message"] === "string" ? `: ${body["error_message"].replace(/\s+/g, " ").trim().slice(0, 200)}` : "";
  const outcome = name === "throttle_violation" ? "rate_limited" : ERROR_OUTCOMES[id] ?? "http_error";
  const backoff = backoffSeconds(body);
  // The throttle reply carries no backoff: its wait is only in the text ("... available in 67194 seconds").
  const stated = outcome === "rate_limited" ? waitInMessage(body["error_message"]) : null;
  const retryAfterS = backoff !== null && stated !== null ? Math.max(backoff, stated) : backoff ?? stated;
  const wait = retryAfterS === null ? "" : `; retry after ${retryAfterS} s${retryAfterS === backoff ? " (backoff)" : ""}`;
  return emptyRun(NAME, outcome, `Stack Exchange's API answered with error ${id} ${name}${message}${wait}.`, retryAfterS);
}

/** "more requests available in 67194 seconds" -> 67194; null when the message names no wait. */
function waitInMessage(message: unknown): number | null {
  if (typeof message !== "string") return null;
  const match = /available in (\d+) seconds?/i.exec(message) ?? /(?:in|after) (\d+) seconds?/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Map a /2.3/search/advanced reply (or its error wrapper) onto the port. */
export function mapStackExchangeReply(reply: unknown, limit: number): EngineRun {
  if (!reply || typeof reply !== "object") return emptyRun(NAME, "parse_failed", "The reply is not Stack Exchange API JSON.");
  if (isErrorWrapper(reply)) return mapStackExchangeError(reply);
  const body = reply as Record<string, unknown>;
  const backoff = backoffSeconds(body);
  if (!Array.isArray(body["items"])) return emptyRun(NAME, "parse_failed", "The reply is not a Stack Exchange search reply (no `items` list).");
  const items = body["items"] as Array<Record<string, unknown>>;
  const results: EngineResult[] = [];
  for (const item of items) {
    if (!item || typeof item["link"] !== "string" || typeof item["title"] !== "string") continue;
    results.push({
      url: item["link"],
      // Titles arrive HTML-encoded (&quot;, &#39;, &amp;).
      title: htmlToText(item["title"]),
      snippet: describeItem(item),
      published: typeof item["creation_date"] === "number" ? isoDate(item["creation_date"] * 1000) : null,
      sources: [NAME],
    });
    if (results.length >= limit) break;
  }
  if (results.length === 0 && items.length > 0) {
    return emptyRun(NAME, "parse_failed", `Stack Exchange returned ${items.length} items without a link or title.`);
  }
  // A backoff on a good reply asks us to wait before the next call: keep it visible.
  const detail = backoff !== null ? `Stack Exchange asks for ${backoff} s before the next request (backoff).` : results.length === 0 ? "Stack Exchange answered with no matching questions." : null;
  return { ...emptyRun(NAME, results.length > 0 ? "ok" : "empty", detail, backoff), results };
}

/**
 * The API reports every error (throttling included) as HTTP 400 with its error wrapper as JSON; fetch passes
 * that on as `error_body`, so the API's own reason decides the outcome. Without it, say the reason is unknown.
 */
function failedRunFromErrorReply(data: FetchResponse | null, failed: EngineRun): EngineRun {
  if (!data) return failed;
  const reply = parseJsonBody(fetchErrorReply(data).errorBody);
  if (isErrorWrapper(reply)) {
    const run = mapStackExchangeError(reply);
    // A Retry-After the fetch layer saw counts when the API's answer names no wait.
    return run.retry_after_s === null && failed.retry_after_s !== null ? { ...run, retry_after_s: failed.retry_after_s } : run;
  }
  if (data.outcome !== "http_error" || data.status !== 400) return failed;
  return {
    ...failed,
    detail: "Stack Exchange refused the request (HTTP 400) without a readable error body. Its API reports every error this way (bad parameter, throttle_violation, ...), so the exact reason is unknown.",
  };
}

export const stackexchangeEngine: EngineAdapter = {
  name: NAME,
  group: "stackexchange",
  kind: "keyless",
  inDefaultSet: true,
  supportsTimeRange: true,
  describe: "Stack Overflow questions through the Stack Exchange API (/2.3/search/advanced), no key (300 requests a day per IP).",
  availability() {
    return { configured: true, detail: "keyless; Stack Exchange API, site stackoverflow" };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    // A backoff or throttle ban the API set earlier is honoured: within it nothing is sent.
    const pending = await pendingEngineWait(context.stateDir, NAME);
    if (pending !== null) {
      return emptyRun(NAME, "rate_limited", `Stack Exchange asked for a wait (${pending.reason}); ${pending.seconds} s of it remain, so nothing was sent.`, pending.seconds);
    }
    const run = await askStackExchange(context);
    if (run.retry_after_s !== null && run.retry_after_s > 0) {
      const reason = run.outcome === "rate_limited" ? "it throttled this IP" : "`backoff` on its last reply";
      // An unwritable state dir must not turn an answer into a failure: the wait is then only reported.
      await recordEngineWait(context.stateDir, NAME, run.retry_after_s, reason).catch(() => undefined);
    }
    return run;
  },
};

async function askStackExchange(context: EngineContext): Promise<EngineRun> {
  const envelope = await sendEngineRequest(context, {
    base: context.settings.base_url ?? PUBLIC_ORIGIN,
    path: "/2.3/search/advanced",
    params: [
      ["order", "desc"],
      ["sort", "relevance"],
      ["q", context.query],
      ["site", "stackoverflow"],
      ["pagesize", String(Math.max(1, Math.min(context.limit, MAX_PAGE_SIZE)))],
      ["filter", "default"],
      ["fromdate", context.timeRange ? String(Math.floor(Date.now() / 1000) - RANGE_SECONDS[context.timeRange]) : undefined],
    ],
    headers: { accept: "application/json" },
  });
  const failed = failedRunFromFetch(NAME, envelope);
  if (failed) return failedRunFromErrorReply(envelope.data, failed);
  const reply = parseJsonBody(envelope.data?.body ?? null);
  if (reply === undefined) {
    return emptyRun(NAME, "parse_failed", `Stack Exchange answered HTTP ${envelope.data?.status} with content that is not JSON (${envelope.data?.content_type ?? "unknown type"}).`);
  }
  return mapStackExchangeReply(reply, context.limit);
}
