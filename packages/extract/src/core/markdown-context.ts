// Where a text node sits in the Markdown turndown writes, for escaping it (markdown-escape.ts): whether it
// begins a line (block markers such as `1.`, `-`, `>` only count there), which of its `_`, `*` and backticks
// could pair with a delimiter elsewhere in its paragraph, turndown's own `**`, `_` and code backticks
// included (emphasis pairs across the text nodes of a paragraph, so a lone `*` in a <sup> can close one
// opened three nodes earlier), whether its `#`s end a heading, and whether it sits in a link whose
// brackets do not balance.
import { closingHashEscapes, delimiterEscapes, type EscapeContext } from "./markdown-escape.js";

// turndown's block elements: each starts a new line of the Markdown.
const BLOCKS = new Set([
  "ADDRESS", "ARTICLE", "ASIDE", "AUDIO", "BLOCKQUOTE", "BODY", "CANVAS", "CENTER", "DD", "DIR", "DIV", "DL", "DT",
  "FIELDSET", "FIGCAPTION", "FIGURE", "FOOTER", "FORM", "FRAMESET", "H1", "H2", "H3", "H4", "H5", "H6", "HEADER",
  "HGROUP", "HR", "HTML", "ISINDEX", "LI", "MAIN", "MENU", "NAV", "NOFRAMES", "NOSCRIPT", "OL", "OUTPUT", "P", "PRE",
  "SECTION", "TABLE", "TBODY", "TD", "TFOOT", "TH", "THEAD", "TR", "UL",
]);
// Elements whose Markdown puts something before their first text on its line: `#### `, `| `, `**`, `_`, `~~`.
// (A list item's text does start a line: `-   1. x` is a nested list.)
const PREFIXED = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "TD", "TH", "STRONG", "B", "EM", "I", "DEL", "S", "STRIKE"]);

const HEADINGS = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);
// The first characters of every line-start rule of escapeMarkdownText (markers, fences, quotes, numbers, `[`).
const MAY_MARK_LINE = /^[-+*=#~`>_\d[ ]/;
// Text that is only a block marker: a bullet, an ordered-list number, `#`s, or a line of `-`, `*`, `_`, `=`.
const ENDS_IN_MARKER = /^(?:[-+*]|\d{1,9}[.)]|#{1,6}|([-*_=])(?:[ \t]*\1)*)$/;
// A line that starts a block, however many nodes write it: a bullet, an ordered-list number or `#`s followed
// by a space or the line's end, a thematic break or a setext underline.
const MARKER_LINE = /^(?:(?:[-+*]|\d{1,9}[.)]|#{1,6})(?=\s|$)|([-*_=])(?:[ \t]*\1)*[ \t]*$)/;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

interface ParagraphText {
  text: string;
  /** The text has `](` in it, whichever nodes write the two halves: every bracket needs a backslash. */
  linkSyntax: boolean;
  /** Offset of each text node in the paragraph's text. */
  offsets: Map<Node, number>;
  /** Offsets in the paragraph's text of the characters to escape (delimiters, a heading's closing `#`s). */
  escapes: Set<number>;
}

/** One conversion's view of its content: the root it stops at and the paragraphs read so far. */
export class MarkdownContext {
  private readonly paragraphs = new Map<Node, ParagraphText>();
  private readonly unbalancedLinks = new Map<Node, boolean>();

  constructor(private readonly root: Node) {}

  of(node: Node, text: string): EscapeContext {
    // Where the line starts only matters for text that begins like a block marker or a link definition.
    const context: EscapeContext = { lineStart: MAY_MARK_LINE.test(text) && this.startsLine(node) };
    const brackets = text.includes("[") || text.includes("]");
    if (brackets && this.inUnbalancedLink(node)) context.brackets = true;
    // A bare marker ending the node ("1." before "Can"): whether the line goes on right after it.
    const bareMarker = context.lineStart && ENDS_IN_MARKER.test(text);
    if (!bareMarker && !brackets && !/[*_#`~]/.test(text)) return context;
    const paragraph = this.paragraphOf(node);
    const start = paragraph.offsets.get(node);
    if (start === undefined) return context;
    if (brackets && paragraph.linkSyntax) context.brackets = true;
    if (bareMarker && !MARKER_LINE.test(paragraph.text.slice(start).split("\n", 1)[0]!)) context.continues = true;
    const escapes = new Set<number>();
    for (let i = 0; i < text.length; i++) if (paragraph.escapes.has(start + i)) escapes.add(i);
    context.escapes = escapes;
    return context;
  }

  /** Inside a `[text](href)` link whose text has a `[` or `]` without its partner. */
  private inUnbalancedLink(node: Node): boolean {
    for (let el = node.parentNode; el && el !== this.root; el = el.parentNode) {
      if (!isMarkdownLink(el)) continue;
      let unbalanced = this.unbalancedLinks.get(el);
      if (unbalanced === undefined) {
        unbalanced = !bracketsBalance(el.textContent ?? "");
        this.unbalancedLinks.set(el, unbalanced);
      }
      return unbalanced;
    }
    return false;
  }

  /** No text before the node on its line: a block or a line break is reached first. */
  private startsLine(node: Node): boolean {
    let current = node;
    while (current !== this.root) {
      for (let prev = current.previousSibling; prev; prev = prev.previousSibling) {
        const verdict = lineAfter(prev);
        if (verdict !== null) return verdict;
      }
      const parent = current.parentNode;
      if (!parent || parent === this.root || (BLOCKS.has(parent.nodeName) && !PREFIXED.has(parent.nodeName))) return true;
      if (PREFIXED.has(parent.nodeName) || isMarkdownLink(parent)) return false;
      current = parent;
    }
    return true;
  }

  private paragraphOf(node: Node): ParagraphText {
    let block: Node = node;
    while (block !== this.root && block.parentNode && !BLOCKS.has(block.nodeName)) block = block.parentNode;
    let paragraph = this.paragraphs.get(block);
    if (!paragraph) {
      paragraph = readParagraph(block);
      this.paragraphs.set(block, paragraph);
    }
    return paragraph;
  }
}

/**
 * What a node before ours on the same level says: true when our text starts a line after it (a block, a line
 * break), false when it leaves text on the line, null when it writes nothing (look further back).
 */
function lineAfter(prev: Node): boolean | null {
  if (prev.nodeType === TEXT_NODE) return /\S/.test(prev.nodeValue ?? "") ? false : null;
  if (prev.nodeType !== ELEMENT_NODE) return null;
  const el = prev as Element;
  if (el.nodeName === "BR" || BLOCKS.has(el.nodeName)) return true;
  // An inline element that holds a break or a block may end its Markdown with a new line: escape to be safe.
  if (breaksLine(el)) return true;
  if (/\S/.test(el.textContent ?? "")) return false;
  if (el.nodeName === "IMG") return el.getAttribute("alt")?.trim() && el.getAttribute("src") && !el.getAttribute("src")!.startsWith("data:") ? false : null;
  return isMarkdownLink(el) ? false : null;
}

function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === "[") depth++;
    else if (ch === "]" && --depth < 0) return false;
  }
  return depth === 0;
}

function breaksLine(el: Element): boolean {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (child.nodeName === "BR" || BLOCKS.has(child.nodeName) || breaksLine(child)) return true;
  }
  return false;
}

/** A link written as `[text](href)`; links to nowhere (no href, a fragment, a script) are written as their text. */
export function isMarkdownLink(node: Node): boolean {
  if (node.nodeName !== "A") return false;
  const href = (node as Element).getAttribute("href") ?? "";
  return !!href && !href.startsWith("#") && !/^javascript:/i.test(href);
}

// The markup turndown writes before and after an inline element's text (markdown.ts): its characters sit
// next to the page's and change what they can pair with.
const MARKUP: Record<string, readonly [string, string]> = {
  STRONG: ["**", "**"], B: ["**", "**"], CODE: ["`", "`"], DEL: ["~~", "~~"], S: ["~~", "~~"], STRIKE: ["~~", "~~"],
};
const LINK_MARKUP = ["[", "](u)"] as const;

/**
 * The delimiter turndown writes around an <em> or <i> (markdown.ts): `_`, or `*` when the text holds a `_` and
 * no `*`. Inside `_..._` a `_` after a word (a handle, `my_config_`) could close the emphasis and would need a
 * backslash inside the word; inside `*...*` it pairs with nothing.
 */
export function emphasisDelimiter(el: Node): "_" | "*" {
  const text = el.textContent ?? "";
  return text.includes("_") && !text.includes("*") ? "*" : "_";
}

function emphasisMarkup(el: Node): readonly [string, string] {
  const delimiter = emphasisDelimiter(el);
  return [delimiter, delimiter];
}

interface Insertion {
  at: number;
  markup: string;
  opens: boolean;
  depth: number;
}

/**
 * The paragraph's text as one string, code blanked out (a code span's characters pair with nothing), nested
 * blocks and breaks as new lines; the offset in it of every text node of the paragraph. The delimiters to
 * escape are worked out on that text with turndown's own markup put in, where turndown puts it (around the
 * element's text, its leading and trailing spaces outside).
 */
function readParagraph(block: Node): ParagraphText {
  const offsets = new Map<Node, number>();
  const insertions: Insertion[] = [];
  let text = "";
  const visit = (node: Node, inCode: boolean, depth: number): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        offsets.set(child, text.length);
        const value = child.nodeValue ?? "";
        text += inCode ? "x".repeat(value.length) : value;
      } else if (child.nodeType === ELEMENT_NODE) {
        const name = child.nodeName;
        // A nested block is a paragraph of its own (emphasis never spans two): read when one of its nodes is.
        if (BLOCKS.has(name) || name === "BR") {
          text += "\n";
          continue;
        }
        const start = text.length;
        visit(child, inCode || name === "CODE", depth + 1);
        const markup = inCode ? undefined : isMarkdownLink(child) ? LINK_MARKUP : name === "EM" || name === "I" ? emphasisMarkup(child) : MARKUP[name];
        const own = text.slice(start);
        if (markup && own.trim()) {
          const lead = own.length - own.trimStart().length;
          const trail = own.length - own.trimEnd().length;
          insertions.push({ at: start + lead, markup: markup[0], opens: true, depth }, { at: text.length - trail, markup: markup[1], opens: false, depth });
        }
      }
    }
  };
  visit(block, false, 0);
  const escapes = new Set<number>();
  for (const k of escapesWithMarkup(text, insertions)) escapes.add(k);
  if (HEADINGS.has(block.nodeName)) for (const k of closingHashEscapes(text)) escapes.add(k);
  return { text, linkSyntax: text.includes("]("), offsets, escapes };
}

/** `delimiterEscapes` over the text with the markup inserted, mapped back to offsets in the text. */
function escapesWithMarkup(text: string, insertions: Insertion[]): Set<number> {
  if (insertions.length === 0) return delimiterEscapes(text);
  // At one offset, closings before openings; the inner element closes first and opens last.
  insertions.sort((a, b) => a.at - b.at || (a.opens === b.opens ? (a.opens ? a.depth - b.depth : b.depth - a.depth) : a.opens ? 1 : -1));
  let merged = "";
  const markup = new Map<number, "opens" | "closes">();
  const plainAt: number[] = [];
  let next = 0;
  for (let i = 0; i <= text.length; i++) {
    while (next < insertions.length && insertions[next]!.at === i) {
      const insertion = insertions[next]!;
      for (const ch of insertion.markup) {
        markup.set(merged.length, insertion.opens ? "opens" : "closes");
        plainAt.push(-1);
        merged += ch;
      }
      next++;
    }
    if (i < text.length) {
      plainAt.push(i);
      merged += text[i];
    }
  }
  const out = new Set<number>();
  for (const k of delimiterEscapes(merged, markup)) if (plainAt[k]! >= 0) out.add(plainAt[k]!);
  return out;
}
