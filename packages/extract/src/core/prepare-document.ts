// The document every reader of a page starts from: precleaned, parsed, streamed fragments put in place, JSON-LD
// read, hidden content stripped, depth capped and code languages marked. One function, so the extraction path
// and the trainers and benches that learn from it (bench/train-*.mjs, bench/metadata-only.mjs) read the same page.
import { assertElementCount, capDomDepth } from "./dom-limits.js";
import { elementsByTagNames, parseHtml } from "./dom.js";
import type { HiddenContentReport } from "./hidden-report.js";
import { readJsonLd } from "./json-ld.js";
import { markCodeLanguages } from "./markdown.js";
import { precleanHtml, type PrecleanedHtml } from "./preclean.js";
import { completeStreamedFragments, placeUnscriptedSegments } from "./streamed-fragments.js";
import { stripHidden } from "./strip-hidden.js";

export interface PreparedDocument {
  pre: PrecleanedHtml;
  doc: Document;
  jsonLd: ReturnType<typeof readJsonLd>["blocks"];
  hidden: HiddenContentReport;
  /** What preparing found worth telling the caller (malformed JSON-LD, a capped depth). */
  warnings: string[];
}

export function prepareDocument(url: string, html: string): PreparedDocument {
  const pre = precleanHtml(html);
  assertElementCount(pre.html, url);
  return documentFrom(pre);
}

/** A fresh document from HTML already precleaned (select-content.ts parses a page twice when it must). */
export function documentFrom(pre: PrecleanedHtml): PreparedDocument {
  const warnings: string[] = [];
  const doc = parseHtml(pre.html);
  completeStreamedFragments(doc, pre.streamedFragments);
  if (pre.uncompletedBoundaries) placeUnscriptedSegments(doc);
  // Nothing changes the tree from here to the strip's <noscript> step: one walk finds what both read.
  const found = elementsByTagNames(doc, ["script", "style", "noscript"]);
  const jsonLd = readJsonLd(doc, pre.jsonLd, found.get("script"));
  warnings.push(...jsonLd.warnings);
  const { hidden } = stripHidden(doc, pre.css, pre.revealedIds, { styles: found.get("style"), noscripts: found.get("noscript") });
  // After the strip (which is linear in depth), so flattening never lifts text out of a hidden element.
  if (doc.documentElement && capDomDepth(doc.documentElement) > 0) warnings.push("dom_depth_capped");
  // Before any candidate is cut: Readability drops class attributes, and every candidate renders code fences.
  markCodeLanguages(doc);
  return { pre, doc, jsonLd: jsonLd.blocks, hidden, warnings };
}
