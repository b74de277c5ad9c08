import type { AgentPageFetchRequest, AgentPageOpenRequest, AgentPageResponse, HandlerResult } from "@websift/contracts";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { instructionWarnings } from "../fence/instruction-scan.js";
import { createFence } from "../fence/untrusted-fence.js";
import { neutralizeReplyStrings } from "../fence/neutralize-reply.js";
import { buildPageReply } from "../read/page-reply.js";
import { pageReadOptions } from "../read/read-options.js";
import { readAndIndexPage } from "../read/read-page.js";

/** websift fetch: read one URL (guarded, extracted, indexed), then return the requested page of it, fenced. The contract's `fetch_request` holds `url` to an absolute http(s) URL before this runs. */
export async function runAgentFetch(request: AgentPageFetchRequest, operator: OperatorSettings, layers: Layers): Promise<HandlerResult<AgentPageResponse>> {
  const fence = createFence();
  const read = await readAndIndexPage(request.url, pageReadOptions(operator, layers, { timeoutMs: 30000, render: request.render }));
  if (!read.ok) {
    return {
      failure: {
        code: read.code,
        message: read.detail,
        details: { reason: read.reason, status: read.status, ...(read.retry_after_s !== null ? { retry_after_s: read.retry_after_s } : {}) },
      },
    };
  }
  const reply = await buildPageReply({
    layers,
    handle: read.handle,
    page: request.page ?? 1,
    pageSizeTokens: request.page_size_tokens,
    storeDir: operator.storeDir,
    query: request.query,
    datamark: request.datamark === true,
    fence,
    source: "network",
  });
  // Scan the whole document, not just this page: an agent deciding whether to read on should know.
  const warnings = [...read.warnings, ...instructionWarnings(read.url, read.markdown)];
  const data: AgentPageResponse = {
    ...reply,
    warnings,
    page_type: read.page_type,
    quality_score: read.quality_score,
    extracted_via: read.extracted_via,
    fetched_via: read.fetched_via,
    published: read.published,
    byline: read.byline,
    language: read.language,
    canonical_url: read.canonical_url,
  };
  return { data: neutralizeReplyStrings(data, fence) };
}

/** websift open: a stored page by handle, with no network at all (`source: cache`), and what extract found when it was read. A well-formed handle the store does not hold is its `not_found`. */
export async function runAgentOpen(request: AgentPageOpenRequest, operator: OperatorSettings, layers: Layers): Promise<HandlerResult<AgentPageResponse>> {
  const fence = createFence();
  const reply = await buildPageReply({
    layers,
    handle: request.handle,
    page: request.page ?? 1,
    pageSizeTokens: request.page_size_tokens,
    storeDir: operator.storeDir,
    query: request.query,
    datamark: request.datamark === true,
    fence,
    source: "cache",
  });
  // The reply carries what extract found when the page was read, as the store kept it (null for a page stored without it).
  return { data: neutralizeReplyStrings(reply, fence) };
}
