// HTML to Markdown: turndown with the joplin GFM plugin, which converts tables even without <thead>.
import TurndownService from "turndown";
import { allMatches } from "./all-matches.js";
import { gfm } from "@joplin/turndown-plugin-gfm";
import { escapeMarkdownText, markdownLinkDestination } from "./markdown-escape.js";
import { emphasisDelimiter, isMarkdownLink, MarkdownContext } from "./markdown-context.js";
import { removeInvisibleChars } from "./text.js";
import { isElement, TEXT_NODE } from "./dom.js";

let service: TurndownService | undefined;
// The conversion under way (turndown runs synchronously): where its text nodes sit, for escaping them.
let context: MarkdownContext | null = null;

function getService(): TurndownService {
  if (service) return service;
  const td = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    hr: "---",
  });
  td.use(gfm);
  // Backslashes only where a character would change the Markdown's meaning (identifiers stay verbatim).
  // turndown hands each text node's value, and (pnpm patch) the node itself, so the escaping can see the line
  // and the paragraph it is in.
  td.escape = ((text: string, node?: Node) => escapeMarkdownText(text, node && context ? context.of(node, text) : {})) as (text: string) => string;
  td.remove(["script", "style", "noscript", "template", "button", "select", "textarea", "input", "form" as never]);
  // Emphasis as the escaping reads it (emphasisDelimiter): `*` around text that holds a `_`.
  td.addRule("emphasis", {
    filter: ["em", "i"],
    replacement: (content, node) => {
      if (!content.trim()) return "";
      const delimiter = emphasisDelimiter(node);
      return delimiter + content + delimiter;
    },
  });
  // Images without alt text or inlined as data: URIs are bytes, not content, for a reader of Markdown.
  td.addRule("useful-images", {
    filter: "img",
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const alt = (el.getAttribute("alt") ?? "").replace(/\s+/g, " ").trim();
      const src = el.getAttribute("src") ?? "";
      if (!alt || !src || src.startsWith("data:")) return "";
      return `![${alt.replace(/[[\]]/g, "")}](${markdownLinkDestination(src)})`;
    },
  });
  // Links that go nowhere (script handlers, fragments) keep their text only.
  td.addRule("plain-links", {
    filter: (node) => node.nodeName === "A" && !isMarkdownLink(node),
    replacement: (content) => content,
  });
  // turndown escapes parentheses in destinations with backslashes (Foo_\(bar\)); %-encoding reads the same.
  td.addRule("inline-links", {
    filter: (node) => isMarkdownLink(node),
    replacement: (content, node) => {
      const href = (node as HTMLElement).getAttribute("href") ?? "";
      return `[${content}](${markdownLinkDestination(href)})`;
    },
  });
  // Every <pre> is code, with or without an inner <code>; the language survives Readability as data-lang.
  td.addRule("fenced-pre", {
    filter: "pre",
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const code = (el.textContent ?? "").replace(/^\n+|\s+$/g, "");
      if (!code) return "";
      const lang = el.getAttribute("data-lang") ?? el.querySelector("code")?.getAttribute("data-lang") ?? languageOf(el) ?? "";
      const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
      const fence = "`".repeat(longest + 1);
      return `\n\n${fence}${lang}\n${code}\n${fence}\n\n`;
    },
  });
  service = td;
  return td;
}

/** Converts a content element; relative links are resolved against `baseUrl` first. */
export function toMarkdown(root: Element, baseUrl: string): string {
  absolutizeLinks(root, baseUrl);
  prepareTables(root);
  // turndown deep-copies its input; the content element is already this call's own copy, so it is
  // handed over as is (a copy of a large page costs as much as parsing it again).
  const input = Object.create(root, { cloneNode: { value: () => root } }) as HTMLElement;
  context = new MarkdownContext(root);
  let md: string;
  try {
    md = getService().turndown(input);
  } finally {
    context = null;
  }
  return removeInvisibleChars(md).replace(/\n{3,}/g, "\n\n").trim();
}

function absolutizeLinks(root: Element, baseUrl: string): void {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return;
  }
  // A tag list, which dom.ts answers with one walk of the node list ("a[href]" went through linkedom's matcher).
  for (const el of Array.from(root.querySelectorAll("a, img"))) {
    const attr = el.localName === "a" ? "href" : "src";
    const value = el.getAttribute(attr);
    if (!value || value.startsWith("#") || /^(?:data|javascript|mailto|tel):/i.test(value)) continue;
    try {
      el.setAttribute(attr, new URL(value, base).href);
    } catch {
      // An unparsable URL stays as written.
    }
  }
}

/**
 * The GFM rule reads `table.rows`, which linkedom does not implement (every table would come out as glued
 * cell text), and it cannot render layout tables (nested or single-cell) or cells outside a table.
 * Data tables get a `rows` getter; layout tables and stray cells become plain blocks.
 * The plugin writes a table whose cells hold headings, lists, rules, quotes or a code block as raw HTML,
 * every attribute included (a shop's 267 KB book list, base64 icons: 24 of 1,497 WCXB dev pages). Cells are
 * flattened to what a GFM cell can hold instead, and a table holding code blocks becomes blocks, so the code
 * keeps its fence.
 */
function prepareTables(root: Element): void {
  installRowsShim(root);
  for (const table of Array.from(root.querySelectorAll("table")).reverse()) {
    const cells = table.querySelectorAll("td, th").length;
    if (cells <= 1 || table.querySelector("table, pre")) toBlocks(table);
    else flattenCellBlocks(table);
  }
  for (const cell of Array.from(root.querySelectorAll("td, th, tr, tbody, thead, tfoot"))) {
    if (!cell.closest("table")) toBlocks(cell);
  }
}

const CELL_BLOCKS = "h1, h2, h3, h4, h5, h6, ul, ol, hr, blockquote";

/**
 * Headings become bold text, list items lines of their own ("• item", <br> between), a rule a line break, a quote
 * its text; each on a line of its own in the cell (<br> to the content before and after it).
 */
function flattenCellBlocks(table: Element): void {
  const doc = table.ownerDocument;
  // Innermost first: a list inside a list item is flattened before its parent reads its items.
  for (const el of Array.from(table.querySelectorAll(CELL_BLOCKS)).reverse()) {
    const tag = el.localName;
    if (tag === "hr") {
      const between = hasContent(el.previousSibling, "previousSibling") && hasContent(el.nextSibling, "nextSibling");
      if (between) el.replaceWith(doc.createElement("br"));
      else el.remove();
      continue;
    }
    const line = doc.createElement(/^h[1-6]$/.test(tag) ? "strong" : "span");
    if (tag === "ul" || tag === "ol") {
      // Every child moves, not only the <li>s: pages put text and <div>s straight into lists too.
      let number = Number.parseInt(el.getAttribute("start") ?? "", 10);
      if (!Number.isFinite(number)) number = 1;
      let first = true;
      for (const child of Array.from(el.childNodes)) {
        const item = isElement(child) && child.localName === "li";
        // A block child (<div>, <p>) starts its own line in turndown's output already.
        const block = isElement(child) && (child.localName === "div" || child.localName === "p");
        if (item || (!block && hasContent(child, "nextSibling"))) {
          if (!first) line.appendChild(doc.createElement("br"));
          first = false;
        }
        if (!item) {
          line.appendChild(child);
          continue;
        }
        line.appendChild(doc.createTextNode(tag === "ol" ? `${number++}. ` : "• "));
        while (child.firstChild) line.appendChild(child.firstChild);
      }
    } else {
      while (el.firstChild) line.appendChild(el.firstChild);
    }
    if (hasContent(el.previousSibling, "previousSibling")) el.before(doc.createElement("br"));
    if (hasContent(el.nextSibling, "nextSibling")) el.after(doc.createElement("br"));
    el.replaceWith(line);
  }
}

/** Whether a text or element node comes before (or after) in this direction, blank text skipped. */
function hasContent(node: ChildNode | null, direction: "previousSibling" | "nextSibling"): boolean {
  for (let n = node; n; n = n[direction]) {
    if (n.nodeType !== TEXT_NODE) return isElement(n) && n.localName !== "br";
    if ((n.nodeValue ?? "").trim() !== "") return true;
  }
  return false;
}

function toBlocks(el: Element): void {
  const doc = el.ownerDocument;
  for (const part of [el, ...Array.from(el.querySelectorAll("tbody, thead, tfoot, tr, td, th, caption"))]) {
    if (part !== el && part.closest("table") !== el) continue;
    const div = doc.createElement("div");
    while (part.firstChild) div.appendChild(part.firstChild);
    part.replaceWith(div);
  }
}

const shimmed = new WeakSet<object>();
// The GFM rule reads `rows` once per cell; computing it once per table keeps big tables linear.
const rowsCache = new WeakMap<Element, Element[]>();

function ownRows(table: Element): Element[] {
  const cached = rowsCache.get(table);
  if (cached) return cached;
  const rows = Array.from(table.querySelectorAll("tr")).filter((tr) => nearestTable(tr) === table);
  rowsCache.set(table, rows);
  return rows;
}

function nearestTable(el: Element): Element | null {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.localName === "table") return p;
  return null;
}

function installRowsShim(root: Element): void {
  const table = root.querySelector("table");
  if (!table || "rows" in table) return;
  const proto = Object.getPrototypeOf(table) as object;
  if (shimmed.has(proto)) return;
  shimmed.add(proto);
  Object.defineProperty(proto, "rows", {
    configurable: true,
    get(this: Element) {
      return this.localName === "table" ? ownRows(this) : undefined;
    },
  });
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language-|lang-|highlight-source-|highlight-|brush:\s?|sourcecode\s+)([\w+#][\w+#-]*)/i;
const NOT_A_LANGUAGE = /^(?:none|plain|plaintext|text|txt|default|nohighlight|notranslate|source|code|block|js-file-line)$/i;

/** The language named on the <pre>, its <code>, or the highlighter wrappers around it (Sphinx nests two). */
const LANGUAGE_CLASS_ALL = new RegExp(LANGUAGE_CLASS.source, "gi");

function languageOf(el: Element): string | null {
  const code = el.querySelector("code");
  for (const node of [el, code]) {
    const attr = node?.getAttribute("data-lang") ?? node?.getAttribute("data-language");
    if (attr && /^[\w+#-]{1,30}$/.test(attr) && !NOT_A_LANGUAGE.test(attr)) return attr.toLowerCase();
  }
  for (const node of [el, code, el.parentElement, el.parentElement?.parentElement]) {
    for (const m of allMatches(LANGUAGE_CLASS_ALL, node?.getAttribute("class") ?? "")) {
      const lang = m[1];
      if (lang && !NOT_A_LANGUAGE.test(lang) && lang.length <= 30) return lang.toLowerCase();
    }
  }
  return null;
}

/** Copies code languages into data-lang before Readability strips class attributes. */
export function markCodeLanguages(root: ParentNode): void {
  for (const pre of Array.from(root.querySelectorAll("pre"))) {
    const lang = languageOf(pre);
    if (lang) pre.setAttribute("data-lang", lang);
  }
}
