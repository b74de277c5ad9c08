// The page title, chosen among the <h1>s, the declared titles (og:title, twitter:title, JSON-LD headline)
// and <title>. Each rule is measured on the WCXB dev labels (docs/BENCHMARK.md, issue 14).
// The hand rules' answer is kept beside the ranker's (title-model.ts), which may overrule it.
import { lowerWords as tokens } from "../text.js";
import { rankedTitles } from "./title-features.js";
import { rankTitle } from "./title-model.js";
import { headingText, leadPartNamed, namesSite, ownWords, partNamedByHeading, plausibleHeading, sharesWord, type TitleCandidates } from "./title-parts.js";

export interface ChosenTitle {
  /** The ranker's title, or the rules' when the ranker has no say. */
  title: string | null;
  rulesTitle: string | null;
}

/** The hand rules' title (rulesTitle), then the ranker's choice among every candidate, given that answer. */
export function chooseTitle(c: TitleCandidates): ChosenTitle {
  const rulesTitle = chooseRulesTitle(c);
  const ranked = rankTitle(rankedTitles(c, rulesTitle), rulesTitle === null ? null : tokens(rulesTitle).join(" "));
  return { title: ranked ?? rulesTitle, rulesTitle };
}

/**
 * On article pages the <h1> a reader sees is the title (og:title and <title> are often rephrased for search
 * and share cards); elsewhere the declared title is (a landing page's <h1> is a slogan: "Clarity, finally.").
 * An <h1> never counts when it names the site (a blog's logo is often its only <h1>) or shares no word with
 * <title> ("Blog", "Perspectives": a section label over the story); the next <h1> may still qualify.
 * A declared title that is only the site's name is no title either.
 * Without a declared title, an <h1> outside <main> that shares no word with <title> is page furniture (the
 * blog's name, a cookie banner, the first teaser of a list) and <title> is the title, unless <title> is only
 * the site's name or begins with a separator (a template whose page part is empty).
 * A title ending in a separator and the site's name loses that suffix (the page's own words are the title),
 * and so does a part that spells the host's name (withoutHostPart).
 */
function chooseRulesTitle(c: TitleCandidates): string | null {
  const title = pickTitle(c);
  if (title === null) return null;
  const trimmed = ownWords(title, c);
  return partNamedByHeading(trimmed, c) ?? trimmed;
}

/**
 * A service page's title: its <title>, trimmed as the rules trim, over og:title and the <h1>. A landing page's
 * share card and <h1> are pitches ("We're Really Good at Email", "Build what's next on the AI Native Cloud");
 * its <title> is what the page is ("Email Marketing Tools | Mailchimp"). Without a usable <title>, the rules'
 * title with the article reading off. WCXB dev titles 1338 -> 1347 of 1497 (16 won, 7 lost; held out by host
 * through the ranker's folds, 88.7% -> 89.4%).
 */
export function chooseServiceTitle(c: TitleCandidates): string | null {
  const htmlTitle = usableHtmlTitle(c);
  if (htmlTitle === null) return chooseRulesTitle({ ...c, articleish: false });
  const trimmed = ownWords(htmlTitle, c);
  return partNamedByHeading(trimmed, c) ?? partNamedByDeclared(trimmed, c) ?? trimmed;
}

/** "Project Management Certificate | UC San Diego Division of Extended Studies" under that og:title: the rest is the site's. */
function partNamedByDeclared(title: string, c: TitleCandidates): string | null {
  return c.declared ? leadPartNamed(title, [c.declared]) : null;
}

/** <title>, unless it is only the site's name or begins with a separator (a template whose page part is empty). */
function usableHtmlTitle(c: TitleCandidates): string | null {
  return c.htmlTitle && !namesSite(c.htmlTitle, c) && !/^\s*(?:[|\-–—•·:/]|::)/.test(c.htmlTitle) ? c.htmlTitle : null;
}

function pickTitle(c: TitleCandidates): string | null {
  const declared = c.declared && !namesSite(c.declared, c) ? c.declared : null;
  // The title's own words, without the site's name: an <h1> sharing only "Nationwide" with "… – Nationwide
  // Marketing Group" is the site's furniture ("Return to Nationwide Website").
  const declaredOrTitle = c.htmlTitle ?? declared;
  const reference = declaredOrTitle === null ? null : ownWords(declaredOrTitle, c);
  const headings = c.headings
    .map((el) => ({ el, text: headingText(el) }))
    .filter((h): h is { el: Element; text: string } => h.text !== null && plausibleHeading(h.text));
  if (c.articleish) {
    const heading = headings.find((h) => !namesSite(h.text, c) && (!reference || sharesWord(h.text, reference)));
    if (heading) return heading.text;
  }
  const first = headings[0] && !namesSite(headings[0].text, c) ? headings[0] : null;
  if (declared) return declared;
  const htmlTitle = usableHtmlTitle(c);
  if (first && htmlTitle && !sharesWord(first.text, ownWords(htmlTitle, c)) && !first.el.closest("main, [role=main]")) return htmlTitle;
  return first?.text ?? c.htmlTitle;
}
