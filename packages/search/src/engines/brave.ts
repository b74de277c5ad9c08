import { keyProblem } from "../config/placeholder-key.js";
import { reserveBraveRequest } from "./brave-usage.js";
import { htmlToText, isoDate } from "./text.js";
import { failedRunFromFetch, parseJsonBody } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type EngineSettings } from "./port.js";

const NAME = "brave";
const PUBLIC_ORIGIN = "https://api.search.brave.com";
// Brave's documented maxima: count <= 20 per page (offset <= 9; only the first page is asked for).
const MAX_COUNT = 20;
const FRESHNESS = { day: "pd", week: "pw", month: "pm", year: "py" } as const;

const NOT_ENABLED = "Brave Search is paid: it runs only when your config enables it (engines.brave.enabled: true).";

/** Why Brave cannot run, or undefined; names the key's problem, never the key. */
function unavailable(settings: EngineSettings): string | undefined {
  if (!settings.enabled) return NOT_ENABLED;
  const problem = settings.key_problem ?? keyProblem(settings.api_key);
  if (problem !== undefined) return `Brave Search has no usable key (${problem}); set BRAVE_SEARCH_API_KEY or the key file. Nothing was sent.`;
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
  if (body["type"] === "ErrorResponse") {
    const error = (body["error"] ?? {}) as Record<string, unknown>;
    const code = typeof error["code"] === "string" ? error["code"] : "unknown";
    return emptyRun(NAME, "http_error", `Brave answered with error ${code}${typeof error["detail"] === "string" ? `: ${error["detail"].slice(0, 200)}` : ""}.`);
  }
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

function statusRun(status: number | null, retryAfterS: number | null): EngineRun | null {
  // The fetch layer files 401 as a block (auth_required); for a keyed API it is the key being rejected.
  if (status === 401) return emptyRun(NAME, "auth_failed", "Brave rejected the key (HTTP 401); check BRAVE_SEARCH_API_KEY or the key file.");
  if (status === 403) return emptyRun(NAME, "auth_failed", "Brave refused the key (HTTP 403): it is invalid, or its plan does not include web search.");
  // The key travels in a header: a redirect could carry it to another host, so none is followed.
  if (status !== null && status >= 300 && status < 400) return emptyRun(NAME, "refused", `Brave answered with a redirect (HTTP ${status}); keyed requests follow no redirect.`);
  if (status === 429) return emptyRun(NAME, "rate_limited", `Brave's rate limit was hit (HTTP 429)${retryAfterS !== null ? `; retry after ${retryAfterS} s` : ""}.`, retryAfterS);
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
    if (problem !== undefined || settings.api_key === undefined) return emptyRun(NAME, "not_configured", problem ?? NOT_ENABLED);
    const base = settings.base_url;
    const url = new URL(base ?? PUBLIC_ORIGIN);
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/res/v1/web/search`;
    url.search = "";
    url.searchParams.set("q", context.query);
    url.searchParams.set("count", String(Math.max(1, Math.min(context.limit, MAX_COUNT))));
    if (context.timeRange) url.searchParams.set("freshness", FRESHNESS[context.timeRange]);
    // Reserved last, right before sending: the budget counts requests that actually go out.
    const reservation = await reserveBraveRequest(context.stateDir, settings.daily_budget);
    if (!reservation.allowed) {
      return emptyRun(NAME, "quota_exhausted", `The local daily budget of ${reservation.budget} Brave requests is spent (${reservation.used_today} today, UTC); it resets at 00:00 UTC. Nothing was sent.`);
    }
    const envelope = await context.fetch({
      url: url.toString(),
      headers: { accept: "application/json", "x-subscription-token": settings.api_key.trim() },
      follow_redirects: false,
      allow_private_hosts: base !== undefined,
      timeout_ms: settings.timeout_ms,
      retries: 0,
      tier: 0,
    });
    const data = envelope.data;
    const byStatus = data ? statusRun(data.status, data.retry_after_s) : null;
    if (byStatus) return byStatus;
    const failed = failedRunFromFetch(NAME, envelope, { on401: "auth_failed", on402: "quota_exhausted", on403: "auth_failed" });
    if (failed) return failed;
    const reply = parseJsonBody(data?.body ?? null);
    if (reply === undefined) {
      return emptyRun(NAME, "parse_failed", `Brave answered HTTP ${data?.status} with content that is not JSON (${data?.content_type ?? "unknown type"}).`);
    }
    return mapBraveReply(reply, context.limit);
  },
};
