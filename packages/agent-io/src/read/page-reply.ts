import type { AgentPageResponse } from "@websift/contracts";
import { AgentIoError } from "../errors.js";
import type { Layers } from "../layers.js";
import { fenceBody, type Fence } from "../fence/untrusted-fence.js";
import { instructionWarnings } from "../fence/instruction-scan.js";
import { markerCopyWarnings } from "../fence/page-warnings.js";

export interface PageReplyOptions {
  layers: Layers;
  handle: string;
  page: number;
  pageSizeTokens: number;
  storeDir: string | undefined;
  query: string | undefined;
  datamark: boolean;
  fence: Fence;
  source: "network" | "cache";
}

/** One page of a stored document, fenced, with instruction-like text listed and optional highlights. */
export async function buildPageReply(options: PageReplyOptions): Promise<AgentPageResponse> {
  const storeDir = options.storeDir ? { store_dir: options.storeDir } : {};
  const got = await options.layers.store({ operation: "get", handle: options.handle, page: options.page, page_size_tokens: options.pageSizeTokens, ...storeDir });
  if (!got.ok || !got.data) {
    throw new AgentIoError(got.error?.code ?? "internal_error", got.error?.message ?? `Cannot read ${options.handle} from the store.`, got.error?.details);
  }
  const data = got.data;
  const content = data.content ?? "";
  const reply: AgentPageResponse = {
    handle: options.handle,
    url: data.url ?? "",
    title: data.title ?? null,
    content: `${options.fence.directive}\n${fenceBody(options.fence, content, { datamark: options.datamark })}`,
    page: data.page ?? options.page,
    total_pages: data.total_pages ?? 1,
    has_more: data.has_more ?? false,
    source: options.source,
    fence: { nonce: options.fence.nonce, open: options.fence.open, close: options.fence.close, directive: options.fence.directive },
    warnings: [...markerCopyWarnings(options.handle, [data.title, content]), ...instructionWarnings(options.handle, content)],
  };
  if (options.query) {
    const found = await options.layers.store({ operation: "search", query: options.query, handle: options.handle, limit: 3, ...storeDir });
    reply.highlights = (found.data?.passages ?? []).map((passage) => ({
      text: fenceBody(options.fence, passage.text, { datamark: options.datamark }),
      score: passage.score,
      heading: passage.heading ?? null,
    }));
  }
  return reply;
}
