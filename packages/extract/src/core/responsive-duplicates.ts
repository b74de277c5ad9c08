// Responsive variants: the same block written twice, once for narrow screens and once for wide ones, one of
// them hidden by a media query we do not evaluate ("product-description hidden-down-md" and "... hidden-up-md"
// on Squarespace; Bootstrap's d-none d-md-block / d-md-none; Tailwind's hidden md:block / md:hidden; Framer
// renders every breakpoint as a "ssr-variant"). A reader
// sees one of them; extracting both doubles the block.
import { forEachAttribute, TEXT_NODE } from "./dom.js";
import { lowerWords, wordShingles } from "./text.js";

// Class tokens that show or hide an element by screen width.
const RESPONSIVE_CLASS =
  /(?:^|\s)(?:ssr-variant|(?:hidden|visible|show|hide)-(?:up-|down-|for-|on-)?(?:xs|sm|md|lg|xl|xxl|mobile|tablet|desktop|small|medium|large)\b[\w-]*|d-(?:sm|md|lg|xl|xxl)-(?:none|block|flex|inline|inline-block|grid)|(?:sm|md|lg|xl|2xl):(?:hidden|block|flex|inline|inline-block|grid)|[\w-]*(?:mobile|desktop|tablet)-(?:only|hidden|visible|show|hide)|(?:only|hide|show|visible|hidden)-(?:on-)?(?:mobile|desktop|tablet)[\w-]*)(?=\s|$)/i;
// The class token (ASCII whitespace separates class names) that marks a Framer breakpoint variant.
const FRAMER_VARIANT = /(?:^|[\t\n\f\r ])ssr-variant(?:[\t\n\f\r ]|$)/;
// A variant this short may repeat on purpose (a price, a button label).
const MIN_WORDS = 6;

/**
 * Removes one of two responsive variants when one's words stand in the other (equal, or an accordion version
 * with its tab labels added) and they are of a size; returns how many were removed.
 */
export function removeResponsiveDuplicates(root: Element): number {
  // One pass over the class attributes finds both kinds (linkedom's selector matching of "[class]" and
  // ".ssr-variant" walked the tree twice, ~1% of a page's time); a variant the Framer step removed, or one
  // inside it, is no longer below the root.
  const framer: Element[] = [];
  const found: Element[] = [];
  forEachAttribute(root, (el, name, value) => {
    if (name !== "class") return;
    if (FRAMER_VARIANT.test(value)) framer.push(el);
    if (RESPONSIVE_CLASS.test(value)) found.push(el);
  });
  let removed = removeLaterFramerVariants(framer);
  const variants = removed > 0 ? found.filter((el) => root.contains(el)) : found;
  if (variants.length < 2) return removed;
  const kept: Array<{ el: Element; shingles: Set<string>; alive: boolean }> = [];
  const holders = new Map<string, number[]>();
  // Document order: a variant inside the last outermost one is part of it.
  let outer: Element | null = null;
  for (const el of variants) {
    if (outer?.contains(el)) continue;
    outer = el;
    const runs = textRuns(el);
    if (runs.reduce((n, run) => n + run.length, 0) < MIN_WORDS) continue;
    const shingles = shinglesOf(runs);
    const match = mostOverlapping(shingles, kept, holders);
    const smaller = Math.min(shingles.size, match?.variant.shingles.size ?? 0);
    const larger = Math.max(shingles.size, match?.variant.shingles.size ?? 0);
    if (match && match.overlap >= smaller * CONTAINED_SHARE && smaller >= larger * COMPARABLE_SIZE) {
      const other = match.variant;
      const hasHeadline = el.querySelector("h1") !== null;
      const otherHasHeadline = other.el.querySelector("h1") !== null;
      // The copy that holds the other's words stays; of two equal ones, the one holding the page's <h1> (its
      // headline rules read it: a sticky bar repeats the name first), else the first.
      const dropNew = shingles.size < other.shingles.size || (shingles.size === other.shingles.size && !(hasHeadline && !otherHasHeadline));
      const dropped = dropNew ? el : other.el;
      if (dropped.querySelector("h1") && !(dropNew ? otherHasHeadline : hasHeadline)) continue;
      dropped.remove();
      removed++;
      if (dropNew) continue;
      other.alive = false;
    }
    const index = kept.push({ el, shingles, alive: true }) - 1;
    for (const sh of shingles) (holders.get(sh) ?? holders.set(sh, []).get(sh)!).push(index);
  }
  return removed;
}

// A variant whose 4-word shingles stand in another at this share is a copy of (part of) it.
const CONTAINED_SHARE = 0.9;
const SHINGLE_WORDS = 4;
// Two variants of one block are of a size; a short block that happens to recur inside a long variant (a
// product card's price line in a quick-view panel) is not a copy of it.
const COMPARABLE_SIZE = 0.5;

/** Shingles within each run of text (never across two elements: an accordion puts its labels between them). */
function shinglesOf(runs: string[][]): Set<string> {
  const out = new Set<string>();
  for (const words of runs) {
    if (words.length < SHINGLE_WORDS) out.add(words.join(" "));
    for (const shingle of wordShingles(words, SHINGLE_WORDS)) out.add(shingle);
  }
  return out;
}

function mostOverlapping<T extends { shingles: Set<string>; alive: boolean }>(
  shingles: Set<string>,
  kept: T[],
  holders: Map<string, number[]>,
): { variant: T; overlap: number } | null {
  const counts = new Map<number, number>();
  for (const sh of shingles) for (const i of holders.get(sh) ?? []) if (kept[i]!.alive) counts.set(i, (counts.get(i) ?? 0) + 1);
  let best: { variant: T; overlap: number } | null = null;
  for (const [i, overlap] of counts) if (!best || overlap > best.overlap) best = { variant: kept[i]!, overlap };
  return best;
}

/** The words of each text node below `el`, in order. */
function textRuns(el: Element): string[][] {
  const runs: string[][] = [];
  const walk = (n: Node): void => {
    if (n.nodeType === TEXT_NODE) {
      const words = lowerWords((n as Text).data);
      if (words.length > 0) runs.push(words);
    }
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(el);
  return runs;
}

/**
 * Framer writes one sibling "ssr-variant" per breakpoint, each the whole section laid out again (their words
 * differ a little: line breaks, a shortened heading), so equal text does not find them; the first stays.
 */
function removeLaterFramerVariants(variants: Element[]): number {
  let removed = 0;
  for (const el of variants) {
    for (let prev = el.previousElementSibling; prev; prev = prev.previousElementSibling) {
      if (!prev.classList.contains("ssr-variant")) continue;
      el.remove();
      removed++;
      break;
    }
  }
  return removed;
}
