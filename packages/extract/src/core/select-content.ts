// Which part of the page is its content: parse, strip hidden content, read metadata, classify, then the
// extraction chain page-type -> readability -> main-heuristic -> body-text, recording which step produced it.
import type { ExtractResponseExtractedVia, ExtractResponsePageType } from "@websift/contracts";
import { removePageChrome } from "./boilerplate.js";
import type { PrecleanedHtml } from "./preclean.js";
import type { CommercePageType } from "./extractors/commerce-chrome.js";
import { extractMainContent, findMainContainer } from "./extractors/main-content.js";
import { findForumPosts, renderForumThread, type ForumPost } from "./extractors/forum.js";
import { isFurniture, readFurnitureOnlyPage } from "./furniture-only.js";
import type { HiddenContentReport } from "./hidden-report.js";
import type { PageMetadata } from "./metadata.js";
import { textLength } from "./dom.js";
import { documentFrom, prepareDocument, type PreparedDocument } from "./prepare-document.js";
import { bodyMayReplaceArticle, regionMayReplaceArticle } from "./replacement-guard.js";
import type { PageTypeSignals } from "./page-type.js";
import { readTypedMetadata } from "./typed-metadata.js";
import { toPlainText } from "./plain-text.js";
import { runReadability } from "./readability.js";
import { removeResponsiveDuplicates } from "./responsive-duplicates.js";
import { cleanName, countWords, MAX_NAME_CHARS } from "./text.js";

// Types whose content is a region of the page rather than one prose block: Readability keeps too little.
const REGION_TYPES = new Set<ExtractResponsePageType>(["product", "listing", "collection", "service"]);
// Types whose main region carries shop furniture (facets, "also viewed" rails, reviews).
const COMMERCE_TYPES = new Set<ExtractResponsePageType>(["product", "listing", "collection"]);
const commerceType = (type: ExtractResponsePageType): CommercePageType | null =>
  COMMERCE_TYPES.has(type) ? (type as CommercePageType) : null;

// Below this share of the main region's words, Readability has kept one block of a multi-block page.
const READABILITY_SHARE_OF_REGION = 0.6;
// With no main region, below this share of the cleaned body's words (measured on WCXB dev, 0.2-0.3 best).
const READABILITY_SHARE_OF_BODY = 0.25;

interface Candidate {
  content: Element;
  via: ExtractResponseExtractedVia;
  text: string;
  words: number;
}

export interface SelectedContent {
  warnings: string[];
  meta: PageMetadata;
  jsonLd: PreparedDocument["jsonLd"];
  hidden: HiddenContentReport;
  /** The page's visible words, leaving out its furniture when that is all it has (only_page_furniture). */
  ownWords: number;
  typed: PageTypeSignals;
  /** The type extraction routed by (the hand rules'); the reported type is typed.type. */
  pageType: ExtractResponsePageType;
  chosen: Candidate | null;
  readabilityMeta: ReturnType<typeof runReadability>;
}

export function selectContent(url: string, html: string): SelectedContent {
  const { pre, doc, jsonLd, hidden, warnings } = prepareDocument(url, html);
  const { meta, typed, bodyText } = readTypedMetadata(doc, url, jsonLd);
  const bodyWords = countWords(bodyText);
  // Before anything is removed: the footer is what the extractors would return from a page with no content.
  const furniture = readFurnitureOnlyPage(doc.body, bodyWords);
  // The reported type is the classifier's; extraction still routes by the hand rules' type, which the
  // extraction chain was tuned on: routing by the classifier's type cost listing (-0.005) and forum (-0.006)
  // F1 on the WCXB dev split (docs/BENCHMARK.md, issue 14).
  const pageType = typed.rulesType ?? typed.type;
  // After the metadata rules, which read the copy a reader meets first (a date printed only in the mobile
  // header still dates the page).
  if (doc.body) removeResponsiveDuplicates(doc.body);
  // A thread is read post by post when either type says forum: the classifier names threads the rules route
  // as service or product (lobste.rs, Warrior Forum). On its word alone the page must show two posts with
  // text. WCXB dev: 7 forum pages up (0.23 -> 0.94, 0.31 -> 0.94, 0.57 -> 0.95), 3 down (an article's
  // comment thread 0.94 -> 0.08), F1 +0.0005; without the two-post bar a one-post header page fell 0.62 -> 0.02.
  // On the rules' word one post with text is enough; a news river at a /topic/ URL, whose "posts" are the
  // cards' times, has none (WCXB dev: that page 0.02 -> 0.41, no other page moved).
  const threadLike = pageType === "forum" || typed.type === "forum";
  if (doc.body) removePageChrome(doc.body, { keepComments: threadLike });

  const candidate = (content: Element | null, via: ExtractResponseExtractedVia): Candidate | null => {
    if (!content) return null;
    const text = toPlainText(content);
    return { content, via, text, words: countWords(text) };
  };

  const keepComments = threadLike;
  // Whether carousels are the collection's own rows is the classifier's call: it names collections the hand
  // rules route as product or listing (WCXB dev: 2 more collection pages right, +0.004 collection F1).
  const commerce = commerceType(pageType) && typed.type === "collection" ? "collection" : commerceType(pageType);
  let chosen: Candidate | null = null;
  if (threadLike) {
    let posts = findForumPosts(doc);
    if (posts && !hasPostsWithText(posts, pageType === "forum" ? 1 : 2)) posts = null;
    if (posts) chosen = candidate(renderForumThread(doc, meta.rulesTitle, posts), "page-type");
    // A thread's author is who opened it: the first post's, when the page declares no byline.
    if (posts && meta.byline === null) meta.byline = cleanName(posts[0]?.author, MAX_NAME_CHARS);
  }
  // The region candidate is cut from a copy, before Readability consumes the document.
  // One walk finds the main container for both the region candidate and Readability's focus.
  const main = chosen ? null : findMainContainer(doc);
  const region = chosen ? null : candidate(extractMainContent(doc, { keepComments, commerce, container: main }), "main-heuristic");
  if (!chosen && region && REGION_TYPES.has(pageType) && region.words >= 20) chosen = region;

  // Without a main region, the cleaned body is the alternative to Readability (cut before it runs, too).
  const wholeBody = chosen || region ? null : candidate(extractMainContent(doc, { keepComments: true, wholeBody: true, commerce }), "body-text");

  let readabilityMeta: ReturnType<typeof runReadability> = null;
  if (!chosen) {
    const mainWords = main ? countWords(main.textContent ?? "") : 0;
    focusOnMain(doc, main, bodyWords, mainWords);
    readabilityMeta = safeReadability(doc, warnings);
    chosen = candidate(readabilityMeta?.content ?? null, "readability");
    // Readability keeps one block; when that is well under the main region (measured on WCXB dev: below
    // ~60% of the region's words the region scores better on every page type), the region is the content.
    // On article pages the replacement is precision-aware (replacement-guard.ts).
    const article = pageType === "article" && chosen !== null;
    if (region && region.words > (chosen?.words ?? 0) / READABILITY_SHARE_OF_REGION && (!article || regionMayReplaceArticle(chosen!, region))) {
      if (chosen) warnings.push("readability_too_short");
      chosen = region;
    }
    // Shop grids and landing pages without landmarks: Readability picks one card or the footer. On a
    // region type the cleaned body is the region, so it is held to the region's share.
    const bodyShare = REGION_TYPES.has(pageType) ? READABILITY_SHARE_OF_REGION : READABILITY_SHARE_OF_BODY;
    if (wholeBody && (chosen?.words ?? 0) < wholeBody.words * bodyShare && (!article || bodyMayReplaceArticle(chosen!))) {
      if (chosen) warnings.push("readability_too_short");
      chosen = wholeBody;
    }
  }
  if (!chosen || chosen.words < 5) {
    const body = wholeBody ?? candidate(extractMainContent(reparse(pre, true), { keepComments: true, wholeBody: true }), "body-text");
    if (body && body.words > (chosen?.words ?? 0)) chosen = body;
  }
  // WCXB dev: 7 pages whose labels are empty (AliExpress, a React root with only its footer, a mega-menu over
  // an empty grid) gave their footer or menu; no labelled page is footer-only.
  if (chosen && furniture && isFurniture(furniture, chosen.text)) {
    warnings.push("only_page_furniture");
    chosen = null;
  }
  // A page that came out empty is judged a script shell on its own words: a served footer is not content.
  const ownWords = furniture && (chosen?.words ?? 0) === 0 ? furniture.ownWords : bodyWords;

  return { warnings, meta, jsonLd, hidden, ownWords, typed, pageType, chosen, readabilityMeta };
}

// 20 characters: more than a story card's "1 year ago" or a reply count, which is all a news river's "posts" hold.
const MIN_POST_TEXT = 20;

/** Whether `needed` of the posts show text of their own; stops at the `needed`th, so a long thread is not measured whole. */
function hasPostsWithText(posts: readonly ForumPost[], needed: number): boolean {
  let found = 0;
  for (const post of posts) if (textLength(post.body) >= MIN_POST_TEXT && ++found >= needed) return true;
  return false;
}

/** The page parsed again as the first parse left it before its chrome went, with `keepComments` chosen anew. */
function reparse(pre: PrecleanedHtml, keepComments: boolean): Document {
  const { doc } = documentFrom(pre);
  if (doc.body) removeResponsiveDuplicates(doc.body);
  if (doc.body) removePageChrome(doc.body, { keepComments });
  return doc;
}

/**
 * Readability's cost grows with the document (on linkedom, ~1 s for a 1 MB page). When the page has a main
 * container (a landmark, or a content-named id or class; findMainContainer) holding a fair share of the
 * text, Readability only needs that region. Measured on the WCXB dev split: from a quarter of the body's
 * words no page type's F1 falls (9 of 1,497 pages move by more than 0.001) and no metadata rate moves; from
 * 15%, collection lost 0.006. Landmarks only, from 40% (the rule before), focused fewer pages.
 */
const FOCUS_SHARE_OF_BODY = 0.25;

function focusOnMain(doc: Document, main: Element | null, bodyWords: number, mainWords: number): void {
  const body = doc.body;
  if (!body || !main || main === body) return;
  if (mainWords < bodyWords * FOCUS_SHARE_OF_BODY) return;
  main.remove();
  body.replaceChildren(main);
}

function safeReadability(doc: Document, warnings: string[]): ReturnType<typeof runReadability> {
  try {
    return runReadability(doc);
  } catch {
    // Readability throws on some malformed trees; the heuristics below still have the content.
    warnings.push("readability_failed");
    return null;
  }
}
