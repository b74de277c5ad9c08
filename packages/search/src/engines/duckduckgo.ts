import { htmlToText, isoDate, parseHtmlDocument } from "./text.js";
import { failedRunFromFetch, fetchErrorReply } from "./fetch-outcome.js";
import { emptyRun, type EngineAdapter, type EngineContext, type EngineResult, type EngineRun } from "./port.js";
import { sendEngineRequest } from "./engine-request.js";

const NAME = "duckduckgo";
const PUBLIC_ORIGIN = "https://html.duckduckgo.com";
const TIME_RANGES = { day: "d", week: "w", month: "m", year: "y" } as const;

// DuckDuckGo's bot check is its own page, not a vendor block the fetch layer knows, so it arrives as an ordinary
// reply (usually HTTP 202) and is recognised here by its structure: the challenge form that posts to
// //duckduckgo.com/anomaly.js and the anomaly modal's elements. Never by the page's text: a results page whose
// snippet quotes "Unfortunately, bots use DuckDuckGo too." is a results page.
const CHALLENGE_SELECTORS = ["form#challenge-form", 'form[action*="anomaly.js"]', '[class*="anomaly-modal"]', '[data-testid="anomaly-modal"]'];
// Only on a page without a single result link is the challenge's wording evidence as well.
const CHALLENGE_WORDING = /bots use duckduckgo too/i;

type HtmlDocument = ReturnType<typeof parseHtmlDocument>["document"];

function parsePage(page: string): HtmlDocument {
  // linkedom needs a document element; a bare fragment gets one.
  return parseHtmlDocument(/<html[\s>]/i.test(page) ? page : `<!doctype html><html><body>${page}</body></html>`).document;
}

/** True when the page carries DuckDuckGo's challenge form or anomaly modal. */
function hasChallengeStructure(document: HtmlDocument): boolean {
  return CHALLENGE_SELECTORS.some((selector) => document.querySelector(selector) !== null);
}

function challengeRun(status: number | null): EngineRun {
  return emptyRun(NAME, "blocked", `DuckDuckGo answered with its bot check (anomaly/CAPTCHA page, HTTP ${status ?? "?"}) instead of results.`);
}

/**
 * DuckDuckGo's region (`kl`) for a language tag: `en-US` -> `us-en`, `de-DE` -> `de-de`, `en-GB` -> `uk-en`;
 * `wt-wt` (no region) when the tag names no country, as the form's "All Regions" does.
 */
function regionOf(language: string | undefined): string {
  const match = /^([a-z]{2,3})[-_]([a-z]{2})$/i.exec(language?.trim() ?? "");
  if (!match) return "wt-wt";
  const country = match[2]!.toLowerCase();
  return `${country === "gb" ? "uk" : country}-${match[1]!.toLowerCase()}`;
}

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
  if (page.trim() === "") {
    return status === 202
      ? emptyRun(NAME, "rate_limited", "DuckDuckGo answered HTTP 202 with an empty page, which is how it rate-limits; try again later.")
      : emptyRun(NAME, "parse_failed", `DuckDuckGo answered HTTP ${status ?? "?"} with an empty page.`);
  }
  const document = parsePage(page);
  if (hasChallengeStructure(document)) return challengeRun(status);
  const links = [...document.querySelectorAll(".result__a")];
  if (links.length === 0) {
    if (CHALLENGE_WORDING.test(document.body?.textContent ?? "")) return challengeRun(status);
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
    // The fields the endpoint's own search form posts, in its order: query, the (empty) submit button, region
    // and date filter (empty for any time).
    const form = new URLSearchParams({ q: context.query, b: "", kl: regionOf(context.language), df: context.timeRange ? TIME_RANGES[context.timeRange] : "" });
    const envelope = await sendEngineRequest(context, {
      base: context.settings.base_url ?? PUBLIC_ORIGIN,
      path: "/html/",
      // The HTML endpoint is a form: POST is what its own page sends, and draws fewer 202s than GET. The
      // Referer and Origin are the ones a browser sends when the form is submitted from the endpoint's page.
      form,
      headers: (url) => ({
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html,application/xhtml+xml",
        referer: `${url.origin}/`,
        origin: url.origin,
      }),
    });
    const data = envelope.data;
    if (data && data.outcome !== "ok") {
      // A challenge page handed on as an error answer (an injected or replayed reply) is still the bot check.
      const { errorBody } = fetchErrorReply(data);
      if (errorBody !== null && errorBody.trim() !== "" && hasChallengeStructure(parsePage(errorBody))) return challengeRun(data.status ?? null);
    }
    const failed = failedRunFromFetch(NAME, envelope);
    if (failed) return failed;
    return mapDuckDuckGoPage(envelope.data?.body ?? "", envelope.data?.status ?? null, context.limit);
  },
};
