import { htmlToText, isoDate } from "./text.js";
import { failedRunFromFetch, parseJsonBody } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type TimeRange } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const NAME = "hackernews";
const PUBLIC_ORIGIN = "https://hn.algolia.com";
const MAX_HITS = 100;
const RANGE_SECONDS: Record<TimeRange, number> = { day: 86_400, week: 7 * 86_400, month: 31 * 86_400, year: 366 * 86_400 };
const SNIPPET_CHARS = 300;

function snippetOf(hit: Record<string, unknown>): string {
  // Ask HN / text posts carry HTML in story_text; link posts have none, so their standing is the snippet.
  if (typeof hit["story_text"] === "string" && hit["story_text"].trim() !== "") {
    const text = htmlToText(hit["story_text"]);
    return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text;
  }
  const facts: string[] = [];
  if (typeof hit["points"] === "number") facts.push(`${hit["points"]} points`);
  if (typeof hit["num_comments"] === "number") facts.push(`${hit["num_comments"]} comments`);
  return facts.length > 0 ? `Hacker News story; ${facts.join(", ")}.` : "";
}

/** Map an Algolia HN /api/v1/search reply onto the port. */
function mapHackerNewsReply(reply: unknown, limit: number): EngineRun {
  const body = (reply && typeof reply === "object" ? reply : {}) as Record<string, unknown>;
  if (!Array.isArray(body["hits"])) return emptyRun(NAME, "parse_failed", "The reply is not an Algolia Hacker News search reply (no `hits` list).");
  const hits = body["hits"] as Array<Record<string, unknown>>;
  const results: EngineResult[] = [];
  for (const hit of hits) {
    if (!hit || typeof hit["title"] !== "string") continue;
    const id = typeof hit["objectID"] === "string" || typeof hit["objectID"] === "number" ? String(hit["objectID"]) : undefined;
    // Text posts have url null: the discussion page is the result then.
    const url = typeof hit["url"] === "string" && hit["url"] !== "" ? hit["url"] : id ? `https://news.ycombinator.com/item?id=${encodeURIComponent(id)}` : undefined;
    if (url === undefined) continue;
    results.push({ url, title: htmlToText(hit["title"]), snippet: snippetOf(hit), published: isoDate(hit["created_at"]), sources: [NAME] });
    if (results.length >= limit) break;
  }
  if (results.length === 0 && hits.length > 0) {
    return emptyRun(NAME, "parse_failed", `Algolia returned ${hits.length} hits without a title or an address.`);
  }
  return { ...emptyRun(NAME, results.length > 0 ? "ok" : "empty", results.length > 0 ? null : "Hacker News (Algolia) answered with no matching stories."), results };
}

export const hackernewsEngine: EngineAdapter = {
  name: NAME,
  group: "hackernews",
  kind: "keyless",
  inDefaultSet: true,
  supportsTimeRange: true,
  describe: "Hacker News stories through Algolia's HN Search API, no key.",
  availability() {
    return { configured: true, detail: "keyless; hn.algolia.com search API" };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const envelope = await sendEngineRequest(context, {
      base: context.settings.base_url ?? PUBLIC_ORIGIN,
      path: "/api/v1/search",
      params: [
        ["query", context.query],
        ["tags", "story"],
        ["hitsPerPage", String(Math.max(1, Math.min(context.limit, MAX_HITS)))],
        ["numericFilters", context.timeRange ? `created_at_i>${Math.floor(Date.now() / 1000) - RANGE_SECONDS[context.timeRange]}` : undefined],
      ],
      headers: { accept: "application/json" },
    });
    const failed = failedRunFromFetch(NAME, envelope);
    if (failed) return failed;
    const reply = parseJsonBody(envelope.data?.body ?? null);
    if (reply === undefined) {
      return emptyRun(NAME, "parse_failed", `Algolia answered HTTP ${envelope.data?.status} with content that is not JSON (${envelope.data?.content_type ?? "unknown type"}).`);
    }
    return mapHackerNewsReply(reply, context.limit);
  },
};
