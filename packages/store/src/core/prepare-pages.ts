import { createHash } from "node:crypto";
import type { StorePageInput, StorePageMeta } from "@websift/contracts";
import { handleForUrl, pageIdentity } from "./handle.js";
import { splitIntoPassages, type PassageSpan } from "./passages.js";
import { stripUrlCredentials } from "./url-credentials.js";

/** A page of an add request, made ready to write before the lock is taken. */
export interface PreparedPage {
  input: StorePageInput;
  /** The URL as given, without credentials: neither the manifest nor any reply ever holds them. */
  url: string;
  canonicalUrl: string;
  handle: string;
  markdownSha256: string;
  title: string;
  passages: PassageSpan[];
  /** The page's extraction metadata with every field present, in one key order; undefined when the add left it out. */
  pageMeta: Required<StorePageMeta> | undefined;
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A page without a title is named by its first level-1 heading, if any. */
function titleOf(input: StorePageInput, passages: readonly PassageSpan[]): string {
  if (input.title !== undefined) return input.title.trim();
  const firstHeading = passages.find((passage) => passage.heading !== "" && /^ {0,3}# /.test(input.markdown.slice(passage.start, passage.end)));
  return firstHeading?.heading ?? "";
}

/** Every field present (null where left out), in one key order, so two versions compare as JSON text. */
function completePageMeta(meta: StorePageMeta): Required<StorePageMeta> {
  return {
    page_type: meta.page_type ?? null,
    quality_score: meta.quality_score ?? null,
    extracted_via: meta.extracted_via ?? null,
    fetched_via: meta.fetched_via ?? null,
    published: meta.published ? { value: meta.published.value, source: meta.published.source } : null,
    byline: meta.byline ?? null,
    language: meta.language ?? null,
    canonical_url: meta.canonical_url ?? null,
  };
}

export function preparePages(pages: readonly StorePageInput[]): PreparedPage[] {
  return pages.map((input) => {
    const canonicalUrl = pageIdentity(input.url);
    const passages = splitIntoPassages(input.markdown);
    return {
      input,
      url: stripUrlCredentials(input.url),
      canonicalUrl,
      handle: handleForUrl(canonicalUrl),
      markdownSha256: sha256Hex(input.markdown),
      title: titleOf(input, passages),
      passages,
      pageMeta: input.page_meta === undefined ? undefined : completePageMeta(input.page_meta),
    };
  });
}
