// A page's own table of contents: a list of links to its sections, under a label such as "Table of contents".
// Every entry repeats a heading the content shows again where that section starts, so the list is the
// page's navigation, not its text (an agent reading it meets each heading twice).
import { lowerWords } from "./text.js";

const LABEL = /^(?:table of contents|contents|in this (?:article|post|guide|page)|on this page|jump to(?: section)?|article contents|page contents|what's inside|skip to section)$/;
// A list is a table of contents when most of its entries are in-page links (isTableOfContents).
const MIN_ENTRIES = 3;
const MATCHED_SHARE = 0.6;
// Elements a label sits in: a heading, a summary, a line of text.
const MAX_LABEL_CHARS = 60;
const LABEL_TAGS = new Set(["h2", "h3", "h4", "h5", "h6", "p", "div", "span", "strong", "b", "summary", "button", "header", "label"]);

/** Removes the content's tables of contents and their labels, in place; returns how many elements went. */
export function removeTableOfContents(content: Element, pageUrl: string): number {
  const page = pageUrl.split("#")[0]!;
  const headings = new Set<string>();
  for (const h of Array.from(content.querySelectorAll("h1, h2, h3, h4, h5, h6"))) {
    const key = keyOf(h.textContent);
    if (key) headings.add(key);
  }
  const labels = findLabels(content);
  let removed = 0;
  for (const list of Array.from(content.querySelectorAll("ul, ol"))) {
    if (!content.contains(list) || list.parentElement?.closest("ul, ol")) continue;
    const label = labelBefore(list, labels);
    if (!isTableOfContents(list, headings, page, label !== null)) continue;
    list.remove();
    removed++;
  }
  // Every label goes, with its list or alone (its list was cut earlier as a link list, or a script builds it).
  for (const label of labels) {
    label.remove();
    removed++;
  }
  return removed;
}

/** Elements whose whole text is a table-of-contents label, found from their text nodes in one walk. */
function findLabels(content: Element): Set<Element> {
  const out = new Set<Element>();
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1) visit(child);
      else if (child.nodeType === 3 && (child.nodeValue ?? "").length <= MAX_LABEL_CHARS && LABEL.test(keyOf(child.nodeValue))) {
        const label = labelAround(child, content);
        if (label) out.add(label);
      }
    }
  };
  visit(content);
  return out;
}

/** The widest element around a label's text that holds nothing else (a <strong> in a <p> in a <div>). */
function labelAround(text: Node, content: Element): Element | null {
  const key = keyOf(text.nodeValue);
  let label: Element | null = null;
  for (let el = text.parentElement; el && el !== content && keyOf(el.textContent) === key; el = el.parentElement) label = el;
  return label && LABEL_TAGS.has(label.localName) ? label : null;
}

/**
 * Most entries link into the page; or, under a table-of-contents label, most name one of the content's
 * headings (a script scrolls there). Unlabelled, a list naming headings is a listing's own items (WCXB dev:
 * a news front page and a shop's categories lost most of their content to that reading).
 */
function isTableOfContents(list: Element, headings: ReadonlySet<string>, page: string, labelled: boolean): boolean {
  const entries = Array.from(list.querySelectorAll("li"));
  if (entries.length < MIN_ENTRIES) return false;
  let inPageLinks = 0;
  let named = 0;
  for (const entry of entries) {
    const link = entry.querySelector("a");
    const href = link?.getAttribute("href")?.trim() ?? "";
    // The entry's own words, without its nested sub-list.
    const own = keyOf(link?.textContent ?? ownText(entry));
    // Readability writes in-page links out in full ("https://site/page#section").
    const inPage = href.startsWith("#") || (href.includes("#") && href.split("#")[0] === page);
    if (inPage) inPageLinks++;
    if (inPage || (own !== "" && headings.has(own))) named++;
  }
  const matched = labelled ? named : inPageLinks;
  return matched >= entries.length * MATCHED_SHARE && linkShare(list) > 0.7;
}

/** The label just before the list, or before the wrapper the list is the only content of. */
function labelBefore(list: Element, labels: ReadonlySet<Element>): Element | null {
  for (let el: Element | null = list, depth = 0; el && depth < 3; el = el.parentElement, depth++) {
    const prev = el.previousElementSibling;
    if (prev) return labels.has(prev) ? prev : null;
  }
  return null;
}

function keyOf(text: string | null | undefined): string {
  return lowerWords(String(text ?? "").replace(/[’']/g, "'")).join(" ").replace(/\bwhat s\b/, "what's");
}

function ownText(entry: Element): string {
  let out = "";
  for (let n = entry.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && ((n as Element).localName === "ul" || (n as Element).localName === "ol")) continue;
    out += ` ${n.textContent ?? ""}`;
  }
  return out;
}

function linkShare(list: Element): number {
  const total = lowerWords(list.textContent ?? "").length;
  if (total === 0) return 0;
  let linked = 0;
  for (const a of Array.from(list.querySelectorAll("a"))) linked += lowerWords(a.textContent ?? "").length;
  return linked / total;
}
