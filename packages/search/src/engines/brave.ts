import { keyProblem } from "../config/placeholder-key.js";
import { reserveBraveRequest } from "./brave-usage.js";
import { htmlToText, isoDate } from "./text.js";
import { failedRunFromFetch, fetchErrorReply, parseJsonBody, retryAfterSeconds, serviceText } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type EngineSettings } from "./port.js";
import { engineFetchRequest } from "./engine-request.js";

const NAME = "brave";
const PUBLIC_ORIGIN = "https://api.search.brave.com";
// Brave's documented maxima: count <= 20 per page (offset <= 9; only the first page is asked for).
const MAX_COUNT = 20;
const FRESHNESS = { day: "pd", week: "pw", month: "pm", year: "py" } as const;

/** Brave is off until the operator turns it on: say where. */
function notEnabled(settings: EngineSettings): string {
  return `Brave Search is paid: it runs only when your config enables it (engines.brave.enabled: true in ${settings.config_file ?? "config.yaml in the websift config dir"}).`;
}

/** Where the key goes, for the messages that ask for it. */
function keyHint(settings: EngineSettings): string {
  return `BRAVE_SEARCH_API_KEY or the key file ${settings.key_file ?? "brave.key in the websift config dir"}`;
}

/** Why Brave cannot run, or undefined; names the key's problem, never the key. */
function unavailable(settings: EngineSettings): string | undefined {
  if (!settings.enabled) return notEnabled(settings);
  const problem = settings.key_problem ?? keyProblem(settings.api_key);
  if (problem !== undefined) return `Brave Search has no usable key (${problem}); set ${keyHint(settings)}. Nothing was sent.`;
  return undefined;
}

/** `page_age` is ISO without a zone (UTC); `age` may be "May 1, 2024" or relative ("2 days ago", not a date). */
function bravePublished(raw: Record<string, unknown>): string | null {
  const pageAge = isoDate(raw["page_age"]);
  if (pageAge !== null) return pageAge;
  const age = raw["age"];
  if (typeof age === "string" && /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(age)) return isoDate(`${age} UTC`);
  return null;
}

/** Map a Brave Web Search reply onto the port. */
function mapBraveReply(reply: unknown, limit: number): EngineRun {
  const body = (reply && typeof reply === "object" ? reply : {}) as Record<string, unknown>;
  const error = braveError(reply);
  if (error !== null) return braveErrorRun(error, null, {});
  if (body["type"] !== "search") return emptyRun(NAME, "parse_failed", "The reply is not a Brave Web Search reply (type is not `search`).");
  const query = (body["query"] ?? {}) as Record<string, unknown>;
  const corrections = typeof query["altered"] === "string" && query["altered"] !== "" ? [query["altered"]] : [];
  // Brave leaves `web` out when nothing matched: that, or an empty list, is an answer with nothing.
  const web = body["web"] as { results?: unknown } | undefined;
  if (web === undefined || (Array.isArray(web.results) && web.results.length === 0)) {
    return { ...emptyRun(NAME, "empty", "Brave answered with no web results."), corrections };
  }
  if (!Array.isArray(web.results)) return emptyRun(NAME, "parse_failed", "Brave's `web` section has no `results` list.");
  const results: EngineResult[] = [];
  for (const raw of web.results as Array<Record<string, unknown>>) {
    if (!raw || typeof raw["url"] !== "string" || raw["url"] === "" || typeof raw["title"] !== "string") continue;
    results.push({
      url: raw["url"],
      title: htmlToText(raw["title"]),
      // Descriptions carry <strong> highlights and entities.
      snippet: typeof raw["description"] === "string" ? htmlToText(raw["description"]) : "",
      published: bravePublished(raw),
      sources: [NAME],
    });
    if (results.length >= limit) break;
  }
  if (results.length === 0) return emptyRun(NAME, "parse_failed", `Brave returned ${web.results.length} web results without a title or an address.`);
  return { ...emptyRun(NAME, "ok", null), results, corrections };
}

/** Brave's error answer, read from either documented shape: `{"error": {...}}` or `{"errors": [{...}]}`. */
interface BraveError {
  code: string;
  detail: string | null;
  /** Where a VALIDATION error points (`header x-subscription-token`, `query q`), from `meta.errors[].loc`. */
  locations: string[];
}

function braveError(reply: unknown): BraveError | null {
  if (!reply || typeof reply !== "object") return null;
  const body = reply as Record<string, unknown>;
  const first = Array.isArray(body["errors"]) ? (body["errors"] as unknown[])[0] : body["error"];
  if (body["type"] !== "ErrorResponse" && (first === undefined || first === null || typeof first !== "object")) return null;
  const error = (first && typeof first === "object" ? first : {}) as Record<string, unknown>;
  const meta = (error["meta"] && typeof error["meta"] === "object" ? error["meta"] : {}) as Record<string, unknown>;
  const metaErrors = Array.isArray(meta["errors"]) ? (meta["errors"] as Array<Record<string, unknown>>) : [];
  const locations = metaErrors.flatMap((item) => (item && Array.isArray(item["loc"]) ? [item["loc"].map(String).join(" ").toLowerCase()] : []));
  return {
    code: typeof error["code"] === "string" && error["code"] !== "" ? error["code"] : "unknown",
    detail: typeof error["detail"] === "string" ? serviceText(error["detail"]) : null,
    locations,
  };
}

const KEY_CODES = new Set(["SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_TOKEN_MISSING", "SUBSCRIPTION_NOT_FOUND"]);

/**
 * Seconds until Brave lets a request through again. Retry-After first; else X-RateLimit-Reset, which holds one
 * figure per window, shortest first (`1, 1419704`: one second, then the month), read against
 * X-RateLimit-Remaining: the longest window with nothing left decides; with none empty, the shortest.
 */
function braveRetryAfterS(retryAfterS: number | null, headers: Record<string, string>): number | null {
  if (retryAfterS !== null) return retryAfterS;
  const figures = (name: string): number[] => (headers[name] ?? "").split(",").map((part) => Number(part.trim())).filter((n) => Number.isFinite(n) && n >= 0);
  const resets = figures("x-ratelimit-reset");
  if (resets.length === 0) return null;
  const remaining = figures("x-ratelimit-remaining");
  const spent = resets.filter((_, index) => remaining[index] === 0);
  return Math.ceil(spent.length > 0 ? Math.max(...spent) : resets[0]!);
}

/** The monthly (any window after the first) quota is spent: no short wait ends it. */
function monthlyQuotaSpent(headers: Record<string, string>): boolean {
  const remaining = (headers["x-ratelimit-remaining"] ?? "").split(",").map((part) => Number(part.trim()));
  return remaining.slice(1).some((n) => n === 0);
}

/** Map Brave's own error answer onto the port, with Brave's reason in the detail. */
function braveErrorRun(error: BraveError, status: number | null, headers: Record<string, string>, retryAfterS: number | null = null): EngineRun {
  const http = status === null ? "" : `HTTP ${status}, `;
  const said = `(${http}${error.code}${error.detail !== null ? `: ${error.detail}` : ""})`;
  if (KEY_CODES.has(error.code)) {
    return emptyRun(NAME, "auth_failed", `Brave rejected the key ${said}; check BRAVE_SEARCH_API_KEY or the key file, and that the key belongs to a Search plan.`);
  }
  if (error.code === "VALIDATION") {
    // A missing or malformed key is a VALIDATION error that points at the header; websift's own parameters
    // stay inside Brave's documented ranges, so a VALIDATION error that names no parameter is read as the key.
    const parameters = error.locations.filter((location) => !location.includes("x-subscription-token"));
    if (parameters.length === 0) {
      return emptyRun(NAME, "auth_failed", `Brave could not validate the request ${said}; with websift's in-range parameters this is the key (missing, malformed or not for this API).`);
    }
    return emptyRun(NAME, "http_error", `Brave refused the request's parameters ${said}: ${parameters.join("; ")}.`);
  }
  const wait = braveRetryAfterS(retryAfterS, headers);
  const waitText = wait === null ? "" : `; retry after ${wait} s`;
  // QUOTA_LIMITED is the plan's quota (monthly), not a burst: no short wait ends it.
  if (error.code === "QUOTA_LIMITED" || status === 402) {
    return emptyRun(NAME, "quota_exhausted", `Brave's plan quota is spent ${said}${waitText}.`, wait);
  }
  if (error.code === "RATE_LIMITED" || status === 429) {
    const what = monthlyQuotaSpent(headers) ? "Brave's rate limit was hit and its plan quota is spent" : "Brave's rate limit was hit";
    return emptyRun(NAME, "rate_limited", `${what} ${said}${waitText}.`, wait);
  }
  if (status === 401 || status === 403) {
    return emptyRun(NAME, "auth_failed", `Brave refused the key ${said}: it is invalid, or its plan does not include web search.`);
  }
  if (status !== null && status >= 500) return emptyRun(NAME, "server_error", `Brave failed on its side ${said}.`);
  return emptyRun(NAME, "http_error", `Brave answered with an error ${said}.`);
}

function statusRun(status: number | null, retryAfterS: number | null, headers: Record<string, string>): EngineRun | null {
  // The fetch layer files 401 as a block (auth_required); for a keyed API it is the key being rejected.
  if (status === 401) return emptyRun(NAME, "auth_failed", `Brave rejected the key (HTTP 401); check BRAVE_SEARCH_API_KEY or the key file.`);
  if (status === 403) return emptyRun(NAME, "auth_failed", "Brave refused the key (HTTP 403): it is invalid, or its plan does not include web search.");
  // The key travels in a header: a redirect could carry it to another host, so none is followed.
  if (status !== null && status >= 300 && status < 400) return emptyRun(NAME, "refused", `Brave answered with a redirect (HTTP ${status}); keyed requests follow no redirect.`);
  if (status === 429) {
    const wait = braveRetryAfterS(retryAfterS, headers);
    const what = monthlyQuotaSpent(headers) ? "Brave's plan quota is spent" : "Brave's rate limit was hit";
    return emptyRun(NAME, "rate_limited", `${what} (HTTP 429)${wait !== null ? `; retry after ${wait} s` : ""}.`, wait);
  }
  if (status === 422) return emptyRun(NAME, "auth_failed", "Brave could not validate the request (HTTP 422) and gave no readable reason; Brave answers a missing or invalid key this way.");
  return null;
}

export const braveEngine: EngineAdapter = {
  name: NAME,
  group: "brave",
  kind: "keyed",
  inDefaultSet: false,
  supportsTimeRange: true,
  describe: "Brave Search API (paid, your own key); runs only when enabled in config, within a local daily budget, 1 request a second.",
  availability(settings) {
    const problem = unavailable(settings);
    if (problem !== undefined) return { configured: false, detail: problem };
    const budget = settings.daily_budget === undefined ? "no local daily budget" : `daily budget ${settings.daily_budget} requests`;
    return { configured: true, detail: `key set; ${budget}` };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const { settings } = context;
    const problem = unavailable(settings);
    if (problem !== undefined || settings.api_key === undefined) return emptyRun(NAME, "not_configured", problem ?? notEnabled(settings));
    // Built first (a bad base URL fails here, before any budget is spent), reserved last, right before sending:
    // the budget counts requests that actually go out.
    const request = engineFetchRequest(context, {
      base: settings.base_url ?? PUBLIC_ORIGIN,
      path: "/res/v1/web/search",
      params: [
        ["q", context.query],
        ["count", String(Math.max(1, Math.min(context.limit, MAX_COUNT)))],
        ["freshness", context.timeRange ? FRESHNESS[context.timeRange] : undefined],
      ],
      headers: { accept: "application/json", "x-subscription-token": settings.api_key.trim() },
      followRedirects: false,
    });
    const reservation = await reserveBraveRequest(context.stateDir, settings.daily_budget);
    if (!reservation.allowed) {
      return emptyRun(NAME, "quota_exhausted", `The local daily budget of ${reservation.budget} Brave requests is spent (${reservation.used_today} today, UTC); it resets at 00:00 UTC. Nothing was sent.`);
    }
    const envelope = await context.fetch(request);
    const data = envelope.data;
    if (data) {
      // Brave's reference documents 404, 422 and 429 with an ErrorResponse body: its code decides, in its words.
      const reply = fetchErrorReply(data);
      const retryAfterS = retryAfterSeconds(data, reply.headers);
      const error = data.outcome !== "ok" ? braveError(parseJsonBody(reply.errorBody)) : null;
      if (error !== null) return braveErrorRun(error, data.status ?? null, reply.headers, retryAfterS);
      const byStatus = statusRun(data.status ?? null, retryAfterS, reply.headers);
      if (byStatus) return byStatus;
    }
    const failed = failedRunFromFetch(NAME, envelope, { on401: "auth_failed", on402: "quota_exhausted", on403: "auth_failed" });
    if (failed) return failed;
    const reply = parseJsonBody(data?.body ?? null);
    if (reply === undefined) {
      return emptyRun(NAME, "parse_failed", `Brave answered HTTP ${data?.status} with content that is not JSON (${data?.content_type ?? "unknown type"}).`);
    }
    return mapBraveReply(reply, context.limit);
  },
};
