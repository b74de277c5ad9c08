import { htmlToText, isoDate, parseHtmlDocument } from "./text.js";
import { failedRunFromFetch } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun } from "./port.js";

const NAME = "duckduckgo";
const PUBLIC_ORIGIN = "https://html.duckduckgo.com";
const TIME_RANGES = { day: "d", week: "w", month: "m", year: "y" } as const;

// DuckDuckGo's bot check ("Unfortunately, bots use DuckDuckGo too.") is its own page, not a vendor block the
// fetch layer knows, so it arrives as an ordinary reply and is recognised here.
const CHALLENGE_MARKERS = ["anomaly-modal", "anomaly.js", "challenge-form", "bots use duckduckgo too"];

/** DDG wraps targets as //duckduckgo.com/l/?uddg=<target>; ads go through /y.js and are skipped (null). */
export function unwrapDuckDuckGoHref(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, "https://duckduckgo.com/");
  } catch {
    return null;
  }
  const isDdg = url.hostname === "duckduckgo.com" || url.hostname.endsWith(".duckduckgo.com");
  if (isDdg && url.pathname === "/l/") {
    const target = url.searchParams.get("uddg");
    if (!target) return null;
    return /^https?:\/\//i.test(target) ? target : null;
  }
  if (isDdg) return null;
  return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
}

/** Map one DuckDuckGo HTML page onto the port; `status` tells rate limiting (202) from a parse failure. */
function mapDuckDuckGoPage(page: string, status: number | null, limit: number): EngineRun {
  const lower = page.toLowerCase();
  if (CHALLENGE_MARKERS.some((marker) => lower.includes(marker))) {
    return emptyRun(NAME, "blocked", `DuckDuckGo answered with its bot check (anomaly/CAPTCHA page, HTTP ${status ?? "?"}) instead of results.`);
  }
  if (page.trim() === "") {
    return status === 202
      ? emptyRun(NAME, "rate_limited", "DuckDuckGo answered HTTP 202 with an empty page, which is how it rate-limits; try again later.")
      : emptyRun(NAME, "parse_failed", `DuckDuckGo answered HTTP ${status ?? "?"} with an empty page.`);
  }
  // linkedom needs a document element; a bare fragment gets one.
  const { document } = parseHtmlDocument(/<html[\s>]/i.test(page) ? page : `<!doctype html><html><body>${page}</body></html>`);
  const links = [...document.querySelectorAll(".result__a")];
  if (links.length === 0) {
    if (status === 202) {
      return emptyRun(NAME, "rate_limited", "DuckDuckGo answered HTTP 202 without results, which is how it rate-limits; try again later.");
    }
    // Only DDG's own "No results." block counts as an answer with nothing; any other page is unreadable.
    const noResults = document.querySelector(".no-results, .result--no-result") !== null || />\s*No results\.\s*</.test(page);
    if (noResults) return emptyRun(NAME, "empty", "DuckDuckGo answered with its \"No results.\" page.");
    return emptyRun(NAME, "parse_failed", `DuckDuckGo answered HTTP ${status ?? "?"} with a page without result links (class result__a); its markup may have changed.`);
  }
  const results: EngineResult[] = [];
  for (const link of links) {
    // Ads carry result--ad and link through /y.js: never a result.
    const container = link.closest(".result");
    if (container?.classList.contains("result--ad")) continue;
    const url = unwrapDuckDuckGoHref(link.getAttribute("href") ?? "");
    if (url === null) continue;
    const snippetNode = container?.querySelector(".result__snippet");
    const dateText = [...(container?.querySelectorAll(".result__extras__url span") ?? [])]
      .map((span) => (span.textContent ?? "").trim())
      .find((text) => /^\d{4}-\d{2}-\d{2}/.test(text));
    results.push({
      url,
      title: htmlToText(link.innerHTML),
      snippet: snippetNode ? htmlToText(snippetNode.innerHTML) : "",
      published: dateText ? isoDate(dateText) : null,
      sources: [NAME],
    });
    if (results.length >= limit) break;
  }
  if (results.length === 0) {
    return emptyRun(NAME, "parse_failed", `DuckDuckGo's page had ${links.length} result links but none led to an http(s) address.`);
  }
  return { ...emptyRun(NAME, "ok", null), results };
}

export const duckduckgoEngine: EngineAdapter = {
  name: NAME,
  // DDG's web results come from Bing's index: they correlate with Bing-fed engines.
  group: "bing",
  kind: "keyless",
  inDefaultSet: true,
  supportsTimeRange: true,
  describe: "DuckDuckGo's HTML endpoint (no key); web results from Bing's index, read from the page markup.",
  availability() {
    return { configured: true, detail: "keyless; scrapes html.duckduckgo.com" };
  },
  async search(context: EngineContext): Promise<EngineRun> {
    const base = context.settings.base_url;
    const url = new URL(base ?? PUBLIC_ORIGIN);
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/html/`;
    url.search = "";
    const form = new URLSearchParams({ q: context.query });
    if (context.timeRange) form.set("df", TIME_RANGES[context.timeRange]);
    const envelope = await context.fetch({
      url: url.toString(),
      // The HTML endpoint is a form: POST is what its own page sends, and draws fewer 202s than GET.
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form.toString(),
      // Only an origin the operator configured is trusted on loopback or a private network.
      allow_private_hosts: base !== undefined,
      timeout_ms: context.settings.timeout_ms,
      retries: 0,
      tier: 0,
    });
    const failed = failedRunFromFetch(NAME, envelope);
    if (failed) return failed;
    return mapDuckDuckGoPage(envelope.data?.body ?? "", envelope.data?.status ?? null, context.limit);
  },
};
