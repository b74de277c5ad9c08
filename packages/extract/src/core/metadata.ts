// Page metadata from JSON-LD, <meta>, <link> and a few DOM conventions, each with a stated source.
import { jsonLdNodes, stringField, typesOf } from "./json-ld.js";
import type { PublishedDate } from "./types.js";
import { cleanLine, cleanName, MAX_LANGUAGE_TAG_CHARS, MAX_NAME_CHARS } from "./text.js";
import { chooseTitle } from "./metadata/choose-title.js";
import type { TitleCandidates } from "./metadata/title-parts.js";
import { decodeLeftoverEntities } from "./metadata/entities.js";
import { findByline } from "./metadata/find-byline.js";
import { findMarkedDate, findOpeningDate } from "./metadata/marked-date.js";
import { isHomeLink, readTitleWindow, type TitleWindow } from "./title-window.js";
import { dateFromUrl, findVisibleDates } from "./visible-date.js";

export interface PageMetadata {
  /** The ranker's title (title-model.ts), or the hand rules' where it has no say. */
  title: string | null;
  /** The hand rules' title: the page-type classifier and the content selection were tuned on it. */
  rulesTitle: string | null;
  byline: string | null;
  published: PublishedDate | null;
  language: string | null;
  site_name: string | null;
  canonical_url: string | null;
  og_type: string | null;
  description: string | null;
  /** What the title was chosen from, to choose again once the page type is known (retitle). */
  titleCandidates: TitleCandidates;
}

const ARTICLE_TYPES = /Article|BlogPosting|Report|NewsArticle|Posting|WebPage|Recipe|HowTo|Review|Question|Product/;

export function readMetadata(doc: Document, url: string, jsonLd: unknown[]): PageMetadata {
  const nodes = jsonLdNodes(jsonLd);
  const meta = metaMap(doc);
  const main = nodes.find((n) => typesOf(n).some((t) => ARTICLE_TYPES.test(t) && t !== "WebPage")) ?? null;
  const window = readTitleWindow(doc.body);
  const ogTitle = cleanLine(meta.get("og:title"));
  const twitterTitle = cleanLine(meta.get("twitter:title"));
  const jsonLdTitle = main ? cleanLine(stringField(main, "headline") ?? stringField(main, "name")) : null;
  // Without an <h1>, the first <h2> is where a byline and date are printed (it is not the title, though).
  const near = window.headline ? window : readTitleWindow(doc.body, 300, 600, "h2");
  const byline = findByline(doc, nodes, meta, main, near);
  const published = findPublished(doc, url, nodes, meta, near);
  // WordPress tags every page og:type=article: an article also has a date or a byline. A page declaring one
  // product, recipe or question heads it with that thing's name.
  const namedThing = main !== null && typesOf(main).some((t) => /^(?:Product|Recipe|HowTo|Question|Review)$/.test(t));
  const articleish = namedThing || ((!!main || /article|blog/i.test(meta.get("og:type") ?? "")) && (published !== null || byline !== null));
  const siteName = cleanLine(meta.get("og:site_name")) ?? siteNameFromJsonLd(nodes) ?? cleanLine(meta.get("application-name"));
  const allHeadings = Array.from(doc.querySelectorAll("h1"));
  // A heading that only links to the home page is the site's logo (MyBB's forum), and one ending in a colon
  // right above another <h1> leads into it ("Erik Demaine's Folding and Unfolding:"): neither is the title.
  const notTitle = (h: Element): boolean => isHomeLink(h) || (/:\s*$/.test(h.textContent ?? "") && h.nextElementSibling?.localName === "h1");
  const headline = window.headline && !notTitle(window.headline) ? window.headline : null;
  const headings = allHeadings.filter((h) => h !== window.headline && !notTitle(h)).slice(0, 8);
  const titleCandidates: TitleCandidates = {
    headings: headline ? [headline, ...headings] : headings,
    windowHeadline: headline !== null,
    headingCount: allHeadings.length,
    declared: ogTitle ?? twitterTitle ?? jsonLdTitle,
    ogTitle,
    twitterTitle,
    jsonLdTitle,
    htmlTitle: cleanLine(doc.querySelector("title")?.textContent),
    siteName,
    articleish,
    url,
  };
  const { title, rulesTitle } = chooseTitle(titleCandidates);
  return {
    title,
    rulesTitle,
    byline,
    published,
    // Both come from tags the page controls: one longer than any real one is not kept.
    language: cleanName(findLanguage(doc, meta, nodes), MAX_LANGUAGE_TAG_CHARS),
    site_name: cleanName(siteName, MAX_NAME_CHARS),
    canonical_url: resolve(canonicalHref(doc), url) ?? cleanLine(meta.get("og:url")),
    og_type: cleanLine(meta.get("og:type"))?.toLowerCase() ?? null,
    description: cleanLine(meta.get("og:description")) ?? cleanLine(meta.get("description")),
    titleCandidates,
  };
}

function metaMap(doc: Document): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of Array.from(doc.querySelectorAll("meta"))) {
    const key = (m.getAttribute("property") ?? m.getAttribute("name") ?? m.getAttribute("itemprop") ?? m.getAttribute("http-equiv") ?? "").toLowerCase().trim();
    const content = m.getAttribute("content");
    if (!key || !content) continue;
    const known = out.get(key);
    const value = REPEATED_KEYS.has(key) ? givenNameFirst(decodeLeftoverEntities(content)) : decodeLeftoverEntities(content);
    if (known === undefined) out.set(key, value);
    else if (REPEATED_KEYS.has(key)) out.set(key, joinWhole(known, value));
  }
  return out;
}

// Scholarly pages (Highwire/Google Scholar tags) repeat citation_author once per author, in order.
const REPEATED_KEYS = new Set(["citation_author"]);

/** "Roy, Aniruddha" as "Aniruddha Roy", so that names joined with commas stay apart. */
function givenNameFirst(name: string): string {
  const m = /^([^,]+),\s*([^,]+)$/.exec(name.trim());
  return m ? `${m[2]!.trim()} ${m[1]!.trim()}` : name.trim();
}

/** `list, next`, unless that passes the longest byline kept: then the whole names so far. */
function joinWhole(list: string, next: string): string {
  const joined = `${list}, ${next}`;
  return next && joined.length <= MAX_NAME_CHARS ? joined : list;
}

const META_DATE_KEYS = [
  "article:published_time", "og:published_time", "datepublished", "publishdate", "publish-date", "pubdate",
  "parsely-pub-date", "sailthru.date", "dc.date.issued", "dc.date", "dcterms.created", "citation_publication_date",
  "date", "article.published", "published_time",
];

const META_MODIFIED_KEYS = ["article:modified_time", "og:updated_time", "datemodified", "last-modified", "updated", "dcterms.modified"];

/**
 * Publication date, in this order: JSON-LD, meta, <time>/itemprop, the URL, visible text near the title.
 * Pages print one date under the headline, and when that is the declared modification date printed bare
 * ("Dec 9, 2025"), that is the date the page stands by: the declared modified value is taken, from its
 * source. A date printed as a revision ("Updated Dec 9, 2025", "Last modified: ...") is not: the page
 * still states its publication date (in its metadata), and the revision date is only a last resort.
 * A visible date is read only in the window around the headline, so comment and related-story dates and
 * copyright years never count. Last resorts, when nothing else dates the page: the one date printed in
 * markup naming a date, or on a page without headings, the first date of its opening text.
 */
function findPublished(
  doc: Document,
  url: string,
  nodes: Array<Record<string, unknown>>,
  meta: Map<string, string>,
  window: TitleWindow,
): PublishedDate | null {
  const found = [...findVisibleDates(window.after), ...findVisibleDates(window.before).reverse()];
  const printed = found.filter((d) => !d.revision);
  const visible = printed.map((d) => d.value);
  const declared = declaredDate(doc, nodes, meta);
  if (declared) {
    const day = declared.value.slice(0, 10);
    // The declared moment printed in the site's time zone may fall on the day before or after ("2021-12-10T02:17Z"
    // shown as Dec 9), and "09.10.2024" may be month first: both print the declared date.
    const printsDeclared = printed.some((d) => d.value === day || d.alternate === day || inSomeTimeZone(declared.value, d.value));
    const modified = declaredModified(nodes, meta);
    const shown = visible[0];
    if (shown && modified && shown !== day && !printsDeclared && shown === modified.value.slice(0, 10)) return modified;
    if (shown && !printsDeclared && isNear(shown, declared.value)) return { value: shown, source: "text" };
    return declared;
  }
  const time = doc.querySelector("article time[datetime], main time[datetime], time[pubdate], time[datetime]");
  const fromTime = toIsoDate(time?.getAttribute("datetime") ?? null);
  if (fromTime && (visible.length === 0 || visible.includes(fromTime.slice(0, 10)))) return { value: fromTime, source: "time" };
  const fromUrl = dateFromUrl(url);
  if (fromUrl) return { value: fromUrl, source: "url" };
  if (visible[0]) return { value: visible[0], source: "text" };
  if (fromTime) return { value: fromTime, source: "time" };
  const revised = found[0]?.value ?? findMarkedDate(doc) ?? (window.headline ? null : findOpeningDate(doc));
  return declaredModified(nodes, meta) ?? (revised ? { value: revised, source: "text" } : null);
}

const HOUR = 3_600_000;

/** True when the instant `iso` falls on calendar day `day` in some time zone (UTC-12 to UTC+14). */
function inSomeTimeZone(iso: string, day: string): boolean {
  if (!iso.includes("T")) return false;
  const instant = Date.parse(iso);
  const start = Date.parse(day);
  return instant >= start - 14 * HOUR && instant < start + 36 * HOUR;
}

/** Within a year: a visible date far from the declared one is more likely another story's. */
function isNear(day: string, iso: string): boolean {
  return Math.abs(Date.parse(day) - Date.parse(iso.slice(0, 10))) <= 366 * 86_400_000;
}

function declaredDate(doc: Document, nodes: Array<Record<string, unknown>>, meta: Map<string, string>): PublishedDate | null {
  // dateCreated is the publication date of a question or forum post (schema.org QAPage, DiscussionForumPosting).
  for (const field of ["datePublished", "dateCreated"]) {
    for (const node of nodes) {
      const v = toIsoDate(typeof node[field] === "string" ? (node[field] as string) : null);
      if (v) return { value: v, source: "json-ld" };
    }
  }
  for (const key of META_DATE_KEYS) {
    const v = toIsoDate(meta.get(key) ?? null);
    if (v) return { value: v, source: "meta" };
  }
  // Any other meta naming a publication date ("published", "w-published-date", a namespace's "ms.date"),
  // never a publisher.
  for (const [key, value] of meta) {
    if (!/publish(?!er)|pubdate|^[a-z]+\.date$/.test(key) || META_DATE_KEYS.includes(key)) continue;
    const v = toIsoDate(value);
    if (v) return { value: v, source: "meta" };
  }
  const itemprop = doc.querySelector('[itemprop="datePublished"]');
  if (itemprop) {
    const v = toIsoDate(itemprop.getAttribute("content") ?? itemprop.getAttribute("datetime") ?? itemprop.textContent);
    if (v) return { value: v, source: "meta" };
  }
  return null;
}

function declaredModified(nodes: Array<Record<string, unknown>>, meta: Map<string, string>): PublishedDate | null {
  for (const node of nodes) {
    const v = toIsoDate(typeof node["dateModified"] === "string" ? (node["dateModified"] as string) : null);
    if (v) return { value: v, source: "json-ld" };
  }
  for (const key of META_MODIFIED_KEYS) {
    const v = toIsoDate(meta.get(key) ?? null);
    if (v) return { value: v, source: "meta" };
  }
  return null;
}

/** ISO 8601: a bare date stays a date; anything Date can read becomes a UTC timestamp. */
export function toIsoDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(s)) return s;
  const t = Date.parse(s);
  if (Number.isNaN(t)) return null;
  const year = new Date(t).getUTCFullYear();
  if (year < 1990 || year > 2100) return null;
  return new Date(t).toISOString();
}

function findLanguage(doc: Document, meta: Map<string, string>, nodes: Array<Record<string, unknown>>): string | null {
  const raw =
    doc.documentElement?.getAttribute("lang") ??
    doc.documentElement?.getAttribute("xml:lang") ??
    meta.get("content-language") ??
    meta.get("og:locale") ??
    nodes.map((n) => (typeof n["inLanguage"] === "string" ? (n["inLanguage"] as string) : null)).find(Boolean) ??
    null;
  const lang = cleanLine(raw)?.replace(/_/g, "-");
  return lang && /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(lang) ? lang : null;
}

function siteNameFromJsonLd(nodes: Array<Record<string, unknown>>): string | null {
  const site = nodes.find((n) => typesOf(n).includes("WebSite"));
  if (site) {
    const name = stringField(site, "name");
    if (name) return cleanLine(name);
  }
  for (const n of nodes) {
    const publisher = n["publisher"];
    if (publisher && typeof publisher === "object" && !Array.isArray(publisher)) {
      const name = (publisher as Record<string, unknown>)["name"];
      if (typeof name === "string") return cleanLine(name);
    }
  }
  return null;
}

function resolve(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

function canonicalHref(doc: Document): string | null {
  for (const link of Array.from(doc.querySelectorAll("link"))) {
    if (/(?:^|\s)canonical(?:\s|$)/i.test(link.getAttribute("rel") ?? "")) return link.getAttribute("href");
  }
  return null;
}
