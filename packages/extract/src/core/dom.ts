// Server-side DOM. linkedom, chosen by measurement over happy-dom (bench/dom-compare.mjs, first 150 WCXB dev
// pages, same Readability): linkedom parsed + extracted 19.2 pages/s at 194 MB peak RSS, happy-dom 6.6
// pages/s at 508 MB. Parsing alone was 4.5x faster. Both give Readability the same hit rate (149/150).
import { DOMParser } from "linkedom";

export function parseHtml(html: string): Document {
  // linkedom's types are its own classes; the standard DOM interfaces are what the rest of the code reads.
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as Document;
  mergeStrayBodies(doc);
  return doc;
}

/**
 * linkedom does not repair misplaced tags the way browsers do: content after an early </body>, or a second
 * <body>, ends up beside the first body, and `document.body` (which Readability reads) is then empty.
 */
function mergeStrayBodies(doc: Document): void {
  const root = doc.documentElement;
  if (!root) return;
  const kids = Array.from(root.children);
  const body = kids.find((k) => k.localName === "body");
  if (!body || kids.length <= 2) return;
  for (const kid of kids) {
    if (kid === body || kid.localName === "head") continue;
    if (kid.localName === "body") {
      while (kid.firstChild) body.appendChild(kid.firstChild);
      kid.remove();
    } else {
      body.appendChild(kid);
    }
  }
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

/** The lower-case tag name; linkedom and HTML documents report upper case. */
export function tagOf(el: Element): string {
  return el.localName ?? el.tagName.toLowerCase();
}

export function classAndId(el: Element): string {
  return `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`.toLowerCase();
}

export function removeAll(root: ParentNode, selector: string): void {
  for (const el of Array.from(root.querySelectorAll(selector))) el.remove();
}

/** Normalised text length of an element, used for size comparisons only. */
export function textLength(node: Node): number {
  return (node.textContent ?? "").replace(/\s+/g, " ").trim().length;
}

export function linkTextLength(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.querySelectorAll("a"))) n += textLength(a);
  return n;
}

/** Share of an element's text that sits inside links: high for menus and teaser grids. */
export function linkDensity(el: Element): number {
  const total = textLength(el);
  return total === 0 ? 0 : Math.min(1, linkTextLength(el) / total);
}
