// When the main region (or the cleaned body) may replace Readability's pick on an article page. The region
// holds more words than Readability's block whenever the page has comments, related-story lists or promo
// feeds inside its main landmark, so "fewer words" alone reads appendages as missing content (issue 14:
// on news pages 11 of 12 replacements lost precision). Precision first, as trafilatura does: Readability's
// pick stands when it already holds the article's structure (most of the region's section headings).
// Measured on the 28 WCXB dev article pages where a replacement happened: the heading rule keeps Readability
// on 3 where it scored 0.26-0.75 F1 higher and on none where the region scored higher. A link-density rule
// (region over 0.4 link text) won one more article page but cost listing pages typed article 0.03 F1.

/** Readability kept this share of the region's section headings: the rest of the region is appendage. */
const HEADING_SHARE_KEPT = 0.7;
/** An article block of this many words was found, not missed: the whole body does not replace it. */
const ARTICLE_WORDS_FOUND = 250;

export interface ReplacementCandidate {
  content: Element;
  words: number;
}

export function regionMayReplaceArticle(readability: ReplacementCandidate, region: ReplacementCandidate): boolean {
  const keptHeadings = countHeadings(readability.content);
  const regionHeadings = countHeadings(region.content);
  return !(keptHeadings >= 3 && keptHeadings >= regionHeadings * HEADING_SHARE_KEPT);
}

export function bodyMayReplaceArticle(readability: ReplacementCandidate): boolean {
  return readability.words < ARTICLE_WORDS_FOUND;
}

function countHeadings(root: Element): number {
  return root.querySelectorAll("h2, h3, h4").length;
}
