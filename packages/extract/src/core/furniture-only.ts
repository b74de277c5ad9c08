// A page whose visible text is all navigation, footer and sidebar has no main content: a script-built shop
// page as served (AliExpress, a React root holding only its footer), a mega-menu over an empty grid. Every
// extractor still finds "something" there, and that something is the site's footer; it is reported as no
// content (and, with scripts, as a JavaScript shell a caller can render) instead of being returned.
import { classTokenPattern } from "./boilerplate.js";
import { isElement, linkDensity, tagOf } from "./dom.js";
import { countWords, lowerWords } from "./text.js";

/**
 * Fewer visible words than this outside the page's furniture and the page has no content of its own.
 * WCXB dev: the footer- and menu-only pages have 0-24 such words. The labelled pages under the bar (Discourse
 * shells, a shop page whose text a script reveals) keep their output: what was chosen there is not furniture.
 */
const MAX_OWN_WORDS = 25;
/**
 * The chosen content is furniture when this share of its words are furniture words. Words, not runs of
 * them: Readability keeps a mega-menu's column headings and drops the links between them.
 */
const FURNITURE_SHARE = 0.8;

// Narrower than boilerplate.ts's structural chrome: a login or contact form, buttons and the site banner can be
// all a real page shows, and are not what "no content of its own" means.
const FURNITURE_TAGS = new Set(["nav", "footer", "aside"]);
const FURNITURE_ROLES = new Set(["navigation", "contentinfo", "complementary"]);
const FOOTER_NAME = classTokenPattern("footer");
const SKIPPED = new Set(["script", "style", "template", "noscript"]);
// A furniture-named element holding most of the page is a wrapper (an unclosed <aside>, a "sticky-footer"
// layout div around everything) unless it reads as a link list.
const WRAPPER_SHARE = 0.5;
const LINK_LIST_DENSITY = 0.4;
// Each wrapper is measured over its whole subtree; past a few nested ones the page is taken to have content,
// so hostile nesting stays linear.
const MAX_WRAPPERS = 4;

interface Walk {
  own: number;
  furniture: string[];
  wrappers: number;
  bodyWords: number;
}

export interface FurnitureReading {
  /** Visible words outside navigation, footers and sidebars. */
  ownWords: number;
  /** The furniture's words, lower-cased: what the chosen content is compared with. */
  furniture: Set<string>;
}

/**
 * The page's furniture, when the page has under MAX_OWN_WORDS words outside it; null otherwise. The walk
 * stops at the bar, so a page with content pays for a few dozen text nodes.
 */
export function readFurnitureOnlyPage(body: Element | null, bodyWords: number): FurnitureReading | null {
  if (!body) return null;
  const walk: Walk = { own: 0, furniture: [], wrappers: 0, bodyWords };
  if (!visit(body, walk)) return null;
  const furniture = new Set(lowerWords(walk.furniture.join(" ")));
  return { ownWords: walk.own, furniture };
}

/** Whether the text extraction chose is the page's furniture (read before the extractors changed the page). */
export function isFurniture(reading: FurnitureReading | null, chosenText: string): boolean {
  if (!reading || reading.furniture.size === 0) return false;
  const words = lowerWords(chosenText);
  if (words.length === 0) return false;
  let inFurniture = 0;
  for (const word of words) if (reading.furniture.has(word)) inFurniture++;
  return inFurniture / words.length >= FURNITURE_SHARE;
}

/** False as soon as the page's own words reach the bar (or its furniture-named wrappers, theirs). */
function visit(node: Element, walk: Walk): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      walk.own += countWords((child as Text).data);
      if (walk.own >= MAX_OWN_WORDS) return false;
      continue;
    }
    if (!isElement(child)) continue;
    const tag = tagOf(child);
    if (SKIPPED.has(tag)) continue;
    if (isFurnitureNamed(child, tag)) {
      if (!isWrapper(child, walk)) {
        collectText(child, walk.furniture);
        continue;
      }
      if (++walk.wrappers > MAX_WRAPPERS) return false;
    }
    if (!visit(child, walk)) return false;
  }
  return true;
}

/** Text nodes one by one: textContent runs the words of adjacent menu items together. */
function collectText(node: Node, into: string[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) into.push((child as Text).data);
    else if (isElement(child) && !SKIPPED.has(tagOf(child))) collectText(child, into);
  }
}

function isFurnitureNamed(el: Element, tag: string): boolean {
  return FURNITURE_TAGS.has(tag) || FURNITURE_ROLES.has(el.getAttribute("role") ?? "") || FOOTER_NAME.test(el.getAttribute("class") ?? "") || FOOTER_NAME.test(el.id);
}

// Words against the body's count (already known): measuring the body's text length here would walk the whole
// page on every page whose first element is a <nav>.
function isWrapper(el: Element, walk: Walk): boolean {
  return countWords(el.textContent ?? "") >= walk.bodyWords * WRAPPER_SHARE && linkDensity(el) < LINK_LIST_DENSITY;
}
