// Bounds on what one page may cost. Readability scores every candidate against all of its descendants'
// text, so a chain of N nested elements costs ~N^3 (3,000 nested divs: 71 s); the depth cap turns such a
// chain into a short one and keeps its text. The size caps refuse a page before it is parsed at all.
import { ExtractLayerError } from "../errors.js";
import { isElement, TEXT_NODE } from "./dom.js";

/**
 * Deeper elements are flattened into text. The deepest page of the WCXB dev split nests 54 levels (p99
 * 37); browsers' parsers stop nesting at 512. At 128 levels a bare chain still costs Readability ~0.2 s.
 */
const MAX_DOM_DEPTH = 128;

/**
 * Start tags a page may have: ~20x the largest WCXB dev page (10,083 elements). linkedom needs roughly
 * 1 KB per element with Readability's bookkeeping, so this bounds a page's DOM to a few hundred MB.
 */
const MAX_ELEMENTS = 200_000;

/** Refuses HTML with more start tags than MAX_ELEMENTS, counted on the string before parsing. */
export function assertElementCount(html: string, url: string): void {
  let count = 0;
  const tag = /<[a-z]/gi;
  while (tag.exec(html)) {
    if (++count > MAX_ELEMENTS) {
      throw new ExtractLayerError("too_large", `The page ${url} has more than ${MAX_ELEMENTS} elements, over the extract limit; it was not parsed.`, {
        details: { limit_elements: MAX_ELEMENTS },
      });
    }
  }
}

/**
 * Flattens every element deeper than `maxDepth` below `root` into its text (block boundaries become line
 * breaks), attached to the ancestor at the limit. Returns how many elements were flattened.
 */
export function capDomDepth(root: Element, maxDepth = MAX_DOM_DEPTH): number {
  let flattened = 0;
  // Iterative walk: the recursion this replaces is what a deep page would overflow.
  const stack: Array<{ el: Element; depth: number }> = [{ el: root, depth: 0 }];
  while (stack.length > 0) {
    const { el, depth } = stack.pop()!;
    if (depth >= maxDepth) {
      flattened += flattenToText(el);
      continue;
    }
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) stack.push({ el: child, depth: depth + 1 });
  }
  return flattened;
}

/** Replaces `el`'s children with their text; returns how many elements went. */
function flattenToText(el: Element): number {
  if (!el.firstElementChild) return 0;
  const parts: string[] = [];
  let elements = 0;
  const stack: Node[] = [];
  for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      parts.push((node as Text).data);
    } else if (isElement(node)) {
      elements++;
      parts.push("\n");
      for (let c = node.lastChild; c; c = c.previousSibling) stack.push(c);
    }
  }
  el.replaceChildren(el.ownerDocument.createTextNode(parts.join("").replace(/\n\s*\n+/g, "\n")));
  return elements;
}
