import type { AgentPageResponse, StorePageMeta } from "@websift/contracts";
import { AgentIoError } from "../errors.js";
import { storeReply } from "./store-reply.js";
import type { Layers } from "../layers.js";
import { fenceBody, type Fence } from "../fence/untrusted-fence.js";
import { instructionWarnings } from "../fence/instruction-scan.js";
import { markerCopyWarnings, pageFieldWarnings } from "../fence/page-warnings.js";

export interface PageReplyOptions {
  layers: Layers;
  handle: string;
  page: number;
  /** Tokens per page; left out, the store's own page size (its default is written there only). */
  pageSizeTokens: number | undefined;
  storeDir: string | undefined;
  query: string | undefined;
  datamark: boolean;
  fence: Fence;
  source: "network" | "cache";
}

/** Page `page` of a stored document as the store cuts it (its page size unless `pageSizeTokens` is given). */
export async function getStoredPage(options: Pick<PageReplyOptions, "layers" | "handle" | "page" | "pageSizeTokens" | "storeDir">) {
  const storeDir = options.storeDir ? { store_dir: options.storeDir } : {};
  const pageSize = options.pageSizeTokens !== undefined ? { page_size_tokens: options.pageSizeTokens } : {};
  const got = await options.layers.store({ operation: "get", handle: options.handle, page: options.page, ...pageSize, ...storeDir });
  if (!got.ok || !got.data) {
    throw new AgentIoError(got.error?.code ?? "internal_error", got.error?.message ?? `Cannot read ${options.handle} from the store.`, got.error?.details);
  }
  const data = got.data;
  if (data.operation !== "get") throw new AgentIoError("internal_error", `The store answered a get of ${options.handle} with a ${data.operation} reply.`);
  return data;
}

type PageMetaFields = Pick<AgentPageResponse, "page_type" | "quality_score" | "extracted_via" | "fetched_via" | "published" | "byline" | "language" | "canonical_url">;

/**
 * What extract found when the page was read, as the store kept it (store 3.2.0), in the agent-page
 * reply's fields; all null for a page stored without it (by an older websift, or by another caller).
 */
function pageMetaFields(meta: StorePageMeta | null): PageMetaFields {
  return {
    page_type: meta?.page_type ?? null,
    quality_score: meta?.quality_score ?? null,
    extracted_via: meta?.extracted_via ?? null,
    fetched_via: meta?.fetched_via ?? null,
    published: meta?.published ?? null,
    byline: meta?.byline ?? null,
    language: meta?.language ?? null,
    canonical_url: meta?.canonical_url ?? null,
  };
}

/** Marker copies and instruction-like text in everything the page wrote that the reply carries. */
function pageWarnings(handle: string, title: string | null, byline: string | null, content: string): string[] {
  return [...markerCopyWarnings(handle, [title, byline, content]), ...instructionWarnings(handle, content), ...pageFieldWarnings(handle, { title, byline })];
}

/** One page of a stored document, fenced, with instruction-like text listed and optional highlights. */
export async function buildPageReply(options: PageReplyOptions): Promise<AgentPageResponse> {
  const storeDir = options.storeDir ? { store_dir: options.storeDir } : {};
  const data = await getStoredPage(options);
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
    warnings: pageWarnings(options.handle, data.title ?? null, data.page_meta?.byline ?? null, content),
    ...pageMetaFields(data.page_meta ?? null),
  };
  if (options.query) {
    const found = await options.layers.store({ operation: "search", query: options.query, handle: options.handle, limit: 3, ...storeDir });
    reply.highlights = (storeReply(found, "search")?.passages ?? []).map((passage) => ({
      text: fenceBody(options.fence, passage.text, { datamark: options.datamark }),
      score: passage.score,
      heading: passage.heading ?? null,
    }));
  }
  return reply;
}
