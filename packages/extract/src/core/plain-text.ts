// DOM to plain text with block structure: textContent alone glues table cells and list items into one word
// ("Price$10"), which loses words for a reader and for any bag-of-words metric.
import { isElement, tagOf, TEXT_NODE } from "./dom.js";
import { removeInvisibleChars } from "./text.js";

const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "caption", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
  "hgroup", "hr", "li", "main", "nav", "ol", "p", "section", "summary", "table", "tbody", "thead", "tfoot",
  "tr", "ul", "center", "body", "html", "menu", "legend", "option",
]);
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "canvas", "head", "title", "button", "select", "textarea", "input"]);

// Pre blocks travel between these markers so whitespace normalisation leaves code indentation alone.
const PRE_OPEN = "\u0001";
const PRE_CLOSE = "\u0002";

export function toPlainText(root: Node, options: { keepButtons?: boolean } = {}): string {
  const parts: string[] = [];
  walk(root, parts, false, options.keepButtons === true);
  return normalise(parts.join(""));
}

// Whitespace that collapsing to one space changes: any but a space, or two in a row. Most text nodes have
// none, and testing first spares building an equal copy of each.
const UNCOLLAPSED = /[^\S ]| {2}/;

function walk(node: Node, out: string[], inPre: boolean, keepButtons: boolean): void {
  if (node.nodeType === TEXT_NODE) {
    const data = removeInvisibleChars((node as Text).data);
    out.push(inPre || !UNCOLLAPSED.test(data) ? data : data.replace(/\s+/g, " "));
    return;
  }
  if (!isElement(node) && node.nodeType !== 9 && node.nodeType !== 11) return;
  const tag = isElement(node) ? tagOf(node) : "";
  if (SKIP.has(tag) && !(keepButtons && tag === "button")) return;
  if (tag === "br") {
    out.push("\n");
    return;
  }
  if (tag === "pre" && !inPre) {
    out.push(`\n\n${PRE_OPEN}`);
    for (let c = node.firstChild; c; c = c.nextSibling) walk(c, out, true, keepButtons);
    out.push(`${PRE_CLOSE}\n\n`);
    return;
  }
  const block = BLOCK.has(tag);
  if (block) out.push(tag === "li" || tag === "tr" || tag === "dt" || tag === "dd" ? "\n" : "\n\n");
  if (tag === "li") out.push("- ");
  if (tag === "img") {
    return;
  }
  for (let c = node.firstChild; c; c = c.nextSibling) walk(c, out, inPre, keepButtons);
  if (tag === "td" || tag === "th") out.push(" | ");
  // Items and rows only open a line: closing one too would leave a blank line between list items.
  else if (block && tag !== "li" && tag !== "tr" && tag !== "dt" && tag !== "dd") out.push("\n\n");
}

function normalise(raw: string): string {
  const segments = raw.split(/(\u0001[\s\S]*?\u0002)/);
  const out = segments.map((seg) => {
    if (seg.startsWith(PRE_OPEN)) return seg.slice(1, -1).replace(/^\n+|\s+$/g, "");
    return seg
      .replace(/[ \t\f\v\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g, " ")
      .replace(/ *\| *\n/g, "\n")
      .replace(/ *\n */g, "\n")
      .replace(/\n- *(?=\n)/g, "");
  });
  return removeInvisibleChars(out.join(""))
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^[\s|]+|\s+$/g, "")
    .replace(/\u0001|\u0002/g, "");
}
