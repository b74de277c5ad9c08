import { isoDate } from "./text.js";
import { failedRunFromFetch, parseJsonBody } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun, type UpstreamFailure } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const JSON_OFF_DETAIL =
  "SearXNG refused JSON (HTTP 403): the instance has JSON output turned off. Add `json` to `search.formats` in its settings.yml (next to `html`) and restart it.";

interface SearxngResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
  engine?: unknown;
  engines?: unknown;
  publishedDate?: unknown;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** SearXNG answers are plain strings, or objects with `answer` (newer) / a dict key (searx 1.1.0). */
function answerTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === "string") return [item];
    if (item && typeof item === "object" && typeof (item as { answer?: unknown }).answer === "string") return [(item as { answer: string }).answer];
    return [];
  });
}

function upstreamFailures(value: unknown): UpstreamFailure[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is [unknown, unknown] => Array.isArray(entry) && entry.length >= 1)
    .map(([engine, reason]) => {
      const text = typeof reason === "string" ? reason : "unknown reason";
      return { engine: String(engine), reason: text, suspended: /^suspended/i.test(text.trim()) };
    })
    .sort((a, b) => a.engine.localeCompare(b.engine));
}

/**
 * The distinct upstream engine names of a result, sorted, exactly as `[...new Set(names)].sort()` gives them (default
 * sort order: UTF-16 code units, which is how `<` compares strings). A result names one or two upstream engines:
 * those are built straight into an array literal of their size, with no filtered copy, set or spread per result.
 */
function upstreamNames(engines: unknown, engine: unknown): string[] {
  if (Array.isArray(engines)) {
    if (engines.length === 1 && typeof engines[0] === "string") return [engines[0]];
    if (engines.length === 2 && typeof engines[0] === "string" && typeof engines[1] === "string") {
      const first: string = engines[0];
      const second: string = engines[1];
      return first === second ? [first] : first < second ? [first, second] : [second, first];
    }
    const names = [...new Set(engines.filter((item): item is string => typeof item === "string"))].sort();
    if (names.length > 0) return names;
  }
  return typeof engine === "string" ? [engine] : [];
}

function toResult(raw: SearxngResult): EngineResult | null {
  if (typeof raw.url !== "string" || raw.url === "") return null;
  return {
    url: raw.url,
    title: typeof raw.title === "string" ? raw.title : "",
    snippet: typeof raw.content === "string" ? raw.content : "",
    // SearXNG writes Python's isoformat(), often without a zone: normalised to ISO 8601 in UTC like every engine.
    published: raw.publishedDate === undefined ? null : isoDate(raw.publishedDate),
    sources: upstreamNames(raw.engines, raw.engine),
  };
}

/** The mapped results, in one pass (no mapped array of nulls to filter). */
function toResults(raw: SearxngResult[]): EngineResult[] {
  const results: EngineResult[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    const result = toResult(raw[index]!);
    if (result !== null) results.push(result);
  }
  return results;
}

/** Map a SearXNG JSON reply (also Debian's searx 1.1.0) onto the port; never reads `number_of_results`. */
function mapSearxngReply(name: string, reply: unknown): EngineRun {
  if (!reply || typeof reply !== "object" || !Array.isArray((reply as { results?: unknown }).results)) {
    return emptyRun(name, "parse_failed", "The reply is not SearXNG JSON (no `results` list); check that the URL points at a SearXNG instance.");
  }
  const body = reply as Record<string, unknown>;
  const results = toResults(body["results"] as SearxngResult[]);
  const failures = upstreamFailures(body["unresponsive_engines"]);
  const failedNames = failures.map((failure) => `${failure.engine} (${failure.reason})`).join(", ");
  let outcome: EngineRun["outcome"] = results.length > 0 ? "ok" : "empty";
  let detail: string | null = null;
  if (failures.length > 0) {
    outcome = results.length > 0 ? "partial" : "engines_failed";
    detail = `${results.length > 0 ? "Some" : "All"} upstream engines failed inside SearXNG: ${failedNames}.`;
  } else if (results.length === 0) {
    detail = "SearXNG answered with no results and no failing upstream engine.";
  }
  const infoboxes = Array.isArray(body["infoboxes"]) ? (body["infoboxes"] as Array<Record<string, unknown>>) : [];
  const infoboxAnswers = infoboxes.flatMap((box) => (typeof box["content"] === "string" && box["content"] ? [`${box["infobox"] ?? ""}: ${box["content"]}`.replace(/^: /, "")] : []));
  return {
    name,
    outcome,
    detail,
    retry_after_s: null,
    results,
    upstream_failures: failures,
    suggestions: strings(body["suggestions"]),
    answers: [...answerTexts(body["answers"]), ...infoboxAnswers],
    corrections: strings(body["corrections"]),
  };
}

const TIME_RANGES = { day: "day", week: "week", month: "month", year: "year" } as const;

export const searxngEngine: EngineAdapter = {
  name: "searxng",
  group: "searxng",
  kind: "server",
  inDefaultSet: true,
  supportsTimeRange: true,
  describe: "A self-hosted SearXNG instance (JSON API); its upstream engines are reported one by one.",
  availability(settings) {
    return settings.base_url
      ? { configured: true, detail: `SearXNG at ${settings.base_url}` }
      : { configured: false, detail: "Set --searxng-url, WEBSIFT_SEARXNG_URL or SEARXNG_URL to a SearXNG instance." };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const base = context.settings.base_url;
    if (!base) return emptyRun("searxng", "not_configured", this.availability(context.settings).detail);
    const envelope = await sendEngineRequest(context, {
      // The instance may live under a path prefix (https://host/searx/): it is kept.
      base,
      path: "/search",
      params: [
        ["q", context.query],
        ["format", "json"],
        ["time_range", context.timeRange ? TIME_RANGES[context.timeRange] : undefined],
        ["language", context.language || undefined],
      ],
      headers: { accept: "application/json" },
      // The operator configured this origin: it is trusted even on loopback or a private network.
      allowPrivateHosts: true,
    });
    const failed = failedRunFromFetch("searxng", envelope, { on403: "blocked", detail403: JSON_OFF_DETAIL });
    if (failed) return failed;
    const reply = parseJsonBody(envelope.data?.body ?? null);
    if (reply === undefined) {
      return emptyRun("searxng", "parse_failed", `SearXNG answered HTTP ${envelope.data?.status} with content that is not JSON (${envelope.data?.content_type ?? "unknown type"}); is the URL a SearXNG instance?`);
    }
    return mapSearxngReply("searxng", reply);
  },
};
