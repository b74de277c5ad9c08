// The block classifier's input: one number per feature, in BLOCK_FEATURE_NAMES order, for each text block of
// the selected content. Signals a reader uses to skip furniture: size, links, the block's tag and its
// ancestors' tags, class and id words (price, review, related, share...), where it sits in the content, its
// text's shape (digits, currency, sentence ends) and its neighbours'. Counts enter as log1p, shares as 0-1.
import type { ExtractResponseExtractedVia, ExtractResponsePageType } from "@websift/contracts";
import { tagOf } from "../dom.js";
import { PAGE_TYPES } from "../page-type-features.js";
import type { TextBlock } from "./block-list.js";

const VIAS: ExtractResponseExtractedVia[] = ["readability", "main-heuristic", "body-text", "page-type"];

const OWNER_TAGS: Array<[string, (tag: string) => boolean]> = [
  ["tag_p", (t) => t === "p"],
  ["tag_li", (t) => t === "li"],
  ["tag_h1", (t) => t === "h1"],
  ["tag_h23", (t) => t === "h2" || t === "h3"],
  ["tag_h456", (t) => t === "h4" || t === "h5" || t === "h6"],
  ["tag_cell", (t) => t === "td" || t === "th"],
  ["tag_dtdd", (t) => t === "dt" || t === "dd"],
  ["tag_pre", (t) => t === "pre"],
  ["tag_quote", (t) => t === "blockquote"],
  ["tag_caption", (t) => t === "figcaption" || t === "caption"],
  ["tag_div", (t) => t === "div" || t === "section" || t === "article" || t === "main"],
];

const ANCESTOR_TAGS: Array<[string, Set<string>]> = [
  ["in_list", new Set(["ul", "ol", "menu"])],
  ["in_table", new Set(["table"])],
  ["in_form", new Set(["form", "fieldset", "label"])],
  ["in_furniture", new Set(["aside", "nav", "footer", "header"])],
  ["in_figure", new Set(["figure"])],
  ["in_link", new Set(["a"])],
  ["in_dl", new Set(["dl"])],
  ["in_article", new Set(["article"])],
];

// Words in class and id attributes, grouped by what they usually mark.
const CLASS_GROUPS: Array<[string, RegExp]> = [
  ["commerce", /price|cart|basket|checkout|add-?to|qty|quantity|stock|shipping|delivery|payment|klarna|afterpay|swatch|variant|size-?(?:guide|chart)/],
  ["review", /review|rating|stars?\b|testimonial|feedback/],
  ["related", /related|recommend|similar|also|upsell|cross-?sell|more-?(?:from|stories|articles|posts)|you-?may|popular|trending|read-?next|next-?(?:post|article)/],
  ["share", /share|social|follow|sharing/],
  ["crumb", /breadcrumb|crumbs?\b/],
  ["nav", /\bnav|menu|pagination|pager|toc\b|table-?of-?contents/],
  ["footer", /footer|colophon|copyright|legal/],
  ["header", /header|masthead|topbar|top-bar|hero/],
  ["newsletter", /newsletter|subscribe|signup|sign-up|optin|opt-in|mailing/],
  ["promo", /promo|banner|\bads?\b|advert|sponsor|offer|deal|coupon|cta\b|call-?to-?action/],
  ["carousel", /carousel|slider|swiper|slick|slide\b|glide/],
  ["modal", /modal|popup|pop-up|dialog|cookie|consent|gdpr|overlay/],
  ["comment", /comment|reply|replies|discussion|disqus/],
  ["meta", /author|byline|\bmeta\b|date|time|posted|published|dateline|avatar/],
  ["tags", /\btags?\b|categor|label|topic|badge|chip/],
  ["sidebar", /sidebar|widget|aside|rail\b/],
  ["content", /descr|content|body|text|entry|article|post|main|detail|spec|feature|overview|about|summary|prose|rte|wysiwyg|richtext|markdown/],
  ["title", /title|heading|headline|\bname\b/],
  ["card", /card|tile|item|product|grid|teaser|thumb|listing|result/],
  ["filter", /search|filter|facet|sort|refine/],
  ["media", /caption|credit|figure|photo|image|img|media|gallery|video/],
  ["faq", /faq|accordion|question|answer|collapse|tab\b|tabs\b|panel/],
];

const CURRENCY = /[$€£¥₹]\s?\d|\d\s?(?:€|£|usd|eur|gbp)\b/i;
const SENTENCE_END = /[.!?…。](?=\s|$)/g;

export const BLOCK_FEATURE_NAMES: string[] = [
  ...PAGE_TYPES.map((t) => `type_${t}`),
  ...VIAS.map((v) => `via_${v}`),
  "log_words", "link_density", "share_of_words", "position", "words_before",
  ...OWNER_TAGS.map(([name]) => name),
  ...ANCESTOR_TAGS.map(([name]) => name),
  "depth",
  ...CLASS_GROUPS.map(([name]) => `self_${name}`),
  ...CLASS_GROUPS.map(([name]) => `anc_${name}`),
  "digit_share", "currency", "sentences_per_word", "ends_sentence", "mean_word_length", "caps_share", "has_pipe",
  "copyright", "same_as_title", "repeated_text", "same_shape_share",
  "prev_log_words", "prev_link_density", "next_log_words", "next_link_density",
  "neighbours_long_prose", "leaf",
  "description_overlap", "parent_share", "parent_link_density", "parent_prose_share", "grandparent_share",
  "grandparent_link_density", "grandparent_prose_share", "distance_to_prose", "in_prose_core",
  "before_heading", "before_first_prose", "after_last_prose", "words_after_share",
];

export interface BlockContext {
  pageType: ExtractResponsePageType;
  via: ExtractResponseExtractedVia;
  /** The page title, to flag the heading that repeats it. */
  title: string | null;
  /** The page's own summary (meta or og description): shop and service pages repeat it in their content. */
  description: string | null;
}

/** One feature row per block, in block order. */
export function blockFeatures(blocks: TextBlock[], root: Element, context: BlockContext): number[][] {
  const totalWords = Math.max(1, blocks.reduce((n, b) => n + b.words, 0));
  const textCounts = new Map<string, number>();
  const shapeCounts = new Map<string, number>();
  const shapes = blocks.map((b) => shapeOf(b.owner));
  const lowered = blocks.map((b) => b.text.toLowerCase());
  for (const t of lowered) textCounts.set(t, (textCounts.get(t) ?? 0) + 1);
  for (const s of shapes) shapeCounts.set(s, (shapeCounts.get(s) ?? 0) + 1);
  const title = normalise(context.title ?? "");
  // Whether each block's text is the title (only when there is one: the comparison is per block).
  const sameAsTitle = title ? lowered.map((t) => normalisesTo(t, title)) : null;
  const ancestry = new Map<Element, Ancestry>();
  const prose = blocks.map(isProse);
  const containers = containerStats(blocks, prose, root);
  const core = proseCore(root, containers);
  const proseIndex = prose.flatMap((p, i) => (p ? [i] : []));
  const described = new Set(words(context.description ?? ""));
  const heading = headingIndex(blocks, sameAsTitle);
  const nearest = distanceToProse(prose);
  const firstProse = proseIndex[0] ?? blocks.length;
  const lastProse = proseIndex[proseIndex.length - 1] ?? -1;
  let before = 0;
  return blocks.map((b, i) => {
    const anc = ancestryOf(b.owner, root, ancestry);
    const tag = tagOf(b.owner);
    const ownClass = classWords(b.owner);
    const text = b.text;
    const chars = Math.max(1, text.length);
    const shape = characterCounts(text);
    const digits = shape.digits / chars;
    const caps = shape.upper / Math.max(1, shape.letters);
    const sentences = text.match(SENTENCE_END)?.length ?? 0;
    const letters = shape.alnumUnits;
    const parent = b.owner === root ? null : b.owner.parentElement;
    const grand = parent && parent !== root ? parent.parentElement : null;
    const ps = statsOf(parent, containers);
    const gs = statsOf(grand, containers);
    const own = wordsLowered(lowered[i]!);
    const prev = blocks[i - 1];
    const next = blocks[i + 1];
    const row = [
      ...PAGE_TYPES.map((t) => (t === context.pageType ? 1 : 0)),
      ...VIAS.map((v) => (v === context.via ? 1 : 0)),
      Math.log1p(b.words),
      b.words ? b.linkWords / b.words : 0,
      b.words / totalWords,
      blocks.length > 1 ? i / (blocks.length - 1) : 0,
      before / totalWords,
      ...OWNER_TAGS.map(([, test]) => (test(tag) ? 1 : 0)),
      ...anc.tagFlags,
      Math.log1p(anc.depth),
      ...classFlags(ownClass),
      ...anc.classFlags,
      digits,
      CURRENCY.test(text) ? 1 : 0,
      b.words ? Math.min(1, sentences / b.words) : 0,
      /[.!?…。:]["')\]]?$/.test(text) ? 1 : 0,
      b.words ? Math.min(3, letters / b.words / 5) : 0,
      caps,
      text.includes("|") ? 1 : 0,
      /©|\bcopyright\b|all rights reserved/i.test(text) ? 1 : 0,
      sameAsTitle?.[i] ? 1 : 0,
      (textCounts.get(lowered[i]!) ?? 1) > 1 ? 1 : 0,
      (shapeCounts.get(shapes[i]!) ?? 1) / blocks.length,
      prev ? Math.log1p(prev.words) : 0,
      prev && prev.words ? prev.linkWords / prev.words : 0,
      next ? Math.log1p(next.words) : 0,
      next && next.words ? next.linkWords / next.words : 0,
      (prose[i - 1] ? 0.5 : 0) + (prose[i + 1] ? 0.5 : 0),
      b.leaf ? 1 : 0,
      own.length >= 3 && described.size ? own.filter((w) => described.has(w)).length / own.length : 0,
      ps.words / totalWords,
      ps.words ? ps.link / ps.words : 0,
      ps.words ? ps.prose / ps.words : 0,
      gs.words / totalWords,
      gs.words ? gs.link / gs.words : 0,
      gs.words ? gs.prose / gs.words : 0,
      Math.log1p(nearest[i]!),
      core && (b.owner === core || core.contains(b.owner)) ? 1 : 0,
      i < heading ? 1 : 0,
      i < firstProse ? 1 : 0,
      i > lastProse ? 1 : 0,
      (totalWords - before - b.words) / totalWords,
    ];
    before += b.words;
    return row;
  });
}

interface CharacterCounts {
  /** ASCII digits (what /\d/ matches). */
  digits: number;
  /** Upper-case letters and all letters, in code points. */
  upper: number;
  letters: number;
  /** Letters and digits of any script, in UTF-16 units (the string length they would have on their own). */
  alnumUnits: number;
}

/** One pass over the text instead of four regular-expression scans, each of which built an array. */
function characterCounts(text: string): CharacterCounts {
  const counts = { digits: 0, upper: 0, letters: 0, alnumUnits: 0 };
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 128) {
      if (c >= 48 && c <= 57) {
        counts.digits++;
        counts.alnumUnits++;
      } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        counts.letters++;
        counts.alnumUnits++;
        if (c <= 90) counts.upper++;
      }
    } else if (LETTER.test(ch)) {
      counts.letters++;
      counts.alnumUnits += ch.length;
      if (UPPER.test(ch)) counts.upper++;
    } else if (NUMBER.test(ch)) counts.alnumUnits += ch.length;
  }
  return counts;
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const NUMBER = /\p{N}/u;

interface ContainerStats {
  words: number;
  link: number;
  prose: number;
}

/** Words, link words and prose words under each element that holds a block (root included). */
function containerStats(blocks: TextBlock[], prose: boolean[], root: Element): Map<Element, ContainerStats> {
  const stats = new Map<Element, ContainerStats>();
  blocks.forEach((b, i) => {
    for (let el: Element | null = b.owner; el; el = el === root ? null : el.parentElement) {
      const s = stats.get(el) ?? { words: 0, link: 0, prose: 0 };
      s.words += b.words;
      s.link += b.linkWords;
      if (prose[i]) s.prose += b.words;
      stats.set(el, s);
    }
  });
  return stats;
}

function statsOf(el: Element | null, stats: Map<Element, ContainerStats>): ContainerStats {
  return (el && stats.get(el)) || { words: 0, link: 0, prose: 0 };
}

/** The deepest element holding at least half of the content's prose words: where the text itself lives. */
function proseCore(root: Element, stats: Map<Element, ContainerStats>): Element | null {
  const total = stats.get(root)?.prose ?? 0;
  if (total === 0) return null;
  let core = root;
  for (;;) {
    let next: Element | null = null;
    for (let c = core.firstElementChild; c; c = c.nextElementSibling) if ((stats.get(c)?.prose ?? 0) >= total * 0.5) next = c;
    if (!next) return core;
    core = next;
  }
}

/** Per block, how many blocks away the nearest prose block is (the block count when there is none). */
function distanceToProse(prose: boolean[]): number[] {
  const n = prose.length;
  const out = new Array<number>(n).fill(n);
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (prose[i]) last = i;
    if (last >= 0) out[i] = i - last;
  }
  last = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (prose[i]) last = i;
    if (last >= 0) out[i] = Math.min(out[i]!, last - i);
  }
  return out;
}

/** The content's title heading: the block repeating the page title, else the first h1 (none: -1). */
function headingIndex(blocks: TextBlock[], sameAsTitle: boolean[] | null): number {
  if (sameAsTitle) {
    const i = sameAsTitle.indexOf(true);
    if (i >= 0) return i;
  }
  return blocks.findIndex((b) => tagOf(b.owner) === "h1");
}

function words(s: string): string[] {
  return wordsLowered(s.toLowerCase());
}

function wordsLowered(s: string): string[] {
  return s.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

interface Ancestry {
  depth: number;
  /** Per ANCESTOR_TAGS entry, 1 when an ancestor has one of its tags. */
  tagFlags: number[];
  /** Per CLASS_GROUPS entry, 1 when an ancestor's class or id words match it. */
  classFlags: number[];
}

const NO_ANCESTRY: Ancestry = { depth: 0, tagFlags: ANCESTOR_TAGS.map(() => 0), classFlags: CLASS_GROUPS.map(() => 0) };

/** The owner's ancestors up to (not including) the root, folded into flags and memoised per element. */
function ancestryOf(el: Element, root: Element, memo: Map<Element, Ancestry>): Ancestry {
  const parent = el === root ? null : el.parentElement;
  if (!parent || parent === root) return NO_ANCESTRY;
  const known = memo.get(parent);
  if (known) return known;
  const up = ancestryOf(parent, root, memo);
  const tag = tagOf(parent);
  const own = classFlags(classWords(parent));
  const result = {
    depth: up.depth + 1,
    tagFlags: ANCESTOR_TAGS.map(([, tags], k) => (up.tagFlags[k] || tags.has(tag) ? 1 : 0)),
    classFlags: own.map((flag, k) => (flag || up.classFlags[k] ? 1 : 0)),
  };
  memo.set(parent, result);
  return result;
}

function classFlags(words: string): number[] {
  // Most elements carry no class or id at all.
  if (words.trim() === "") return NO_ANCESTRY.classFlags;
  return CLASS_GROUPS.map(([, re]) => (re.test(words) ? 1 : 0));
}

function classWords(el: Element): string {
  return `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""} ${el.getAttribute("itemprop") ?? ""} ${el.getAttribute("data-testid") ?? ""}`.toLowerCase();
}

/** Tag and class of the owner and its parent: repeated shapes are cards, rows and menu items. */
function shapeOf(el: Element): string {
  const parent = el.parentElement;
  return `${tagOf(el)}.${el.getAttribute("class") ?? ""}<${parent ? `${tagOf(parent)}.${parent.getAttribute("class") ?? ""}` : ""}`;
}

function isProse(b: TextBlock): boolean {
  return b.words >= 15 && b.linkWords / b.words < 0.3;
}

function normalise(s: string): string {
  return normaliseLowered(s.toLowerCase());
}

function normaliseLowered(s: string): string {
  return s.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * Whether normaliseLowered(text) === target: its runs of letters and digits joined by single spaces, compared
 * as they are read, so a block that is not the title is told apart at its first differing character
 * without building its normalised copy (that was ~1% of an extraction, over every block's text).
 */
function normalisesTo(text: string, target: string): boolean {
  let at = 0;
  let gap = false;
  for (let i = 0; i < text.length; ) {
    const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
    if (!isLetterOrNumber(text, i, units)) {
      gap = true;
    } else {
      if (gap && at > 0 && target.charCodeAt(at++) !== 32) return false;
      gap = false;
      for (let k = 0; k < units; k++) if (text.charCodeAt(i + k) !== target.charCodeAt(at++)) return false;
    }
    i += units;
  }
  return at === target.length;
}

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/** Whether the code point of `units` UTF-16 units at `i` is what [\p{L}\p{N}] matches. */
function isLetterOrNumber(text: string, i: number, units: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER_OR_NUMBER.test(text.slice(i, i + units));
}
