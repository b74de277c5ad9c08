// DOM signals for page typing, read in one pass over the body (linkedom runs each querySelectorAll as its own
// full traversal). The booleans and small counts feed the hand rules; the counts also feed the classifier.
import { allMatches } from "./all-matches.js";

export interface DomSignals {
  posts: number;
  comments: number;
  qaPage: boolean;
  longParagraphs: number;
  productCards: number;
  teasers: number;
  codeBlocks: number;
  addToCart: boolean;
  price: boolean;
  hasArticle: boolean;
  /** Counts for the classifier (page-type-features.ts). */
  counts: DomCounts;
}

interface DomCounts {
  elements: number;
  words: number;
  links: number;
  linkChars: number;
  textChars: number;
  paragraphs: number;
  h1: number;
  h2: number;
  h3: number;
  listItems: number;
  forms: number;
  inputs: number;
  buttons: number;
  selects: number;
  images: number;
  tables: number;
  times: number;
  articles: number;
  navs: number;
  asides: number;
  code: number;
  prices: number;
  ratings: number;
  breadcrumbs: number;
  bylineMarks: number;
  sidebarMarks: number;
  /** How the text addresses its reader, and the stock phrases of each kind of page (page-type-features.ts). */
  phrases: PhraseCounts;
}

interface PhraseCounts {
  /** we, our, us: a business about itself. */
  firstPlural: number;
  /** you, your: a pitch or a how-to. */
  secondPerson: number;
  /** I, my, me: a blog post or a forum reply. */
  firstSingular: number;
  /** contact us, get a quote, book a ..., free consultation, sign up. */
  callsToAction: number;
  /** read more, posted on, published, min read. */
  postMarks: number;
  /** reply, replies, joined, quote, like. */
  threadMarks: number;
  /** in stock, free shipping, SKU, size guide, quantity. */
  shopMarks: number;
  /** filter, sort by, results, items. */
  facetMarks: number;
}

const POST_CLASS = /(?:^|\s)(?:topic-post|postbit|postbody|post_body|js-post-body|message--post|forum-post|answercell|postcell|crawler-post)(?:\s|$)/;
// Answer is left out: FAQ blocks on articles and service pages use Question/Answer microdata too.
const POST_ITEMTYPE = /schema\.org\/DiscussionForumPosting\b/i;
const COMMENT_ITEMTYPE = /schema\.org\/Comment\b/i;
const COMMENT_CLASS = /(?:^|\s)(?:comment|comment-body|reply|post-reply|comment-content)(?:\s|$)/i;
const PRODUCT_CARD = /product-card|product-item|productcard|product-tile|grid-product|card-product|product-grid-item|productitem/i;
const CART_CLASS = /add-to-cart|addtocart|add-to-bag|product-form/i;
const RATING_CLASS = /rating|stars|review-count/i;
const BREADCRUMB_CLASS = /breadcrumb/i;
const BYLINE_CLASS = /byline|author/i;
const SIDEBAR_CLASS = /sidebar|widget/i;
const PRICE_TEXT = /[$€£¥]\s?\d|\d\s?[$€£]/g;
// Read over the lower-cased body text in one scan (one regex of alternatives, a group per count; a phrase
// counts once, so the "us" of "contact us" is a call to action, not a pronoun). Each phrase stands as whole
// words (no letter or digit either side, in any script: "facebook and" is no "book a", "même" no "me"). Written
// for English: on other languages they mostly count nothing, though a few short words coincide (Italian "i",
// French "me"), and the classifier falls back on the other signals.
const PHRASES: Array<[keyof PhraseCounts, string]> = [
  ["callsToAction", "contact us|get started|request a (?:quote|demo)|get a (?:quote|free)|book (?:a|an|now|your)|schedule (?:a|an|your)|free consultation|call (?:us|now|today)|sign up|start (?:your )?free trial|talk to"],
  ["postMarks", "read more|continue reading|posted (?:on|in|by)|published|min read|minute read"],
  ["shopMarks", "add to (?:cart|bag|basket)|in stock|out of stock|free shipping|sku|size guide|quantity"],
  ["threadMarks", "repl(?:y|ies)|joined|quote|likes?"],
  ["facetMarks", "filter|sort by|showing \\d+|results|items?"],
  ["firstPlural", "we|our|us|we're|we've|ourselves"],
  ["secondPerson", "you|your|you're|yours"],
  // Not the "i" of "i.e.".
  ["firstSingular", "i(?!\\.[a-z])|my|me|i'm|i've"],
];
// \b (ASCII word characters, which irregexp scans fast); a match touching a non-ASCII letter or digit is
// dropped in countPhrases (a lookbehind in the pattern itself tripled the scan's time).
const PHRASE_PATTERN = new RegExp(PHRASES.map(([, source]) => `\\b(${source})\\b`).join("|"), "g");
const WORD_CHAR = /[\p{L}\p{N}]/u;

function countPhrases(text: string, into: PhraseCounts): void {
  for (const match of allMatches(PHRASE_PATTERN, text)) {
    const before = text[match.index - 1];
    const after = text[match.index + match[0].length];
    if ((before && before > "\x7f" && WORD_CHAR.test(before)) || (after && after > "\x7f" && WORD_CHAR.test(after))) continue;
    const group = match.findIndex((value, i) => i > 0 && value !== undefined);
    into[PHRASES[group - 1]![0]]++;
  }
}

/** `bodyText`: the body's textContent when the caller has already read it (each read walks the whole body). */
export function domSignals(doc: Document, bodyText?: string): DomSignals {
  const counts: DomCounts = {
    elements: 0, words: 0, links: 0, linkChars: 0, textChars: 0, paragraphs: 0, h1: 0, h2: 0, h3: 0, listItems: 0,
    forms: 0, inputs: 0, buttons: 0, selects: 0, images: 0, tables: 0, times: 0, articles: 0, navs: 0, asides: 0,
    code: 0, prices: 0, ratings: 0, breadcrumbs: 0, bylineMarks: 0, sidebarMarks: 0,
    phrases: { firstPlural: 0, secondPerson: 0, firstSingular: 0, callsToAction: 0, postMarks: 0, threadMarks: 0, shopMarks: 0, facetMarks: 0 },
  };
  const out: DomSignals = { posts: 0, comments: 0, qaPage: false, longParagraphs: 0, productCards: 0, teasers: 0, codeBlocks: 0, addToCart: false, price: false, hasArticle: false, counts };
  const body = doc.body;
  if (!body) return out;
  for (const el of Array.from(body.querySelectorAll("*"))) {
    counts.elements++;
    const tag = el.localName;
    const cls = el.getAttribute("class") ?? "";
    const itemtype = el.getAttribute("itemtype");
    if ((itemtype && POST_ITEMTYPE.test(itemtype)) || (cls && POST_CLASS.test(cls)) || (tag === "article" && /(?:^|\s)message(?:\s|$)/.test(cls))) {
      out.posts++;
    }
    if (itemtype && /QAPage/i.test(itemtype)) out.qaPage = true;
    if ((itemtype && COMMENT_ITEMTYPE.test(itemtype)) || (cls && COMMENT_CLASS.test(cls))) out.comments++;
    if (cls) {
      if (PRODUCT_CARD.test(cls) || (tag === "li" && /(?:^|\s)product(?:\s|$)/.test(cls))) out.productCards++;
      if (!out.addToCart && CART_CLASS.test(cls)) out.addToCart = true;
      if (!out.price && /(?:^|[\s_-])price(?:$|[\s_-])/i.test(cls)) out.price = true;
      if (RATING_CLASS.test(cls)) counts.ratings++;
      if (BREADCRUMB_CLASS.test(cls)) counts.breadcrumbs++;
      if (BYLINE_CLASS.test(cls)) counts.bylineMarks++;
      if (SIDEBAR_CLASS.test(cls)) counts.sidebarMarks++;
    }
    switch (tag) {
      case "pre":
        out.codeBlocks++;
        break;
      case "p": {
        counts.paragraphs++;
        if ((el.textContent?.length ?? 0) > 200) out.longParagraphs++;
        break;
      }
      case "article":
        out.hasArticle = true;
        counts.articles++;
        break;
      case "a": {
        counts.links++;
        counts.linkChars += el.textContent?.length ?? 0;
        const parent = el.parentElement;
        const ptag = parent?.localName;
        if ((ptag === "h2" || ptag === "h3") && parent?.closest("article, li, [class*=card], [class*=post], [class*=teaser]")) out.teasers++;
        break;
      }
      case "form":
        counts.forms++;
        if (!out.addToCart && /cart/i.test(el.getAttribute("action") ?? "")) out.addToCart = true;
        break;
      case "h1":
        counts.h1++;
        break;
      case "h2":
        counts.h2++;
        break;
      case "h3":
        counts.h3++;
        break;
      case "li":
        counts.listItems++;
        break;
      case "input":
      case "textarea":
        counts.inputs++;
        break;
      case "button":
        counts.buttons++;
        break;
      case "select":
        counts.selects++;
        break;
      case "img":
        counts.images++;
        break;
      case "table":
        counts.tables++;
        break;
      case "time":
        counts.times++;
        break;
      case "nav":
        counts.navs++;
        break;
      case "aside":
        counts.asides++;
        break;
      case "code":
        counts.code++;
        break;
    }
  }
  const raw = bodyText ?? body.textContent ?? "";
  counts.textChars = raw.length;
  counts.words = countRuns(raw);
  const text = raw.toLowerCase();
  counts.prices = text.match(PRICE_TEXT)?.length ?? 0;
  countPhrases(text, counts.phrases);
  if (!out.addToCart) out.addToCart = /add to (?:cart|bag|basket)|buy now|in den warenkorb|ajouter au panier/.test(text);
  if (!out.price) out.price = counts.prices > 0;
  return out;
}

/**
 * The number of runs of non-whitespace: what `text.split(/\s+/).filter(Boolean).length` counts (the same
 * whitespace as the regex's \s, so the classifier's inputs are unchanged), without building the array.
 */
function countRuns(text: string): number {
  let runs = 0;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inRun) runs++;
    inRun = !space;
  }
  return runs;
}

function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
