// The selected content cut into text blocks: each block element's own text, i.e. its runs of inline children
// (text and inline elements with no block inside). A leaf block (only inline children) is the element itself;
// a mixed block keeps its nested blocks as blocks of their own. Every word of the content is in exactly one
// block, so dropping blocks is the only edit the block filter needs.
import { isElement, tagOf, TEXT_NODE } from "../dom.js";
import { countWords, removeInvisibleChars } from "../text.js";

const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "caption", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
  "hgroup", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot",
  "tr", "td", "th", "ul", "center", "menu", "legend",
]);
// Not rendered as text by plain-text.ts either.
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "canvas", "button", "select", "textarea", "input"]);

/** Marks an element whose blocks the block filter must keep (a forum post's author and date line). */
export const KEEP_BLOCK_ATTRIBUTE = "data-websift-keep";

export interface TextBlock {
  /** The block element whose own text this is. */
  owner: Element;
  /** The owner's inline children that hold the text; the whole owner when it is a leaf. */
  nodes: Node[];
  leaf: boolean;
  text: string;
  words: number;
  /** Words inside links. */
  linkWords: number;
  /** Inside an element marked with KEEP_BLOCK_ATTRIBUTE. */
  keep: boolean;
}

export function listBlocks(root: Element): TextBlock[] {
  const hasBlock = new Map<Element, boolean>();
  markBlocks(root, hasBlock);
  const out: TextBlock[] = [];
  collect(root, hasBlock, out);
  return out;
}

/** Post-order: whether each element is, or contains, a block element. */
function markBlocks(el: Element, hasBlock: Map<Element, boolean>): boolean {
  let any = false;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (markBlocks(c, hasBlock)) any = true;
  const result = any || BLOCK_TAGS.has(tagOf(el));
  hasBlock.set(el, result);
  return result;
}

function collect(el: Element, hasBlock: Map<Element, boolean>, out: TextBlock[]): void {
  let run: Node[] = [];
  const children = Array.from(el.childNodes);
  const leaf = children.every((c) => !isElement(c) || !hasBlock.get(c));
  const flush = (): void => {
    if (run.length === 0) return;
    const block = makeBlock(el, run, leaf);
    if (block.words > 0) out.push(block);
    run = [];
  };
  for (const child of children) {
    if (isElement(child)) {
      if (SKIP_TAGS.has(tagOf(child))) continue;
      if (hasBlock.get(child)) {
        flush();
        collect(child, hasBlock, out);
        continue;
      }
    } else if (child.nodeType !== TEXT_NODE) continue;
    run.push(child);
  }
  flush();
}

function makeBlock(owner: Element, nodes: Node[], leaf: boolean): TextBlock {
  const parts: string[] = [];
  let linkWords = 0;
  for (const node of nodes) {
    const text = inlineText(node);
    parts.push(text);
    if (isElement(node)) {
      if (tagOf(node) === "a") linkWords += countWords(text);
      else for (const a of Array.from(node.getElementsByTagName("a"))) linkWords += countWords(inlineText(a));
    }
  }
  const text = removeInvisibleChars(parts.join(" ")).replace(/\s+/g, " ").trim();
  const words = countWords(text);
  let keep = false;
  for (let el: Element | null = owner; el && !keep; el = el.parentElement) keep = el.hasAttribute(KEEP_BLOCK_ATTRIBUTE);
  return { owner, nodes: leaf ? [owner] : nodes, leaf, text, words, linkWords: Math.min(linkWords, words), keep };
}

function inlineText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return (node as Text).data;
  if (!isElement(node)) return "";
  const tag = tagOf(node);
  if (SKIP_TAGS.has(tag)) return "";
  if (tag === "br") return " ";
  let s = "";
  for (let c = node.firstChild; c; c = c.nextSibling) s += inlineText(c) + (isElement(c) ? " " : "");
  return s;
}

/** Removes the blocks' text from the tree: a leaf block's element, or a mixed block's inline runs. */
export function removeBlock(block: TextBlock): void {
  for (const node of block.nodes) node.parentNode?.removeChild(node);
}
