import type { FetchResponse } from "@websift/contracts";
import { isoDate } from "./text.js";
import { failedRunFromFetch, fetchErrorReply, parseJsonBody, retryAfterSeconds, type FetchErrorReply } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type TimeRange } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const NAME = "github";
const PUBLIC_ORIGIN = "https://api.github.com";
const MAX_PER_PAGE = 100;
const RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 366 };

const FORBIDDEN_DETAIL = "GitHub refused the request (HTTP 403)";
const MESSAGE_CHARS = 200;

/** GitHub's own error message ({"message": ...}), or the start of a text error answer; null when there is none. */
export function githubErrorMessage(errorBody: string | null): string | null {
  if (errorBody === null) return null;
  const reply = parseJsonBody(errorBody);
  const raw = reply === undefined ? errorBody : reply && typeof reply === "object" ? (reply as Record<string, unknown>)["message"] : undefined;
  if (typeof raw !== "string") return null;
  // GitHub's messages end in a period ("... try again."): it is dropped so the report's own stop is the only one.
  const message = raw.replace(/\s+/g, " ").trim().slice(0, MESSAGE_CHARS).replace(/[\s.]+$/, "");
  return message === "" ? null : message;
}

/** Seconds until the rate limit lifts: Retry-After first, else x-ratelimit-reset (epoch seconds) minus now, never below 0. */
export function githubRetryAfterS(retryAfterS: number | null, headers: Record<string, string>, now = Date.now()): number | null {
  if (retryAfterS !== null) return retryAfterS;
  const reset = Number(headers["x-ratelimit-reset"] ?? "NaN");
  if (!Number.isFinite(reset)) return null;
  return Math.max(0, Math.ceil(reset - now / 1000));
}

/**
 * GitHub signals its primary limit as 403/429 with x-ratelimit-remaining: 0 and its secondary limit with
 * Retry-After; both put "rate limit" in the message. Returns the rate_limited run, or null for another refusal.
 */
function rateLimitRun(data: FetchResponse, reply: FetchErrorReply, message: string | null): EngineRun | null {
  const status = data.status;
  if (status !== 403 && status !== 429) return null;
  const headerWait = retryAfterSeconds(data, reply.headers);
  const limited = status === 429 || data.outcome === "rate_limited" || reply.headers["x-ratelimit-remaining"] === "0" ||
    headerWait !== null || /rate limit/i.test(message ?? "");
  if (!limited) return null;
  const retryAfterS = githubRetryAfterS(headerWait, reply.headers);
  const said = message === null ? "" : `: ${message}`;
  const wait = retryAfterS === null ? "" : `; retry after ${retryAfterS} s`;
  return emptyRun(NAME, "rate_limited", `GitHub's rate limit was hit (HTTP ${status})${said}${wait}.`, retryAfterS);
}

/** `pushed:>YYYY-MM-DD`: repositories with a push inside the range (the API has no other date filter for repos). */
export function pushedQualifier(range: TimeRange, now = Date.now()): string {
  return `pushed:>${new Date(now - RANGE_DAYS[range] * 86_400_000).toISOString().slice(0, 10)}`;
}

function snippetOf(item: Record<string, unknown>): string {
  // Descriptions are plain text (not HTML): only whitespace is tidied, `<` stays `<`.
  const description = typeof item["description"] === "string" ? item["description"].replace(/\s+/g, " ").trim() : "";
  const facts: string[] = [];
  if (typeof item["language"] === "string") facts.push(item["language"]);
  if (typeof item["stargazers_count"] === "number") facts.push(`${item["stargazers_count"]} stars`);
  if (item["archived"] === true) facts.push("archived");
  const tail = facts.length > 0 ? `(${facts.join(", ")})` : "";
  return [description, tail].filter((part) => part !== "").join(" ");
}

/** Map a /search/repositories reply onto the port. */
export function mapGithubReply(reply: unknown, limit: number): EngineRun {
  const body = (reply && typeof reply === "object" ? reply : {}) as Record<string, unknown>;
  if (!Array.isArray(body["items"])) {
    return emptyRun(NAME, "parse_failed", "The reply is not a GitHub repository search reply (no `items` list).");
  }
  const items = body["items"] as Array<Record<string, unknown>>;
  const incomplete = body["incomplete_results"] === true;
  const results: EngineResult[] = [];
  for (const item of items) {
    if (!item || typeof item["html_url"] !== "string" || typeof item["full_name"] !== "string") continue;
    results.push({ url: item["html_url"], title: item["full_name"], snippet: snippetOf(item), published: isoDate(item["updated_at"]), sources: [NAME] });
    if (results.length >= limit) break;
  }
  if (results.length === 0 && items.length > 0) {
    return emptyRun(NAME, "parse_failed", `GitHub returned ${items.length} items without html_url or full_name.`);
  }
  if (results.length === 0) {
    // incomplete_results means GitHub's search timed out: nothing found is then not "nothing exists".
    return incomplete
      ? emptyRun(NAME, "timeout", "GitHub's search timed out on its side (incomplete_results) before finding anything.")
      : emptyRun(NAME, "empty", "GitHub answered with no matching repositories.");
  }
  const detail = incomplete ? "GitHub's search timed out on its side (incomplete_results): more repositories may match." : null;
  return { ...emptyRun(NAME, "ok", detail), results };
}

export const githubEngine: EngineAdapter = {
  name: NAME,
  group: "github",
  kind: "keyless",
  inDefaultSet: true,
  supportsTimeRange: true,
  describe: "GitHub repository search (REST /search/repositories), no key (10 requests a minute).",
  availability() {
    return { configured: true, detail: "keyless; GitHub REST repository search" };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const envelope = await sendEngineRequest(context, {
      base: context.settings.base_url ?? PUBLIC_ORIGIN,
      path: "/search/repositories",
      params: [
        ["q", context.timeRange ? `${context.query} ${pushedQualifier(context.timeRange)}` : context.query],
        ["per_page", String(Math.max(1, Math.min(context.limit, MAX_PER_PAGE)))],
      ],
      headers: { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" },
    });
    const data = envelope.data;
    if (data && data.outcome !== "ok") {
      const reply = fetchErrorReply(data);
      const message = githubErrorMessage(reply.errorBody);
      const limited = rateLimitRun(data, reply, message);
      if (limited) return limited;
      // Any other 403 is a refusal in GitHub's words (or a block page, which has none).
      if (data.status === 403) {
        const why = message !== null ? `: ${message}` : data.block_reason ? ` (${data.block_reason})` : "";
        return emptyRun(NAME, "blocked", `${FORBIDDEN_DETAIL}${why}.`);
      }
    }
    const failed = failedRunFromFetch(NAME, envelope);
    if (failed) return failed;
    const reply = parseJsonBody(data?.body ?? null);
    if (reply === undefined) {
      return emptyRun(NAME, "parse_failed", `GitHub answered HTTP ${data?.status} with content that is not JSON (${data?.content_type ?? "unknown type"}).`);
    }
    return mapGithubReply(reply, context.limit);
  },
};
