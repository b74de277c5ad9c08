import { htmlToText, isoDate } from "./text.js";
import { failedRunFromFetch, parseJsonBody } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const NAME = "wikipedia";
const MAX_LIMIT = 50;

/** `en`, `de`, `pt-BR` -> the subdomain code; anything else (scripts, private tags) -> undefined. */
function languageCode(language: string | undefined): string | undefined {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

/** MediaWiki's own title encoding (wfUrlencode): spaces to _, and `/ : ; @ $ ,` stay readable. */
export function wikipediaTitlePath(title: string): string {
  return encodeURIComponent(title.replace(/ /g, "_"))
    .replace(/'/g, "%27")
    .replace(/%(2F|3A|3B|40|24|2C)/gi, (escape) => decodeURIComponent(escape));
}

/** The wiki's root without a trailing slash (a configured mirror may live under a path prefix). */
function siteRoot(context: EngineContext): string {
  const base = new URL(context.settings.base_url ?? `https://${languageCode(context.language) ?? "en"}.wikipedia.org`);
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}`;
}

const RATE_LIMIT_CODES = new Set(["ratelimited", "maxlag"]);

/** Map an `action=query&list=search` reply onto the port; result URLs hang off the site the API was asked on. */
function mapWikipediaReply(reply: unknown, site: string, limit: number): EngineRun {
  const body = (reply && typeof reply === "object" ? reply : {}) as Record<string, unknown>;
  // API errors come back as HTTP 200 with {error: {code, info}}: never a page of nothing.
  const error = body["error"] as { code?: unknown; info?: unknown } | undefined;
  if (error && typeof error === "object") {
    const code = String(error.code ?? "unknown");
    const info = typeof error.info === "string" ? `: ${error.info.slice(0, 200)}` : "";
    const outcome = RATE_LIMIT_CODES.has(code) ? "rate_limited" : code.startsWith("internal_api_error") || code === "readonly" ? "server_error" : "http_error";
    return emptyRun(NAME, outcome, `Wikipedia's API answered with error ${code}${info}.`);
  }
  const query = body["query"] as { search?: unknown; searchinfo?: { suggestion?: unknown } } | undefined;
  if (!query || !Array.isArray(query.search)) {
    return emptyRun(NAME, "parse_failed", "The reply is not a MediaWiki search reply (no `query.search` list).");
  }
  const results: EngineResult[] = [];
  for (const raw of query.search as Array<Record<string, unknown>>) {
    if (!raw || typeof raw.title !== "string" || raw.title === "") continue;
    results.push({
      url: `${site}/wiki/${wikipediaTitlePath(raw.title)}`,
      title: raw.title,
      snippet: typeof raw.snippet === "string" ? htmlToText(raw.snippet) : "",
      // The timestamp is the page's last edit, the only date the search API gives.
      published: isoDate(raw.timestamp),
      sources: [NAME],
    });
    if (results.length >= limit) break;
  }
  const suggestion = typeof query.searchinfo?.suggestion === "string" ? [query.searchinfo.suggestion] : [];
  if (results.length === 0 && query.search.length > 0) {
    return emptyRun(NAME, "parse_failed", `Wikipedia returned ${query.search.length} search entries without titles.`);
  }
  const run = emptyRun(NAME, results.length > 0 ? "ok" : "empty", results.length > 0 ? null : "Wikipedia answered with no matching pages.");
  return { ...run, results, suggestions: suggestion };
}

export const wikipediaEngine: EngineAdapter = {
  name: NAME,
  group: "wikipedia",
  kind: "keyless",
  inDefaultSet: true,
  // list=search has no date filter: the engine says so rather than pretending to filter.
  supportsTimeRange: false,
  describe: "Wikipedia's search API (MediaWiki action=query&list=search), no key; the language follows --language.",
  availability() {
    return { configured: true, detail: "keyless; MediaWiki search API" };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const site = siteRoot(context);
    const envelope = await sendEngineRequest(context, {
      base: site,
      path: "/w/api.php",
      params: [
        ["action", "query"],
        ["list", "search"],
        ["srsearch", context.query],
        ["srlimit", String(Math.max(1, Math.min(context.limit, MAX_LIMIT)))],
        ["format", "json"],
        ["utf8", "1"],
      ],
      headers: { accept: "application/json" },
    });
    const failed = failedRunFromFetch(NAME, envelope);
    if (failed) return failed;
    const reply = parseJsonBody(envelope.data?.body ?? null);
    if (reply === undefined) {
      return emptyRun(NAME, "parse_failed", `Wikipedia answered HTTP ${envelope.data?.status} with content that is not JSON (${envelope.data?.content_type ?? "unknown type"}).`);
    }
    return mapWikipediaReply(reply, site, context.limit);
  },
};
