import type { AgentSearchRequest, AgentSearchResponse, HandlerResult, SearchRequest, SearchResponse } from "@websift/contracts";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorSearchFields } from "../operator/operator-search-fields.js";
import { createFence, fenceBody } from "../fence/untrusted-fence.js";
import { instructionWarnings } from "../fence/instruction-scan.js";
import { neutralizeReplyStrings } from "../fence/neutralize-reply.js";
import { pageReadOptions } from "../read/read-options.js";
import { readAndIndexPage, type PageRead, type PageReadFailure } from "../read/read-page.js";
import { mapWithConcurrency } from "./concurrency.js";

type AgentResult = AgentSearchResponse["results"][number];

const READ_CONCURRENCY = 4;
/** A remainder smaller than this buys a useless stub of an excerpt: the item is skipped instead. */
const MIN_USEFUL_EXCERPT = 200;

/** Cut at a word boundary near `limit` so an excerpt does not end mid-word (unless one word is longer). */
function cutExcerpt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit);
  const lastSpace = slice.search(/\s\S*$/);
  return lastSpace > limit * 0.6 ? slice.slice(0, lastSpace) : slice;
}

/** The search layer's request: the agent's question with the operator's engines, SearXNG, policy and private-host setting. */
function searchRequestFrom(request: AgentSearchRequest, operator: OperatorSettings): SearchRequest {
  const search: SearchRequest = { query: request.query, ...operatorSearchFields(operator, request.engines) };
  if (request.tier) search.tier = request.tier;
  if (request.explain) search.explain = true;
  if (request.limit) search.limit = request.limit;
  if (request.angles) search.angles = request.angles;
  if (request.time_range) search.time_range = request.time_range;
  if (request.language) search.language = request.language;
  return search;
}

/**
 * Fold pages whose content duplicates a better-ranked page, using the format layer's exact and
 * MinHash near-duplicate detection; returns url -> why it was folded.
 */
async function findDuplicatePages(
  layers: Layers,
  query: string,
  results: SearchResponse["results"],
  reads: Array<PageRead | PageReadFailure>,
  progress: (message: string) => void,
): Promise<Map<string, string>> {
  const pages = reads.flatMap((read, index) => (read.ok ? [{ url: read.url, title: read.title ?? results[index]!.title, score: results[index]!.score, body_markdown: read.markdown, handle: read.handle }] : []));
  const folded = new Map<string, string>();
  if (pages.length < 2) return folded;
  const formatted = await layers.format({ query, results: pages, mode: "index", token_budget: 400 });
  for (const duplicate of formatted.data?.sidecar.dropped_duplicates ?? []) {
    folded.set(duplicate.url, `same content as ${duplicate.duplicate_of} (${duplicate.reason}, similarity ${duplicate.similarity})`);
  }
  if (!formatted.ok) progress(`duplicate check skipped: ${formatted.error?.message ?? "format layer failed"}`);
  return folded;
}

/**
 * The search pipeline: search (engines, fusion, policy) -> read the top `top_n` pages (fetch +
 * extract, every page indexed in the store) -> fold duplicate pages (format) -> spend the character
 * budget in rank order -> stable JSON, every
 * excerpt fenced as untrusted data. A page that could not be read is a failure with its reason.
 */
export async function runAgentSearch(
  request: AgentSearchRequest,
  operator: OperatorSettings,
  layers: Layers,
): Promise<HandlerResult<AgentSearchResponse>> {
  const progress = operator.onProgress ?? (() => {});
  const searched = await layers.search(searchRequestFrom(request, operator));
  const found: SearchResponse | null = searched.data;
  if (found) progress(`engines: ${found.engines.map((engine) => `${engine.name} ${engine.outcome}`).join(", ")}; ${found.returned_count} results`);
  if (!found) {
    return { failure: { code: searched.error?.code ?? "internal_error", message: searched.error?.message ?? "The search layer gave no reply.", ...(searched.error?.details ? { details: searched.error.details } : {}) } };
  }
  // The search reply names its policy's reading budget; a reply without one gets the packaged policy's (written there only).
  const budget = found.policy?.extraction ?? (await import("@websift/search")).defaultExtractionBudget();
  const topN = request.top_n ?? budget.top_n;
  const totalChars = request.total_chars ?? budget.total_chars;
  const perItemChars = request.per_item_chars ?? budget.per_item_chars;
  const extract = request.extract !== false;
  const fence = createFence();
  const started = performance.now();
  const deadline = Date.now() + budget.timeout_seconds * 1000;

  const toRead = extract ? found.results.slice(0, topN) : [];
  const reads = await mapWithConcurrency(toRead, READ_CONCURRENCY, async (result): Promise<PageRead | PageReadFailure> => {
    const remaining = deadline - Date.now();
    if (remaining < 250) return { ok: false, url: result.url, reason: "timeout", code: "timeout", detail: `No time left in the ${budget.timeout_seconds} s reading budget.`, retry_after_s: null, status: null };
    const read = await readAndIndexPage(result.url, pageReadOptions(operator, layers, { timeoutMs: Math.min(15000, remaining), render: request.render }));
    progress(`read ${result.url}: ${read.ok ? "ok" : `failed (${read.reason})`}`);
    return read;
  });

  const duplicates = await findDuplicatePages(layers, found.query, found.results, reads, progress);

  // The budget is spent in rank order after every read finished, so timing never changes the outcome.
  let charsLeft = totalChars;
  let charsUsed = 0;
  let extracted = 0;
  let failures = 0;
  const warnings: string[] = [];
  const results: AgentResult[] = found.results.map((result, index) => {
    const base = {
      rank: result.rank,
      title: result.title,
      // What the engines said about the result, kept whether or not the page is read.
      snippet: result.snippet === "" ? null : result.snippet,
      published: result.published ?? null,
      url: result.url,
      host: result.host,
      source_type: result.source_type,
      engines: result.engines,
      score: result.score,
      ...(result.score_parts ? { score_parts: result.score_parts } : {}),
      handle: null as string | null,
      excerpt: null as string | null,
      page_type: null as string | null,
      extraction_detail: null as string | null,
    };
    if (!extract) return { ...base, extraction: "not_requested" };
    const read = reads[index];
    if (!read) return { ...base, extraction: "skipped_budget_exhausted", extraction_detail: `beyond top_n (${topN})` };
    if (!read.ok) {
      failures += 1;
      return { ...base, extraction: `failed:${read.reason}`, extraction_detail: read.detail };
    }
    const duplicate = duplicates.get(read.url);
    if (duplicate) {
      // Same page under another URL (mirror, print view): indexed, but not spent on twice.
      extracted += 1;
      warnings.push(...read.warnings);
      return { ...base, handle: read.handle, page_type: read.page_type, extraction: "failed:duplicate_content", extraction_detail: duplicate };
    }
    extracted += 1;
    warnings.push(...read.warnings);
    const withPage = { ...base, handle: read.handle, page_type: read.page_type };
    if (charsLeft < Math.min(MIN_USEFUL_EXCERPT, perItemChars) || charsLeft <= 0) return { ...withPage, extraction: "skipped_budget_exhausted", extraction_detail: `the ${totalChars}-character budget was spent; open ${read.handle} to read it` };
    const excerpt = cutExcerpt(read.markdown, Math.min(perItemChars, charsLeft));
    charsLeft -= excerpt.length;
    charsUsed += excerpt.length;
    warnings.push(...instructionWarnings(result.url, excerpt));
    const truncated = excerpt.length < read.markdown.length;
    return {
      ...withPage,
      excerpt: fenceBody(fence, excerpt),
      extraction: truncated ? "truncated" : "ok",
      extraction_detail: truncated ? `excerpt of ${excerpt.length} of ${read.markdown.length} characters; open ${read.handle} for the rest` : null,
    };
  });

  const data: AgentSearchResponse = {
    query: found.query,
    outcome: found.outcome,
    raw_result_count: found.raw_result_count,
    returned_count: found.returned_count,
    dropped_count: found.dropped_count,
    engines: found.engines,
    results,
    extraction: { extracted, chars_used: charsUsed, budget: totalChars, failures, seconds: Math.round((performance.now() - started) / 10) / 100 },
    fence: { nonce: fence.nonce, open: fence.open, close: fence.close, directive: fence.directive },
    warnings,
  };
  if (found.dropped) data.dropped = found.dropped;
  // Titles, snippets and engine details are page- or engine-controlled text outside the fence.
  const safe = neutralizeReplyStrings(data, fence);
  if (!searched.ok && searched.error) {
    return { failure: { code: searched.error.code, message: searched.error.message, retryable: searched.error.retryable, data: safe } };
  }
  return { data: safe };
}
