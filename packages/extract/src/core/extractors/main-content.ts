// The "main-heuristic" path: the page's main landmark (or the largest content-named container), minus
// structural furniture. It keeps everything inside that region, which suits pages that are not one
// article (services, listings, collections, products) and rescues pages where Readability keeps too little.
import { removePageChrome, removeStructuralChrome } from "../boilerplate.js";
import { hasText, linkDensity, textLength } from "../dom.js";
import { lowerWords, shareOfShinglesIn, wordShingles } from "../text.js";
import { removeCommerceChrome, type CommercePageType } from "./commerce-chrome.js";

// In order of trust: landmarks first, then common content ids and classes, then <article>.
const CANDIDATE_IDS = ["main-content", "maincontent", "main", "content", "primary"];
const CANDIDATE_CLASSES = ["main-content", "site-content", "page-content", "content"];

function candidateRank(el: Element): number {
  const tag = el.localName;
  if (tag === "main") return 0;
  if (el.getAttribute("role") === "main") return 1;
  const id = el.getAttribute("id");
  if (id) {
    const i = CANDIDATE_IDS.indexOf(id.toLowerCase());
    if (i >= 0) return 2 + i;
  }
  const cls = el.getAttribute("class");
  if (cls) {
    const tokens = cls.toLowerCase().split(/\s+/);
    for (let i = 0; i < CANDIDATE_CLASSES.length; i++) if (tokens.includes(CANDIDATE_CLASSES[i]!)) return 2 + CANDIDATE_IDS.length + i;
  }
  if (tag === "article") return 100;
  return -1;
}

export function findMainContainer(doc: Document): Element | null {
  const body = doc.body;
  if (!body) return null;
  // One traversal collects every candidate; linkedom pays a full walk per querySelectorAll.
  const ranked: Array<[number, Element]> = [];
  for (const el of Array.from(body.querySelectorAll("*"))) {
    const rank = candidateRank(el);
    if (rank >= 0) ranked.push([rank, el]);
  }
  if (ranked.length === 0) return null;
  ranked.sort((a, b) => a[0] - b[0]);
  const bodyLen = Math.max(1, textLength(body));
  let best: Element | null = null;
  let bestLen = 0;
  for (const [rank, el] of ranked) {
    if (best && bestRank(best) <= 1 && rank > 1) break;
    const len = textLength(el);
    // A landmark wins if it holds a fair share of the page; later, broader names only if clearly larger.
    if (len < bodyLen * 0.15 || len < 100) continue;
    if (!best || len > bestLen * 1.5) {
      best = el;
      bestLen = len;
    }
  }
  return best ? widenNarrowMain(best, bodyLen) : null;
}

// A main container holding under this share of the body may be one column of the content: a shop's <main>
// around its product grid with the category's own text beside or below it (WCXB dev: 2 collection pages,
// 0.16 -> 0.89 and 0.30 -> 0.90 F1, none down; looser bars, 0.7 and 0.3, moved 4 more pages, 3 of them down).
const NARROW_MAIN_SHARE = 0.5;
// The parent is the content when its prose outside the container, links and furniture aside, is this large
// against the container's own text.
const SIBLING_PROSE_RATIO = 0.5;
const FURNITURE = new Set(["nav", "aside", "header", "footer", "form"]);
// Each step measures the parent's subtree, so the climb is bounded: a page nesting its <main> in thousands of
// wrappers stays linear. The dev pages that widen climb one or two levels.
const MAX_WIDEN_STEPS = 4;
// A sibling most of whose 4-word shingles stand in the container is a copy of it (as forum quotes are judged).
const COPY_SHINGLE_WORDS = 4;
const COPY_SHARE = 0.8;

function widenNarrowMain(main: Element, bodyLen: number): Element {
  let current = main;
  let own = textLength(current);
  for (let step = 0, parent = current.parentElement; step < MAX_WIDEN_STEPS && parent && parent.localName !== "html"; step++, parent = current.parentElement) {
    if (own >= bodyLen * NARROW_MAIN_SHARE) break;
    let outside = 0;
    let ownShingles: Set<string> | null = null;
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      if (c === current || FURNITURE.has(c.localName)) continue;
      const len = textLength(c);
      if (len === 0 || linkDensity(c) >= 0.3) continue;
      // A second copy of the container's text (a responsive duplicate) is not more content. Only a sibling of
      // comparable size can be one, which also keeps the checks linear in the parent's text.
      if (len >= own * 0.5) {
        ownShingles ??= new Set(wordShingles(lowerWords(current.textContent ?? ""), COPY_SHINGLE_WORDS));
        if (shareOfShinglesIn(lowerWords(c.textContent ?? ""), ownShingles, COPY_SHINGLE_WORDS) >= COPY_SHARE) continue;
      }
      outside += len;
    }
    const parentLen = textLength(parent);
    // A wrapper around the container alone says nothing yet: look past it.
    if (outside < own * SIBLING_PROSE_RATIO && !(outside === 0 && parentLen === own)) break;
    current = parent;
    own = parentLen;
  }
  return current;
}

function bestRank(el: Element): number {
  return candidateRank(el);
}

/** A cleaned copy of the main container, or of the whole body when no container is found. */
export interface MainContentOptions {
  keepComments: boolean;
  /** Start from the whole body instead of the main container. */
  wholeBody?: boolean;
  /** Product, collection and listing pages: also cut facets, merchandising rails and reviews. */
  commerce?: CommercePageType | null;
  /** The main container when the caller has already found it (null: none); found here otherwise. */
  container?: Element | null;
}

export function extractMainContent(doc: Document, options: MainContentOptions): Element | null {
  const source = options.wholeBody ? doc.body : options.container !== undefined ? options.container : findMainContainer(doc);
  if (!source) return null;
  const copy = source.cloneNode(true) as Element;
  removeStructuralChrome(copy);
  removePageChrome(copy, { keepComments: options.keepComments });
  if (options.commerce) removeCommerceChrome(copy, options.commerce);
  return hasText(copy) ? copy : null;
}
