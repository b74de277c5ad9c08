// The HTML path: select the content (select-content.ts), then render it and score it, with the metadata.
import type { ExtractResponseExtractedVia } from "@websift/contracts";
import { filterBlocks } from "./blocks/block-filter.js";
import { toMarkdown } from "./markdown.js";
import { toIsoDate } from "./metadata.js";
import { cleanReadabilityByline } from "./metadata/find-byline.js";
import { scoreQuality } from "./quality.js";
import { selectContent } from "./select-content.js";
import { removeTableOfContents } from "./table-of-contents.js";
import { toPlainText } from "./plain-text.js";
import { cleanLine, cleanName, countWords, MAX_LANGUAGE_TAG_CHARS, MAX_NAME_CHARS } from "./text.js";
import type { ExtractPageResult } from "./types.js";

export function extractHtml(url: string, html: string): ExtractPageResult {
  const { warnings, meta, jsonLd, hidden, ownWords, typed, pageType, chosen, readabilityMeta } = selectContent(url, html);
  if (chosen) {
    // The block classifier drops furniture the selection kept (block-filter.ts); text and counts follow.
    // The rules' title, as the block classifier was trained on it.
    const context = { pageType, via: chosen.via, title: meta.rulesTitle, description: meta.description };
    const tocs = removeTableOfContents(chosen.content, url);
    if (filterBlocks(chosen.content, context) > 0 || tocs > 0) {
      chosen.text = toPlainText(chosen.content);
      chosen.words = countWords(chosen.text);
    }
  }
  const title = meta.title ?? cleanLine(readabilityMeta?.title);
  const markdown = chosen ? toMarkdown(chosen.content, url) : "";
  const text = chosen?.text ?? "";
  const words = chosen?.words ?? 0;
  const via: ExtractResponseExtractedVia = chosen?.via ?? "body-text";
  if (words === 0) warnings.push("empty_content");
  const quality = scoreQuality({ rawHtml: html, title, text, wordCount: words, bodyWordCount: ownWords, extractedVia: via });
  warnings.push(...quality.warnings);

  const published =
    meta.published ?? (readabilityMeta?.publishedTime ? toPublished(readabilityMeta.publishedTime) : null);
  return {
    url,
    title,
    content_markdown: markdown,
    content_text: text,
    page_type: typed.type,
    quality_score: quality.score,
    extracted_via: via,
    published,
    // Readability's fallbacks read meta tags with no length limit; the same bounds as our own rules.
    byline: meta.byline ?? cleanName(cleanReadabilityByline(readabilityMeta?.byline), MAX_NAME_CHARS),
    language: meta.language ?? cleanName(readabilityMeta?.lang, MAX_LANGUAGE_TAG_CHARS),
    site_name: meta.site_name ?? cleanName(readabilityMeta?.siteName, MAX_NAME_CHARS),
    canonical_url: meta.canonical_url,
    og_type: meta.og_type,
    json_ld: jsonLd,
    word_count: words,
    warnings: [...new Set(warnings)],
    hidden_content: hidden,
  };
}

function toPublished(raw: string): ExtractPageResult["published"] {
  const value = toIsoDate(raw);
  return value ? { value, source: "meta" } : null;
}
