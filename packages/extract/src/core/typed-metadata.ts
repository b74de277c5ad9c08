// A page's metadata and type as the extraction path reads them, in one place, so that the trainers and
// benches that learn from them (bench/train-page-type.mjs, bench/train-title.mjs, bench/metadata-only.mjs)
// read what select-content.ts reads: the typer gets the rules' title and the body text, and a page typed
// `service` is titled by the rules with its article reading off.
import { readMetadata, type PageMetadata } from "./metadata.js";
import { chooseRulesTitle } from "./metadata/choose-title.js";
import { classifyPageType, type PageTypeSignals } from "./page-type.js";

export interface TypedMetadata {
  meta: PageMetadata;
  typed: PageTypeSignals;
  /** The body's text as the typer read it. */
  bodyText: string;
}

export function readTypedMetadata(doc: Document, url: string, jsonLd: unknown[]): TypedMetadata {
  const meta = readMetadata(doc, url, jsonLd);
  const bodyText = doc.body?.textContent ?? "";
  const typed = classifyPageType(doc, url, jsonLd, meta.og_type, {
    dated: meta.published !== null,
    byline: meta.byline !== null,
    title: meta.rulesTitle,
    bodyText,
  });
  // A service page whose metadata reads as an article's (WordPress gives every page og:type=article and a
  // date) is titled like the other non-article pages: by its declared title, not the <h1> slogan ("Free SEO
  // Checker" over "SEO Checker | Test your website for free"). WCXB dev titles +4; on listings and
  // collections the same rule cost 4 (docs/BENCHMARK.md, issue 14 session 16).
  // A service page keeps the hand rules' title: the title ranker took slogans there (WCXB dev, held out by
  // host: service titles -8 of 165; bench/train-title.mjs).
  if (typed.type === "service") {
    if (meta.titleCandidates.articleish) {
      meta.titleCandidates = { ...meta.titleCandidates, articleish: false };
      meta.rulesTitle = chooseRulesTitle(meta.titleCandidates);
    }
    meta.title = meta.rulesTitle;
  }
  return { meta, typed, bodyText };
}
