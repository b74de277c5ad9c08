// When the main region (or the cleaned body) may replace Readability's pick on an article page. The region
// holds more words than Readability's block whenever the page has comments, related-story lists or promo
// feeds inside its main landmark, so "fewer words" alone reads appendages as missing content (issue 14:
// on news pages 11 of 12 replacements lost precision). Precision first, as trafilatura does: Readability's
// pick stands when it already holds the article's structure (most of the region's section headings).
// Measured on the 28 WCXB dev article pages where a replacement happened: the heading rule keeps Readability
// on 3 where it scored 0.26-0.75 F1 higher and on none where the region scored higher. A link-density rule
// (region over 0.4 link text) won one more article page but cost listing pages typed article 0.03 F1.
// Readability's pick also stands when all the region adds comes after it and opens with a comment section,
// an author box, a newsletter box or a "related" list: on WCXB dev that kept Readability on 4 pages (3 articles,
// 1 forum thread routed as one) where it scored 0.28-0.48 F1 higher, and on none where the region scored
// higher (trailingAppendage below).
import { lowerWords } from "./text.js";

/** Readability kept this share of the region's section headings: the rest of the region is appendage. */
const HEADING_SHARE_KEPT = 0.7;
/** An article block of this many words was found, not missed: the whole body does not replace it. */
const ARTICLE_WORDS_FOUND = 250;

export interface ReplacementCandidate {
  content: Element;
  words: number;
  /** Plain text, one block per line. */
  text: string;
}

export function regionMayReplaceArticle(readability: ReplacementCandidate, region: ReplacementCandidate): boolean {
  const keptHeadings = countHeadings(readability.content);
  const regionHeadings = countHeadings(region.content);
  if (keptHeadings >= 3 && keptHeadings >= regionHeadings * HEADING_SHARE_KEPT) return false;
  return !trailingAppendage(readability.text, region.text);
}

export function bodyMayReplaceArticle(readability: ReplacementCandidate): boolean {
  return readability.words < ARTICLE_WORDS_FOUND;
}

function countHeadings(root: Element): number {
  return root.querySelectorAll("h2, h3, h4").length;
}

// What the region may add around Readability's block and still count as "only after it": a headline and a
// byline line before it, a caption or two inside it.
const ADDED_BEFORE_SHARE = 0.3;
const ADDED_INSIDE_SHARE = 0.1;
// How far into what follows the block an appendage must announce itself.
const APPENDAGE_LOOKAHEAD_LINES = 6;
// The line that opens an appendage: "10 comments:", "Leave a Reply", "About the Author", "You may also like
// these posts...", "Join 800,000+ subscribers to get ...".
const APPENDAGE_LINE =
  /^(?:\d[\d,]*\s+)?(?:comments?|responses?|replies|reactions)\b|^(?:leave a (?:reply|comment)|post a comment|add a comment|join the (?:discussion|conversation))\b|^about the (?:author|authors|reviewer|writer)\b|^(?:you (?:may|might) also (?:like|enjoy)|related (?:posts?|articles?|stories|reading)|more (?:stories|articles|posts) (?:from|like)|read (?:next|more)\b|recommended for you)|^(?:subscribe to|sign up for|join [\d,.]+\+? (?:subscribers|readers))\b/i;
// Blogger's tag line before its comment count ("Labels: customer development, lean startup").
const SKIPPABLE_LINE = /^(?:labels|tags|categories|filed under):/i;

/**
 * Whether the region is Readability's block followed by an appendage: it adds little before or inside the
 * block, and what follows opens with a comment section, an author box, a newsletter box or a related list.
 */
function trailingAppendage(readabilityText: string, regionText: string): boolean {
  const kept = lowerWords(readabilityText);
  if (kept.length < 12) return false;
  const lines = regionText.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
  const tokens: string[] = [];
  const lineOf: number[] = [];
  lines.forEach((line, i) => {
    for (const t of lowerWords(line)) {
      tokens.push(t);
      lineOf.push(i);
    }
  });
  const start = indexOfRun(tokens, kept.slice(0, 6), false);
  const end = indexOfRun(tokens, kept.slice(-6), true);
  if (start < 0 || end < start) return false;
  const spanned = end + 6 - start;
  if (start > kept.length * ADDED_BEFORE_SHARE || spanned - kept.length > kept.length * ADDED_INSIDE_SHARE) return false;
  const after = lines.slice(lineOf[end + 5]! + 1).filter((l) => !SKIPPABLE_LINE.test(l));
  return after.slice(0, APPENDAGE_LOOKAHEAD_LINES).some((l) => APPENDAGE_LINE.test(l));
}

/** The first (or last) index where `run` occurs in `tokens`, or -1. */
function indexOfRun(tokens: string[], run: string[], last: boolean): number {
  const n = run.length;
  const matches = (i: number) => run.every((t, k) => tokens[i + k] === t);
  if (last) {
    for (let i = tokens.length - n; i >= 0; i--) if (matches(i)) return i;
  } else {
    for (let i = 0; i + n <= tokens.length; i++) if (matches(i)) return i;
  }
  return -1;
}
