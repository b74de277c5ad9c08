// The page title, chosen among the <h1>s, the declared titles (og:title, twitter:title, JSON-LD headline)
// and <title>. Each rule is measured on the WCXB dev labels (docs/BENCHMARK.md, issue 14).
import { cleanLine } from "../text.js";

export interface TitleCandidates {
  /** <h1> elements in order, the title window's headline first. */
  headings: Element[];
  declared: string | null;
  htmlTitle: string | null;
  siteName: string | null;
  /** Declared an article (or a named product, recipe, question) by JSON-LD or og:type. */
  articleish: boolean;
}

/**
 * On article pages the <h1> a reader sees is the title (og:title and <title> are often rephrased for search
 * and share cards); elsewhere the declared title is (a landing page's <h1> is a slogan: "Clarity, finally.").
 * An <h1> never counts when it names the site (a blog's logo is often its only <h1>) or shares no word with
 * <title> ("Blog", "Perspectives": a section label over the story); the next <h1> may still qualify.
 * A declared title that is only the site's name is no title either.
 */
export function chooseTitle(c: TitleCandidates): string | null {
  const declared = c.declared && !namesSite(c.declared, c) ? c.declared : null;
  const reference = c.htmlTitle ?? declared;
  const texts = c.headings.map(headingText).filter((h): h is string => h !== null && plausibleHeading(h));
  if (c.articleish) {
    const heading = texts.find((h) => !namesSite(h, c) && (!reference || sharesWord(h, reference)));
    if (heading) return heading;
  }
  const first = texts[0];
  return declared ?? (first && !namesSite(first, c) ? first : null) ?? c.htmlTitle;
}

/** Heading text with line breaks and block children read as spaces ("Data<br>Agency" is two words). */
function headingText(el: Element): string | null {
  let out = "";
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      out += node.nodeValue ?? "";
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).localName;
    if (tag === "script" || tag === "style" || tag === "template") return;
    const spaced = tag === "br" || BLOCK_TAGS.has(tag);
    if (spaced) out += " ";
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    if (spaced) out += " ";
  };
  visit(el);
  return cleanLine(out.replace(/\s*[¶#]\s*$/, ""));
}

const BLOCK_TAGS = new Set(["div", "p", "li", "small", "h1", "h2", "h3", "h4", "h5", "h6", "section", "header"]);

function plausibleHeading(h: string): boolean {
  return h.length >= 2 && h.length <= 300 && tokens(h).length <= 40 && /\p{L}/u.test(h);
}

// The separators sites put between a page's title and their own name.
const TITLE_SEPARATOR = /\s+(?:[|\-–—•·:/]|::)\s+/;

/** The site's name: og:site_name, or the last part of a <title> that is longer than the text. */
function namesSite(text: string, c: TitleCandidates): boolean {
  if (c.siteName && sameWords(text, c.siteName)) return true;
  if (!c.htmlTitle || sameWords(text, c.htmlTitle)) return false;
  const parts = c.htmlTitle.split(TITLE_SEPARATOR);
  return parts.length > 1 && sameWords(text, parts[parts.length - 1]!);
}

const STOP_WORDS = new Set(["the", "and", "for", "with", "your", "our", "how", "what", "you", "are", "from", "this", "that"]);

/** A content word (3+ letters, not a stop word) in common, compared on its first five letters. */
function sharesWord(a: string, b: string): boolean {
  const stems = (s: string) => tokens(s).filter((w) => w.length > 2 && !STOP_WORDS.has(w)).map((w) => w.slice(0, 5));
  const other = new Set(stems(b));
  return stems(a).some((w) => other.has(w));
}

function tokens(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function sameWords(a: string, b: string): boolean {
  const x = tokens(a);
  return x.length > 0 && x.join(" ") === tokens(b).join(" ");
}
