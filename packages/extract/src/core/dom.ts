// Server-side DOM. linkedom, chosen by measurement over happy-dom (bench/dom-compare.mjs, first 150 WCXB dev
// pages, same Readability): linkedom parsed + extracted 19.2 pages/s at 194 MB peak RSS, happy-dom 6.6
// pages/s at 508 MB. Parsing alone was 4.5x faster. Both give Readability the same hit rate (149/150).
import { DOMParser } from "linkedom";

export function parseHtml(html: string): Document {
  // linkedom's types are its own classes; the standard DOM interfaces are what the rest of the code reads.
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as Document;
  installFastTagQueries(doc);
  mergeStrayBodies(doc);
  return doc;
}

const TAG_LIST = /^\s*(?:\*|[a-z][a-z0-9-]*)(?:\s*,\s*[a-z][a-z0-9-]*)*\s*$/i;
let fastQueriesInstalled = false;

/**
 * Readability asks for plain tag lists ("p, div, section") dozens of times per page. linkedom answers every
 * querySelectorAll by compiling the selector with css-select and running the matcher on each element; a
 * plain walk comparing tag names returns the same elements, in the same document order, several times
 * faster. Anything but a bare tag list (or "*") still goes to linkedom.
 */
function installFastTagQueries(doc: Document): void {
  if (fastQueriesInstalled) return;
  let proto: object | null = Object.getPrototypeOf(doc) as object;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, "querySelectorAll")) proto = Object.getPrototypeOf(proto) as object | null;
  if (!proto) return;
  fastQueriesInstalled = true;
  const original = (proto as ParentNode).querySelectorAll as (this: ParentNode, selectors: string) => NodeListOf<Element>;
  Object.defineProperty(proto, "querySelectorAll", {
    configurable: true,
    writable: true,
    value: function querySelectorAll(this: ParentNode, selectors: string): ArrayLike<Element> {
      if (typeof selectors !== "string" || !TAG_LIST.test(selectors)) return original.call(this, selectors);
      const wanted = selectors.trim() === "*" ? null : new Set(selectors.toLowerCase().split(",").map((t) => t.trim()));
      return elementsByTags(this, wanted);
    },
  });
}

/** Descendants of root in document order whose tag is wanted (all of them when wanted is null). */
function elementsByTags(root: ParentNode, wanted: Set<string> | null): Element[] {
  const out: Element[] = [];
  let el = root.firstElementChild;
  while (el) {
    if (wanted === null || wanted.has(el.localName)) out.push(el);
    // Template contents are inert, as in linkedom's own walk.
    const child = el.localName === "template" ? null : el.firstElementChild;
    if (child) {
      el = child;
      continue;
    }
    while (el && !el.nextElementSibling) {
      const parent: Element | null = el.parentElement;
      el = parent === root || (parent as unknown as ParentNode) === root ? null : parent;
    }
    el = el ? el.nextElementSibling : null;
  }
  return out;
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

const ELEMENT_NODE = 1;
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

/**
 * Whether `el` is still below `root`: a loop over a snapshot list must skip what an earlier removal took
 * with it. `isConnected` cannot tell, because it is false for every node of a detached copy.
 */
export function isInside(el: Node, root: Node): boolean {
  for (let p = el.parentNode; p; p = p.parentNode) if (p === root) return true;
  return false;
}

/** Normalised text length of an element, used for size comparisons only. */
export function textLength(node: Node): number {
  return (node.textContent ?? "").replace(/\s+/g, " ").trim().length;
}

function linkTextLength(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.querySelectorAll("a"))) n += textLength(a);
  return n;
}

/** Share of an element's text that sits inside links: high for menus and teaser grids. */
export function linkDensity(el: Element): number {
  const total = textLength(el);
  return total === 0 ? 0 : Math.min(1, linkTextLength(el) / total);
}
