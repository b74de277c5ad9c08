import type { Envelope, SearchRequest, SearchResponse } from "@websift/contracts";
import { engineAnswered, searchWeb } from "@websift/search";
import { DEFAULT_COMPAT_MAX_RESULTS } from "./rest-defaults.js";
import { restErrorEnvelope } from "./rest-envelopes.js";
import { neutralizeMarkers } from "../fence/untrusted-fence.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorSearchFields } from "../operator/operator-search-fields.js";

/** The reply of the compatibility route (websift's first web-search reply shape). */
export interface WebSearchCompatResponse {
  query: string;
  /** The engines that answered, joined by `+` (e.g. `searxng`, `duckduckgo+wikipedia`); `none` when every engine failed. */
  provider: string;
  results: Array<{ title: string; url: string; snippet: string; engines: string[] }>;
}

function providerOf(found: SearchResponse | null): string {
  const engines = (found?.engines ?? []) as Array<{ name: string; outcome: string }>;
  const answered = engines.filter((engine) => engineAnswered(engine.outcome)).map((engine) => engine.name);
  return answered.length > 0 ? answered.join("+") : "none";
}

/**
 * GET /api/system/web-search?query=(or q=)&maxResults=N: the thin route of websift's first web-search API.
 * It runs the search layer's entry point (ranked links with snippets, no page reading), the same
 * one behind web_search, so the two never drift; `provider` makes degradation visible.
 */
export async function answerCompatWebSearch(params: URLSearchParams, operator: OperatorSettings = {}): Promise<Envelope<WebSearchCompatResponse>> {
  const query = (params.get("query") ?? params.get("q") ?? "").trim();
  if (!query) return restErrorEnvelope("search", "invalid_request", "GET /api/system/web-search needs `query` (or `q`), e.g. ?query=http+429+retry-after.", { field: "query" });
  const rawMax = params.get("maxResults");
  const maxResults = rawMax === null || rawMax.trim() === "" ? DEFAULT_COMPAT_MAX_RESULTS : Number(rawMax);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 200) {
    return restErrorEnvelope("search", "invalid_request", `maxResults must be a whole number from 1 to 200, got "${rawMax}".`, { field: "maxResults" });
  }
  const request: SearchRequest = { query, limit: maxResults, ...operatorSearchFields(operator) };
  const searched = await searchWeb(request);
  const found = searched.data;
  const data: WebSearchCompatResponse = {
    query,
    provider: providerOf(found),
    // Titles and snippets are page-controlled and unfenced here: no marker copy may pass.
    results: (found?.results ?? []).slice(0, maxResults).map((result) => ({ title: neutralizeMarkers(result.title), url: result.url, snippet: neutralizeMarkers(result.snippet), engines: result.engines })),
  };
  // The search layer's header (contract, request id, timing, warnings) is kept; only `data` is reshaped.
  return { ...searched, data } as Envelope<WebSearchCompatResponse>;
}
