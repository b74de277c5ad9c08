// Server-side DOM. linkedom, chosen by measurement over happy-dom (bench/dom-compare.mjs, first 150 WCXB dev
// pages, same Readability): linkedom parsed + extracted 19.2 pages/s at 194 MB peak RSS, happy-dom 6.6
// pages/s at 508 MB. Parsing alone was 4.5x faster. Both give Readability the same hit rate (149/150).
// The one-file build: the same code (and our patch, applied to it too) as the package's ~200 ES modules,
// which a worker took ~215 ms to load instead of ~100 ms, at every start.
import { DOMParser } from "linkedom/worker";

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
 * Readability asks for plain tag lists ("p, div, section") dozens of times per page, mostly on elements.
 * linkedom answers every querySelectorAll by compiling the selector with css-select and running the matcher
 * on each element; a plain walk comparing tag names returns the same elements, in the same document order,
 * several times faster. Installed on the document's and the elements' prototypes (linkedom gives each its own
 * querySelectorAll). Anything but a bare tag list (or "*") still goes to linkedom.
 */
function installFastTagQueries(doc: Document): void {
  if (fastQueriesInstalled) return;
  fastQueriesInstalled = true;
  for (const node of [doc, doc.createElement("div")]) {
    const owner = (method: string): object | null => {
      let proto: object | null = Object.getPrototypeOf(node) as object;
      while (proto && !Object.prototype.hasOwnProperty.call(proto, method)) proto = Object.getPrototypeOf(proto) as object | null;
      return proto;
    };
    const queries = owner("querySelectorAll");
    if (queries) replaceQuerySelectorAll(queries);
    const byName = owner("getElementsByTagName");
    if (byName && !replacedByName.has(byName)) replaceGetElementsByTagName(byName, doc);
  }
}

/** A tag list and its answer per element name, kept as it is asked: a page has a few dozen names. */
interface WantedTags {
  tags: Set<string>;
  verdicts: Map<string, boolean>;
}
const VERDICTS_MAX = 512;

function isWanted(wanted: WantedTags, name: string): boolean {
  let verdict = wanted.verdicts.get(name);
  if (verdict === undefined) {
    // linkedom's matcher compares HTML tag names in lower case (foreign elements keep theirs, `clipPath`).
    verdict = wanted.tags.has(name) || wanted.tags.has(name.toLowerCase());
    if (wanted.verdicts.size < VERDICTS_MAX) wanted.verdicts.set(name, verdict);
  }
  return verdict;
}

// Selector text -> its tags (null for "*"); the same few lists come back on every page.
const TAG_LISTS = new Map<string, WantedTags | null>();
const TAG_LISTS_MAX = 256;

function tagList(selectors: string): WantedTags | null | undefined {
  const known = TAG_LISTS.get(selectors);
  if (known !== undefined) return known;
  const wanted = !TAG_LIST.test(selectors)
    ? undefined
    : selectors.trim() === "*"
      ? null
      : { tags: new Set(selectors.toLowerCase().split(",").map((t) => t.trim())), verdicts: new Map<string, boolean>() };
  // Only tag lists are kept (other selectors may come from a page's stylesheet), and only so many.
  if (wanted !== undefined && TAG_LISTS.size < TAG_LISTS_MAX) TAG_LISTS.set(selectors, wanted);
  return wanted;
}

const replacedByName = new Set<object>();

/**
 * Readability also asks for elements by one tag name (every link of every candidate block). linkedom's
 * getElementsByTagName upper-cases each element's name to compare it; the answer per name is kept instead.
 * Same walk otherwise: every node to the end marker, template contents included, into linkedom's NodeList.
 */
function replaceGetElementsByTagName(proto: object, doc: Document): void {
  replacedByName.add(proto);
  const original = (proto as Document).getElementsByTagName as unknown as (this: ParentNode, name: string) => Element[];
  const NodeList = original.call(doc, "html").constructor as new () => Element[];
  Object.defineProperty(proto, "getElementsByTagName", {
    configurable: true,
    writable: true,
    value: function getElementsByTagName(this: ParentNode, name: string): ArrayLike<Element> {
      const links = linkedomLinks(this);
      if (!links || typeof name !== "string") return original.call(this, name);
      const out = new NodeList();
      const test = nameTest(name);
      const stop = (this as unknown as Linked)[links.end];
      for (let node = (this as unknown as Linked)[links.next]; node && node !== stop; node = node[links.next]) {
        if (node.nodeType === ELEMENT_NODE && isNamed(test, node as unknown as Element)) out.push(node as unknown as Element);
      }
      return out;
    },
  });
}

/** A tag name asked for, and its answer per element name. */
interface NameTest {
  name: string;
  verdicts: Map<string, boolean>;
}
// Every document here is HTML (parseHtml), so an element name gets the same answer in each of them.
const NAME_TESTS = new Map<string, NameTest>();

function nameTest(name: string): NameTest {
  let test = NAME_TESTS.get(name);
  if (!test) {
    test = { name, verdicts: new Map() };
    if (NAME_TESTS.size < TAG_LISTS_MAX) NAME_TESTS.set(name, test);
  }
  return test;
}

function isNamed(test: NameTest, el: Element): boolean {
  const name = el.localName;
  let verdict = test.verdicts.get(name);
  if (verdict === undefined) {
    // linkedom's own test: the name as written, or as tagName gives it (upper case in an HTML document).
    verdict = name === test.name || el.tagName === test.name;
    if (test.verdicts.size < VERDICTS_MAX) test.verdicts.set(name, verdict);
  }
  return verdict;
}

function replaceQuerySelectorAll(proto: object): void {
  const original = (proto as ParentNode).querySelectorAll as (this: ParentNode, selectors: string) => NodeListOf<Element>;
  Object.defineProperty(proto, "querySelectorAll", {
    configurable: true,
    writable: true,
    value: function querySelectorAll(this: ParentNode, selectors: string): ArrayLike<Element> {
      const wanted = typeof selectors === "string" ? tagList(selectors) : undefined;
      return wanted === undefined ? original.call(this, selectors) : elementsByTags(this, wanted);
    },
  });
}

/**
 * The elements below `root` with each of `names` (lower-case tag names), each list in document order, as
 * `querySelectorAll(name)` returns it: one walk where each query would take its own.
 */
export function elementsByTagNames(root: ParentNode, names: readonly string[]): Map<string, Element[]> {
  const lists = new Map(names.map((name) => [name, [] as Element[]]));
  for (const el of Array.from(root.querySelectorAll(names.join(",")))) (lists.get(el.localName) ?? lists.get(el.localName.toLowerCase()))!.push(el);
  return lists;
}

/** Descendants of root in document order whose tag is wanted (all of them when wanted is null). */
function elementsByTags(root: ParentNode, wanted: WantedTags | null): Element[] {
  const links = linkedomLinks(root);
  return links ? walkLinkedList(root, wanted, links) : walkElements(root, wanted);
}

// linkedom keeps a document as one linked list of nodes in document order (attributes and end markers
// included), each element pointing at its own end marker; its own querySelectorAll walks that list. The
// two symbols are private, so they are found once on a node by name; without them, the element walk below.
interface LinkedomLinks {
  next: symbol;
  end: symbol;
}
let links: LinkedomLinks | null | undefined;

function linkedomLinks(node: object): LinkedomLinks | null {
  if (links !== undefined) return links;
  const symbols = Object.getOwnPropertySymbols(node);
  const next = symbols.find((s) => s.description === "next");
  const end = symbols.find((s) => s.description === "end");
  links = next && end ? { next, end } : null;
  return links;
}

interface Linked {
  [link: symbol]: Linked | undefined;
  nodeType: number;
  localName: string;
}

function walkLinkedList(root: ParentNode, wanted: WantedTags | null, { next: NEXT, end: END }: LinkedomLinks): Element[] {
  const out: Element[] = [];
  const stop = (root as unknown as Linked)[END];
  let node = (root as unknown as Linked)[NEXT];
  while (node && node !== stop) {
    if (node.nodeType === ELEMENT_NODE) {
      const name = node.localName;
      if (wanted === null || isWanted(wanted, name)) out.push(node as unknown as Element);
      // Template contents are inert, as in linkedom's own walk.
      if (name === "template") node = node[END];
    }
    node = node?.[NEXT];
  }
  return out;
}

/**
 * Calls `visit` with every attribute of every element below `root`, in document order. Template contents
 * are inert and skipped, as in the tag walk above. On linkedom the attribute nodes sit in the node list
 * right after their element, so one pass reads them without building an attribute map per element.
 */
export function forEachAttribute(root: ParentNode, visit: (owner: Element, name: string, value: string) => void): void {
  const links = linkedomLinks(root);
  if (!links) {
    for (const el of Array.from(root.querySelectorAll("*"))) for (const attr of Array.from(el.attributes)) visit(el, attr.name, attr.value);
    return;
  }
  const { next: NEXT, end: END } = links;
  const stop = (root as unknown as Linked)[END];
  // A template's own attributes are read; its contents are jumped over at the first node after them.
  let template: Linked | null = null;
  let node = (root as unknown as Linked)[NEXT];
  while (node && node !== stop) {
    if (node.nodeType === ATTRIBUTE_NODE) {
      // An element root's own attributes come first in its list; they are not below it.
      const { ownerElement: owner, name, value } = node as unknown as Attr;
      if (owner && (owner as unknown) !== root) visit(owner, name, value);
    } else if (template) {
      node = template[END];
      template = null;
      continue;
    } else if (node.nodeType === ELEMENT_NODE && node.localName === "template") {
      template = node;
    }
    node = node[NEXT];
  }
}

function walkElements(root: ParentNode, wanted: WantedTags | null): Element[] {
  const out: Element[] = [];
  let el = root.firstElementChild;
  while (el) {
    if (wanted === null || isWanted(wanted, el.localName)) out.push(el);
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
const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
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

/** Whether any text below `node` is more than whitespace; stops at the first that is (textContent builds it all). */
export function hasText(node: Node): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    const type = child.nodeType;
    if (type === 3 || type === 4 ? /\S/.test(child.nodeValue ?? "") : type === 1 && hasText(child)) return true;
  }
  return false;
}

/** Normalised text length of an element, used for size comparisons only. */
export function textLength(node: Node): number {
  const links = node.nodeType === ELEMENT_NODE ? linkedomLinks(node) : null;
  return links ? linkedTextLength(node as unknown as Linked, links) : collapsedLength(node.textContent ?? "");
}

/**
 * textLength on linkedom: the element's text nodes are counted where they sit in the node list, in the
 * order textContent would join them, without building the page-sized string it would return.
 */
function linkedTextLength(el: Linked, { next: NEXT, end: END }: LinkedomLinks): number {
  const count: CollapsedCount = { length: 0, gap: false };
  const stop = el[END];
  for (let node = el[NEXT]; node && node !== stop; node = node[NEXT]) {
    const type = node.nodeType;
    if (type === TEXT_NODE || type === CDATA_SECTION_NODE) countCollapsed((node as unknown as CharacterData).data, count);
  }
  return count.length;
}

/**
 * The length of `text.replace(/\s+/g, " ").trim()`, counted without building that string: this runs on
 * whole pages' text many times per extraction. Whitespace is exactly the set `\s` and trim() use.
 */
export function collapsedLength(text: string): number {
  const count: CollapsedCount = { length: 0, gap: false };
  countCollapsed(text, count);
  return count.length;
}

/** A collapsed length counted so far, and whether whitespace is pending: text can come in pieces. */
interface CollapsedCount {
  length: number;
  gap: boolean;
}

function countCollapsed(text: string, count: CollapsedCount): void {
  let { length, gap } = count;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      gap = length > 0;
    } else {
      if (gap) length++;
      gap = false;
      length++;
    }
  }
  count.length = length;
  count.gap = gap;
}

function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
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
