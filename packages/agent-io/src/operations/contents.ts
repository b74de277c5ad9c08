import type { AgentContentsRequest, AgentContentsResponse, HandlerResult } from "@websift/contracts";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { createFence, fenceBody } from "../fence/untrusted-fence.js";
import { instructionWarnings } from "../fence/instruction-scan.js";
import { neutralizeReplyStrings } from "../fence/neutralize-reply.js";
import { getStoredPage } from "../read/page-reply.js";
import { pageReadOptions } from "../read/read-options.js";
import { readAndIndexPage } from "../read/read-page.js";
import { mapWithConcurrency } from "./concurrency.js";

/**
 * websift contents: several URLs, one outcome each, in request order; a failure never hides the others. Each body is
 * the first page as the store cuts it (its page size unless the request gives one), so `open <handle> --page 2`
 * continues exactly where it ends.
 */
export async function runAgentContents(request: AgentContentsRequest, operator: OperatorSettings, layers: Layers): Promise<HandlerResult<AgentContentsResponse>> {
  const fence = createFence();
  const warnings: string[] = [];
  const results = await mapWithConcurrency(request.urls, 4, async (url) => {
    const read = await readAndIndexPage(url, pageReadOptions(operator, layers, { timeoutMs: 30000, render: request.render }));
    operator.onProgress?.(`read ${url}: ${read.ok ? "ok" : `failed (${read.reason})`}`);
    if (!read.ok) return { url: read.url, outcome: read.reason, handle: null, title: null, content: null, total_pages: null, detail: read.detail };
    const first = await getStoredPage({ layers, handle: read.handle, page: 1, pageSizeTokens: request.page_size_tokens, storeDir: operator.storeDir });
    const content = first.content ?? "";
    const totalPages = first.total_pages ?? 1;
    warnings.push(...read.warnings, ...instructionWarnings(read.url, content));
    return {
      url: read.url,
      outcome: "ok",
      handle: read.handle,
      title: read.title,
      content: fenceBody(fence, content),
      total_pages: totalPages,
      detail: first.has_more ? `page 1 of ${totalPages}; open ${read.handle} --page 2 for more` : null,
    };
  });
  const data: AgentContentsResponse = { results, fence: { nonce: fence.nonce, open: fence.open, close: fence.close, directive: fence.directive }, warnings };
  return { data: neutralizeReplyStrings(data, fence) };
}
