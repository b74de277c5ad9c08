// The title ranker's candidates and their features: each plausible <h1>, each declared title and <title>,
// as written and with the site-name trimming of title-parts.ts, merged when they read the same words.
// Features are general (where a text comes from, how long, what it shares with the others, the URL, the
// site's name), never a site's own; title-model.ts scores them with weights trained on WCXB dev.
import { lowerWords as tokens } from "../text.js";
import {
  headingText,
  isHomePage,
  namesSite,
  ownWords,
  partNamedByHeading,
  plausibleHeading,
  sharesWord,
  TITLE_SEPARATOR,
  type TitleCandidates,
} from "./title-parts.js";

export interface RankedTitle {
  text: string;
  /** The lower-cased words: candidates with the same words are one. */
  key: string;
  features: number[];
}

export const TITLE_FEATURE_NAMES = [
  "h1_window", "h1_other", "og", "twitter", "json_ld", "html_title",
  "as_written", "trimmed", "lead_part", "kinds", "rules",
  "log_words", "one_word", "two_three_words", "long",
  "separator", "names_site", "has_site_name",
  "in_title", "title_contains", "title_starts", "title_ends", "in_declared", "in_first_h1",
  "slug_covered", "in_slug", "in_main", "in_header", "shares_reference",
  "all_caps", "question", "generic",
  "articleish_h1", "articleish_declared", "articleish_title",
  "home_h1", "home_declared", "home_title",
  "many_h1_h1", "no_declared_h1", "declared_is_title_h1", "log_h1_count_h1",
  "latest_year", "older_year", "truncated", "inside_other", "holds_other", "relative_length", "h1_in_title",
] as const;

type Kind = "h1_window" | "h1_other" | "og" | "twitter" | "json_ld" | "html_title";
type Via = "as_written" | "trimmed" | "lead_part";

interface Entry {
  text: string;
  key: string;
  kinds: Set<Kind>;
  vias: Set<Via>;
  el: Element | null;
}

// How many <h1>s are ranked: later ones are teasers and widgets, and each costs a text walk.
const MAX_HEADINGS = 5;
// Labels that are a section's or a page's furniture, in any site ("Home", "Blog", "Contact us").
const GENERIC = /^(?:home|blog|news|welcome|about(?: us)?|contact(?: us)?|menu|search|shop|products?|services?|resources|articles|latest|categories|login|sign in)$/i;

/** The merged candidates with their features; `rules` is the hand rules' answer (chooseTitle), a feature too. */
export function rankedTitles(c: TitleCandidates, rules: string | null): RankedTitle[] {
  const entries = new Map<string, Entry>();
  const add = (text: string | null, kind: Kind, via: Via, el: Element | null = null): void => {
    if (!text) return;
    const key = tokens(text).join(" ");
    if (!key) return;
    let e = entries.get(key);
    if (!e) entries.set(key, (e = { text, key, kinds: new Set(), vias: new Set(), el }));
    e.kinds.add(kind);
    e.vias.add(via);
    e.el ??= el;
  };
  const headings: string[] = [];
  c.headings.slice(0, MAX_HEADINGS).forEach((el, i) => {
    const text = headingText(el);
    // As in the rules, an <h1> that names the site (a logo) is never the title.
    if (text === null || !plausibleHeading(text) || namesSite(text, c)) return;
    headings.push(text);
    add(text, i === 0 && c.windowHeadline ? "h1_window" : "h1_other", "as_written", el);
  });
  const declared: Array<[string | null, Kind]> = [[c.ogTitle, "og"], [c.twitterTitle, "twitter"], [c.jsonLdTitle, "json_ld"], [c.htmlTitle, "html_title"]];
  for (const [text, kind] of declared) {
    if (!text || (kind !== "html_title" && namesSite(text, c))) continue;
    add(text, kind, "as_written");
    const own = ownWords(text, c);
    add(own, kind, "trimmed");
    add(partNamedByHeading(own, c), kind, "trimmed");
    const lead = text.split(TITLE_SEPARATOR)[0];
    if (lead && lead !== text) add(lead, kind, "lead_part");
  }
  const rulesKey = rules === null ? null : tokens(rules).join(" ");
  // The rules trim an <h1> too: their answer is always a candidate.
  if (rulesKey && !entries.has(rulesKey)) entries.set(rulesKey, { text: rules!, key: rulesKey, kinds: new Set(), vias: new Set(["trimmed"]), el: null });
  const page = pageContext(c, headings, Array.from(entries.keys()));
  return Array.from(entries.values(), (e) => ({
    text: e.key === rulesKey && rules !== null ? rules : e.text,
    key: e.key,
    features: featuresOf(e, e.key === rulesKey, page, c),
  }));
}

interface PageContext {
  title: string[];
  titleSet: Set<string>;
  declared: Set<string>;
  firstHeading: Set<string>;
  slug: string[];
  reference: string | null;
  siteName: string | null;
  home: boolean;
  keys: string[];
  /** The latest year any candidate names: a page updated for 2025 keeps "2024" in a stale tag. */
  latestYear: number;
  meanWords: number;
}

const YEAR = /\b(?:19|20)\d\d\b/g;

function yearsOf(key: string): number[] {
  return (key.match(YEAR) ?? []).map(Number);
}

function pageContext(c: TitleCandidates, headings: string[], keys: string[]): PageContext {
  const title = tokens(c.htmlTitle ?? "");
  const reference = c.htmlTitle ?? c.declared;
  return {
    title,
    titleSet: new Set(title),
    declared: new Set(tokens(c.declared ?? "")),
    firstHeading: new Set(tokens(headings[0] ?? "")),
    slug: slugWords(c.url),
    reference: reference === null ? null : ownWords(reference, c),
    siteName: c.siteName === null ? null : tokens(c.siteName).join(" "),
    home: isHomePage(c.url),
    keys,
    latestYear: Math.max(0, ...keys.flatMap(yearsOf)),
    meanWords: keys.reduce((sum, k) => sum + k.split(" ").length, 0) / Math.max(1, keys.length),
  };
}

function featuresOf(e: Entry, rules: boolean, p: PageContext, c: TitleCandidates): number[] {
  const words = e.key.split(" ");
  const has = (k: Kind) => (e.kinds.has(k) ? 1 : 0);
  const h1 = has("h1_window") || has("h1_other");
  const decl = has("og") || has("twitter") || has("json_ld");
  const html = has("html_title");
  const kinds = h1 + decl + html;
  const articleish = c.articleish ? 1 : 0;
  const home = p.home ? 1 : 0;
  const own = new Set(words);
  const share = (set: Set<string>) => (set.size === 0 ? 0 : words.filter((w) => set.has(w)).length / words.length);
  const joined = p.title.join(" ");
  const letters = e.text.replace(/[^\p{L}]/gu, "");
  const years = yearsOf(e.key);
  return [
    has("h1_window"), has("h1_other"), has("og"), has("twitter"), has("json_ld"), html,
    e.vias.has("as_written") ? 1 : 0, e.vias.has("trimmed") ? 1 : 0, e.vias.has("lead_part") ? 1 : 0, kinds, rules ? 1 : 0,
    Math.log1p(words.length), words.length === 1 ? 1 : 0, words.length >= 2 && words.length <= 3 ? 1 : 0, words.length >= 15 ? 1 : 0,
    TITLE_SEPARATOR.test(e.text) ? 1 : 0, namesSite(e.text, c) ? 1 : 0, p.siteName !== null && e.key.includes(p.siteName) ? 1 : 0,
    share(p.titleSet), ` ${joined} `.includes(` ${e.key} `) ? 1 : 0, `${joined} `.startsWith(`${e.key} `) ? 1 : 0, ` ${joined}`.endsWith(` ${e.key}`) ? 1 : 0,
    share(p.declared), share(p.firstHeading),
    p.slug.length === 0 ? 0 : p.slug.filter((w) => own.has(w)).length / p.slug.length, share(new Set(p.slug)),
    e.el?.closest("main, article, [role=main]") ? 1 : 0, e.el?.closest("header, nav") ? 1 : 0,
    p.reference !== null && sharesWord(e.text, p.reference) ? 1 : 0,
    letters.length >= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() ? 1 : 0,
    e.text.includes("?") ? 1 : 0, GENERIC.test(e.text.trim()) ? 1 : 0,
    articleish * h1, articleish * decl, articleish * html,
    home * h1, home * decl, home * html,
    c.headingCount > 1 ? h1 : 0, c.declared === null ? h1 : 0, c.declared !== null && c.declared === c.htmlTitle ? h1 : 0, h1 * Math.log1p(c.headingCount),
    years.includes(p.latestYear) ? 1 : 0, years.some((y) => y < p.latestYear) ? 1 : 0, /(?:…|\.\.\.)\s*$/.test(e.text) ? 1 : 0,
    p.keys.some((k) => k !== e.key && ` ${k} `.includes(` ${e.key} `)) ? 1 : 0, p.keys.some((k) => k !== e.key && ` ${e.key} `.includes(` ${k} `)) ? 1 : 0,
    Math.log(words.length / p.meanWords), h1 * share(p.titleSet),
  ];
}

/** The words of the URL's last path segment ("/blog/why-caches-lie.html" -> why, caches, lie). */
function slugWords(url: string): string[] {
  try {
    const segments = new URL(url).pathname.split("/").filter(Boolean);
    const last = decodeURIComponent(segments[segments.length - 1] ?? "").replace(/\.[a-z0-9]{2,5}$/i, "");
    return tokens(last.replace(/[-_+]/g, " "));
  } catch {
    return [];
  }
}
