// Responsive variants: the same block written twice, once for narrow screens and once for wide ones, one of
// them hidden by a media query we do not evaluate ("product-description hidden-down-md" and "... hidden-up-md"
// on Squarespace; Bootstrap's d-none d-md-block / d-md-none; Tailwind's hidden md:block / md:hidden; Framer
// renders every breakpoint as a "ssr-variant"). A reader
// sees one of them; extracting both doubles the block.
import { TEXT_NODE } from "./dom.js";

// Class tokens that show or hide an element by screen width.
const RESPONSIVE_CLASS =
  /(?:^|\s)(?:ssr-variant|(?:hidden|visible|show|hide)-(?:up-|down-|for-|on-)?(?:xs|sm|md|lg|xl|xxl|mobile|tablet|desktop|small|medium|large)\b[\w-]*|d-(?:sm|md|lg|xl|xxl)-(?:none|block|flex|inline|inline-block|grid)|(?:sm|md|lg|xl|2xl):(?:hidden|block|flex|inline|inline-block|grid)|[\w-]*(?:mobile|desktop|tablet)-(?:only|hidden|visible|show|hide)|(?:only|hide|show|visible|hidden)-(?:on-)?(?:mobile|desktop|tablet)[\w-]*)(?=\s|$)/i;
// A variant this short may repeat on purpose (a price, a button label).
const MIN_WORDS = 6;

/** Removes later copies of a responsive variant whose text another variant already holds; returns how many. */
export function removeResponsiveDuplicates(root: Element): number {
  let removed = removeLaterFramerVariants(root);
  const variants = Array.from(root.querySelectorAll("[class]")).filter((el) => RESPONSIVE_CLASS.test(el.getAttribute("class") ?? ""));
  if (variants.length < 2) return removed;
  const kept = new Map<string, Element>();
  // Document order: a variant inside the last outermost one is part of it.
  let outer: Element | null = null;
  for (const el of variants) {
    if (outer?.contains(el)) continue;
    outer = el;
    const key = normalisedText(el);
    if (key.split(" ").length < MIN_WORDS) continue;
    const earlier = kept.get(key);
    if (!earlier) {
      kept.set(key, el);
      continue;
    }
    // The copy holding the page's <h1> is the one its headline rules read (a sticky bar repeats the name first).
    const drop = el.querySelector("h1") && !earlier.querySelector("h1") ? earlier : el;
    if (drop === earlier) kept.set(key, el);
    drop.remove();
    removed++;
  }
  return removed;
}

function normalisedText(el: Element): string {
  let out = "";
  const walk = (n: Node): void => {
    if (n.nodeType === TEXT_NODE) out += ` ${(n as Text).data}`;
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(el);
  return (out.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");
}

/**
 * Framer writes one sibling "ssr-variant" per breakpoint, each the whole section laid out again (their words
 * differ a little: line breaks, a shortened heading), so equal text does not find them; the first stays.
 */
function removeLaterFramerVariants(root: Element): number {
  let removed = 0;
  for (const el of Array.from(root.querySelectorAll(".ssr-variant"))) {
    for (let prev = el.previousElementSibling; prev; prev = prev.previousElementSibling) {
      if (!prev.classList.contains("ssr-variant")) continue;
      el.remove();
      removed++;
      break;
    }
  }
  return removed;
}
