import type { Envelope, ErrorCode, ExtractResponse, FetchRequest, FetchResponse, StorePageMeta } from "@websift/contracts";
import type { Layers } from "../layers.js";
import { hiddenContentWarnings, markerCopyWarnings, pageFieldWarnings, type HiddenContentReport } from "../fence/page-warnings.js";
import { credentialScrubber, withoutCredentials } from "./strip-credentials.js";
import { storeReply } from "./store-reply.js";
import { renderedDocumentTitle } from "./rendered-title.js";

/** `auto`: render only a page extract reports as a JavaScript-only shell; `always`; `never`. */
export type RenderMode = "auto" | "always" | "never";

export interface ReadOptions {
  layers: Layers;
  allowPrivateHosts: boolean;
  /** The operator's single private hosts (`HOST` or `HOST:PORT`), for every tier. */
  allowedPrivateHosts?: string[];
  storeDir: string | undefined;
  timeoutMs: number;
  render?: RenderMode;
  /**
   * Cache pages of private hosts too. Off for one machine (an internal page changes under a
   * developer's hands); on when the operator shares state on Redis, where instances behind one port
   * must not each read the same page again.
   */
  cachePrivatePages?: boolean;
}

export interface PageRead {
  ok: true;
  url: string;
  final_url: string;
  handle: string;
  title: string | null;
  markdown: string;
  page_type: string;
  quality_score: number;
  extracted_via: string;
  fetched_via: string | null;
  /** What extract found about the page (null when it found nothing). */
  published: { value: string; source: string } | null;
  byline: string | null;
  language: string | null;
  canonical_url: string | null;
  /** Page-level warnings: hidden instructions removed, fence marker copies neutralised. */
  warnings: string[];
}

export interface PageReadFailure {
  ok: false;
  url: string;
  /** A slug for `failed:<reason>`: the block reason, `http_404`, `timeout`, `empty`, `low_quality`, ... */
  reason: string;
  code: ErrorCode;
  detail: string;
  retry_after_s: number | null;
  status: number | null;
}

/** Below this the extractor judged the page a challenge, soft-404 or empty shell: not content. */
const MIN_QUALITY = 0.2;

function fetchFailureReason(data: FetchResponse): string {
  if (data.outcome === "blocked" && data.block_reason) return data.block_reason.toLowerCase().replace(/[^a-z0-9_-]+/g, "_");
  if (data.outcome === "http_error" && data.status !== null) return `http_${data.status}`;
  return data.outcome;
}

type FetchedAndExtracted =
  | { kind: "read"; data: FetchResponse; extracted: Envelope<ExtractResponse>; jsShell: boolean; rendered: boolean }
  | { kind: "failed"; failure: Omit<PageReadFailure, "url"> };

/**
 * One fetch (plain tiers, or the browser tier when `rendered`) and its extraction. What a rendered page tried
 * and the guard refused goes into `warnings`.
 */
async function fetchAndExtract(requestedUrl: string, options: ReadOptions, rendered: boolean, warnings: string[]): Promise<FetchedAndExtracted> {
  const url = withoutCredentials(requestedUrl);
  const fetchRequest: FetchRequest = { url: requestedUrl, timeout_ms: options.timeoutMs, retries: 1 };
  const allowedHosts = options.allowedPrivateHosts ?? [];
  if (allowedHosts.length > 0) fetchRequest.allowed_private_hosts = allowedHosts;
  if (options.allowPrivateHosts) fetchRequest.allow_private_hosts = true;
  // Internal pages change under a developer's hands: not cached, unless instances share state.
  if ((!options.allowPrivateHosts && allowedHosts.length === 0) || options.cachePrivatePages) fetchRequest.cache = { mode: "use" };
  if (rendered) fetchRequest.tier = 2;
  const fetched = await options.layers.fetch(fetchRequest);
  const data = fetched.data;
  for (const refused of data?.refused_requests ?? []) warnings.push(`${url}: the page's ${refused.resource_type} request to ${refused.url} was refused and not sent (${refused.detail})`);
  if (!fetched.ok || !data || data.body === null) {
    if (!data) {
      return { kind: "failed", failure: { ok: false, reason: fetched.error?.code ?? "fetch_failed", code: fetched.error?.code ?? "internal_error", detail: fetched.error?.message ?? "The fetch layer gave no reply.", retry_after_s: null, status: null } };
    }
    return {
      kind: "failed",
      failure: {
        ok: false,
        reason: fetchFailureReason(data),
        code: (fetched.error?.code ?? "http_error") as ErrorCode,
        detail: fetched.error?.message ?? `Fetching ${url} ended as ${data.outcome}.`,
        retry_after_s: data.retry_after_s,
        status: data.status,
      },
    };
  }
  const extracted = await options.layers.extract({
    url: withoutCredentials(data.final_url),
    ...(data.body_encoding === "base64" ? { body_base64: data.body } : { html: data.body }),
    ...(data.content_type ? { content_type: data.content_type } : {}),
  });
  return { kind: "read", data, extracted, jsShell: extracted.data?.warnings?.includes("js_shell") === true, rendered };
}

/** What extract (and fetch) found about the page, kept with it in the store so `open` answers what `fetch` did. */
function pageMetaOf(page: ExtractResponse, data: FetchResponse): StorePageMeta {
  return {
    page_type: page.page_type,
    quality_score: page.quality_score,
    extracted_via: page.extracted_via,
    fetched_via: data.fetched_via,
    // Only the two fields the store keeps: the store refuses unknown fields.
    published: page.published ? { value: page.published.value, source: page.published.source } : null,
    byline: page.byline ?? null,
    language: page.language ?? null,
    canonical_url: page.canonical_url ?? null,
  };
}

/**
 * Read one URL the way every agent-io command does: through the fetch layer's guarded transport,
 * the extract layer, and into the store (so it can be opened again with no network).
 * A blocked page, an error page or an empty shell is a failure with its reason, never content.
 */
export async function readAndIndexPage(requestedUrl: string, options: ReadOptions): Promise<PageRead | PageReadFailure> {
  // The fetch layer may use credentials in the URL; everything kept or returned goes without them.
  const url = withoutCredentials(requestedUrl);
  const scrub = credentialScrubber(requestedUrl);
  const render = options.render ?? "auto";
  const warnings: string[] = [];
  let attempt = await fetchAndExtract(requestedUrl, options, render === "always", warnings);
  // Escalate only for a page extract judged a JavaScript-only shell: plain pages never start a browser.
  if (attempt.kind === "read" && render === "auto" && attempt.jsShell) {
    attempt = await fetchAndExtract(requestedUrl, options, true, warnings);
  }
  if (attempt.kind === "failed") return { ...attempt.failure, url, detail: scrub(attempt.failure.detail) };
  const { data, extracted } = attempt;
  const page = extracted.data;
  if (attempt.jsShell && render === "never") {
    return { ok: false, url, reason: "js_shell", code: "empty_content", detail: `${url} is a JavaScript-only page; rendering it in the browser tier was turned off (render: never).`, retry_after_s: null, status: data.status };
  }
  if (extracted.error?.code === "empty_content") {
    return { ok: false, url, reason: "empty", code: "empty_content", detail: extracted.error.message, retry_after_s: null, status: data.status };
  }
  if (!extracted.ok || !page) {
    return { ok: false, url, reason: extracted.error?.code ?? "extract_failed", code: extracted.error?.code ?? "parse_failed", detail: extracted.error?.message ?? "Extraction failed.", retry_after_s: null, status: data.status };
  }
  if (page.content_markdown.trim() === "") {
    return { ok: false, url, reason: "empty", code: "empty_content", detail: `${url} was read, but no main content was found in it.`, retry_after_s: null, status: data.status };
  }
  if (page.quality_score < MIN_QUALITY) {
    return {
      ok: false,
      url,
      reason: "low_quality",
      code: "empty_content",
      detail: `${url} looks like a challenge page, soft 404 or empty shell (quality ${page.quality_score}); it is not returned as content.`,
      retry_after_s: null,
      status: data.status,
    };
  }
  const title = attempt.rendered && data.body_encoding === "text" && data.body !== null ? renderedDocumentTitle(data.body) ?? page.title : page.title;
  const stored = await options.layers.store({
    operation: "add",
    ...(options.storeDir ? { store_dir: options.storeDir } : {}),
    pages: [{ url, markdown: page.content_markdown, ...(title ? { title } : {}), fetched_at: new Date().toISOString(), page_meta: pageMetaOf(page, data) }],
  });
  const handle = storeReply(stored, "add")?.added[0]?.handle;
  if (!stored.ok || !handle) {
    return { ok: false, url, reason: stored.error?.code ?? "store_failed", code: stored.error?.code ?? "internal_error", detail: stored.error?.message ?? "The page could not be stored.", retry_after_s: null, status: data.status };
  }
  const hidden = (page as { hidden_content?: HiddenContentReport }).hidden_content;
  return {
    ok: true,
    url,
    final_url: withoutCredentials(data.final_url),
    handle,
    title,
    markdown: page.content_markdown,
    page_type: page.page_type,
    quality_score: page.quality_score,
    extracted_via: page.extracted_via,
    fetched_via: data.fetched_via,
    published: page.published ?? null,
    byline: page.byline ?? null,
    language: page.language ?? null,
    canonical_url: page.canonical_url ?? null,
    warnings: [
      ...warnings,
      ...markerCopyWarnings(url, [title, page.byline, page.content_markdown]),
      ...pageFieldWarnings(url, { title, byline: page.byline }),
      ...hiddenContentWarnings(url, hidden),
    ],
  };
}
