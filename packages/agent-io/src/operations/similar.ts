import { isSameUrl, isStoreHandle, type AgentSimilarRequest, type AgentSimilarResponse, type HandlerResult, type SearchRequest } from "@websift/contracts";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorSearchFields } from "../operator/operator-search-fields.js";
import { AgentIoError } from "../errors.js";
import { pageReadOptions } from "../read/read-options.js";
import { readAndIndexPage } from "../read/read-page.js";
import { createFence, fenceBody } from "../fence/untrusted-fence.js";
import { neutralizeReplyStrings } from "../fence/neutralize-reply.js";
import { storeReply } from "../read/store-reply.js";
const STOPWORDS = new Set(
  ("the a an and or of to in on for with by from at as is are was were be been being this that these those it its into how what why when where which who whom " +
    "your you our we can will would could should may might must not no nor but if then than so such also only just more most other some any each every both " +
    "after before about above below over under again further once here there all very same own too have has had having does did doing do their they them " +
    "his her him she he out off up down while until because through during between against").split(" "),
);

/** The page's title plus its most frequent non-trivial words: a query that describes the page. */
function describePage(title: string | null, text: string): string {
  const counts = new Map<string, number>();
  // Words of four letters or more, and numbers of three digits or more (status codes, versions).
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9-]{3,}|\b\d{3,}\b/g) ?? []) {
    if (!STOPWORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const salient = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 12).map(([word]) => word);
  return [title ?? "", ...salient].join(" ").replace(/\s+/g, " ").trim().slice(0, 200);
}

/** websift similar: pages like a stored page (by handle) or a URL (read first if not stored). */
export async function runAgentSimilar(request: AgentSimilarRequest, operator: OperatorSettings, layers: Layers): Promise<HandlerResult<AgentSimilarResponse>> {
  const storeDir = operator.storeDir;
  const store = storeDir ? { store_dir: storeDir } : {};
  // A handle, or a URL looked up by the one URL identity (any twin of a stored page finds it); read first if not stored.
  const byTarget = isStoreHandle(request.target) ? { handle: request.target } : { url: request.target };
  let got = await layers.store({ operation: "get", ...byTarget, page: 1, page_size_tokens: 4000, ...store });
  if (!got.ok && got.error?.code === "not_found" && "url" in byTarget) {
    const read = await readAndIndexPage(request.target, pageReadOptions(operator, layers, { timeoutMs: 30000, render: undefined, storeDir }));
    if (!read.ok) return { failure: { code: read.code, message: read.detail, details: { reason: read.reason } } };
    got = await layers.store({ operation: "get", handle: read.handle, page: 1, page_size_tokens: 4000, ...store });
  }
  const page = storeReply(got, "get");
  if (!page) throw new AgentIoError(got.error?.code ?? "not_found", got.error?.message ?? `No stored page for ${request.target}.`, { field: "target" });
  const handle = page.handle;
  const query = describePage(page.title, page.content);
  const limit = request.limit ?? 10;
  const passages = await layers.store({ operation: "search", query, limit: Math.min(100, limit * 4), ...store });
  const fence = createFence();
  const bestByPage = new Map<string, AgentSimilarResponse["from_store"][number]>();
  for (const passage of storeReply(passages, "search")?.passages ?? []) {
    if (passage.handle === handle || bestByPage.has(passage.handle)) continue;
    bestByPage.set(passage.handle, { handle: passage.handle, url: passage.url, title: passage.title ?? null, score: passage.score, passage: fenceBody(fence, passage.text.slice(0, 400)) });
  }
  const data: AgentSimilarResponse = {
    source: { handle, url: page.url, title: page.title },
    query,
    from_store: [...bestByPage.values()].slice(0, limit),
    from_search: [],
    search_outcome: null,
    fence: { nonce: fence.nonce, open: fence.open, close: fence.close, directive: fence.directive },
  };
  if (request.search !== false) {
    const searchRequest: SearchRequest = { query, limit, ...operatorSearchFields(operator, request.engines) };
    const searched = await layers.search(searchRequest);
    data.search_outcome = searched.data?.outcome ?? searched.error?.code ?? null;
    data.from_search = (searched.data?.results ?? [])
      .filter((result) => !isSameUrl(result.url, data.source.url))
      .map((result) => ({ rank: result.rank, url: result.url, title: result.title, snippet: result.snippet, source_type: result.source_type, engines: result.engines, score: result.score }));
  }
  return { data: neutralizeReplyStrings(data, fence) };
}
