// A page's metadata and type as the extraction path reads them, in one place, so that the trainers and
// benches that learn from them (bench/train-page-type.mjs, bench/train-title.mjs, bench/metadata-only.mjs)
// read what select-content.ts reads: the typer gets the rules' title and the body text, and a page typed
// `service` is titled by its <title> (chooseServiceTitle).
import { readMetadata, type PageMetadata } from "./metadata.js";
import { chooseServiceTitle } from "./metadata/choose-title.js";
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
  // A service page is titled by its <title> (chooseServiceTitle), never by the ranker: it took slogans there
  // (WCXB dev, held out by host: service titles -8 of 165; bench/train-title.mjs). That is the rules' title
  // the trainers read for it too.
  if (typed.type === "service") {
    meta.rulesTitle = chooseServiceTitle(meta.titleCandidates);
    meta.title = meta.rulesTitle;
  }
  return { meta, typed, bodyText };
}
