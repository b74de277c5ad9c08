// The page's byline: JSON-LD author (following @id references), author metas, then byline markup.
import { stringField, typesOf } from "../json-ld.js";
import { cleanLine, lowerWords } from "../text.js";
import type { TitleWindow } from "../title-window.js";
import { findVisibleDates } from "../visible-date.js";
import { decodeLeftoverEntities } from "./entities.js";

type JsonLdNode = Record<string, unknown>;

interface BylineCandidate {
  name: string;
  /** The publisher speaking, not a person: typed Organization, the publisher's own name, or a login name. */
  institutional: boolean;
}

/**
 * The first person named, in the order JSON-LD, metas, markup. A publisher named as author (a JSON-LD
 * Organization, the JSON-LD publisher's name) is taken only when no person is named anywhere: CMSs fill the author
 * field with the house name while the page prints the writer's byline.
 */
export function findByline(
  doc: Document,
  nodes: JsonLdNode[],
  meta: Map<string, string>,
  main: JsonLdNode | null,
  window: TitleWindow,
): string | null {
  // Not og:site_name: on a personal blog the site's name is the writer's.
  const houseNames = nodes.map((n) => (n["publisher"] ? stringField(n, "publisher") : null)).filter(
    (x): x is string => typeof x === "string" && x.trim().length > 0,
  );
  const isHouse = (name: string) => houseNames.some((h) => sameWords(name, h));
  const candidates: BylineCandidate[] = [];
  const add = (raw: string | null | undefined, organization = false): void => {
    const name = cleanByline(raw, houseNames);
    if (name) candidates.push({ name, institutional: organization || isHouse(name) || looksLikeLogin(name) });
  };
  const authored = main ? [main, ...nodes.filter((n) => n !== main && n["author"])] : nodes.filter((n) => n["author"]);
  for (const node of authored) {
    const author = authorFromJsonLd(node, nodes);
    if (author) add(author.name, author.organization);
  }
  // citation_author first: a paper's full author list (metaMap joins the repeated tags), where author and
  // dc.creator often name only the first.
  add(meta.get("citation_author") ?? meta.get("citation_authors")?.replace(/\s*;\s*/g, ", "));
  for (const key of ["author", "article:author", "parsely-author", "dc.creator", "sailthru.author"]) add(meta.get(key));
  if (/^(?:written by|author)$/i.test(meta.get("twitter:label1") ?? "")) add(meta.get("twitter:data1"));
  // Markup is read only when the declared sources name no person: it is the least certain source.
  if (!candidates.some((c) => !c.institutional)) add(bylineFromMarkup(doc, window));
  return (candidates.find((c) => !c.institutional) ?? candidates[0])?.name ?? null;
}

function authorFromJsonLd(node: JsonLdNode, nodes: JsonLdNode[]): { name: string; organization: boolean } | null {
  const author = node["author"] ?? node["creator"];
  const list = Array.isArray(author) ? author : author ? [author] : [];
  let organization = list.length > 0;
  const names = list
    .map((a): string | null => {
      if (typeof a === "string") {
        organization = false;
        return a;
      }
      if (!a || typeof a !== "object") return null;
      let obj = a as JsonLdNode;
      const id = obj["@id"];
      if (typeof obj["name"] !== "string" && typeof id === "string") obj = nodes.find((n) => n["@id"] === id && typeof n["name"] === "string") ?? obj;
      if (!typesOf(obj).includes("Organization")) organization = false;
      return typeof obj["name"] === "string" ? obj["name"] : null;
    })
    .filter((x): x is string => typeof x === "string" && x.trim().length > 0);
  return names.length > 0 ? { name: names.join(", "), organization } : null;
}

const BYLINE_CLASS =
  /(?:^|[\s_-])(?:byline|author|authors|author-name|author__name|post-author|entry-author|writer|contributor)(?:$|[\s_-])|author_?name/i;
const NAME_INSIDE = '[class*="name" i], a[href*="/author"], a[href*="/authors/"], a[href*="/people/"], a[href*="/profile"]';
// Regions whose author names are not the page's: comments, testimonials, related stories.
const NOT_THE_PAGE = "[class*=comment i], [id*=comment i], [class*=testimonial i], [class*=related i], aside, footer, nav";
// The name's words stay on one line of the title window (a block's edge ends the name); the label may be on
// the line before ("Written by" over "Edzel Tabing").
const BY_NAME = /(?:^|\s)(?:[Bb]y|[Ww]ritten [Bb]y|[Pp]osted [Bb]y):?(?:\s+|(?=\p{Lu}))([\p{Lu}][\p{L}.'-]+(?:[^\S\n]+[\p{Lu}][\p{L}.'-]+){0,3}(?:[^\S\n]*(?:,|and|&)[^\S\n]*[\p{Lu}][\p{L}.'-]+(?:[^\S\n]+[\p{Lu}][\p{L}.'-]+){0,3})*)/u;

/**
 * Byline markup: rel/itemprop author, then an author/byline class after the headline, then "By Name" printed
 * next to the headline, then an author/byline class anywhere outside comments, testimonials and related
 * stories (themes often print the byline above the headline or in an author box below the story).
 */
function bylineFromMarkup(doc: Document, window: TitleWindow): string | null {
  const marked = doc.querySelector('[itemprop="author"] [itemprop="name"], a[rel="author"], [rel="author"]');
  if (marked && !marked.closest("[class*=comment i], [id*=comment i]")) {
    const text = cleanLine(marked.getAttribute("content") ?? marked.textContent);
    if (text) return text;
  }
  for (const el of window.elementsAfter) {
    const text = bylineElementText(el);
    if (text) return text;
  }
  // Cut at a line's end: a name cut short by the window is another name ("Dar" for "Daryl Austin").
  const by = nameAfterBy(linePrefix(window.after, 300)) ?? nameAfterBy(window.before.slice(-200));
  if (by) return by;
  const beside = nameBesideDate(window);
  // Not a section or site name the <title> or og:site_name spells ("... | Cultivating Health | UC Davis Health"),
  // nor the headline itself (a product's name printed again beside a date: "Visual Studio Community").
  if (beside && !namesSiteOrSection(beside, doc) && !sameWords(window.headline?.textContent ?? "", beside)) return beside;
  for (const el of Array.from(doc.querySelectorAll('[class*="author" i], [class*="byline" i]')).slice(0, 50)) {
    if (el.closest(NOT_THE_PAGE)) continue;
    const text = bylineElementText(el);
    if (text) return text;
  }
  return null;
}

// One shared global copy (see visible-date.ts: a fresh copy of this Unicode pattern costs ~0.8 ms to compile
// whenever V8's regexp cache has been emptied).
const BY_NAME_ALL = new RegExp(BY_NAME.source, "gu");

// "Sort by Price", "Filter by Topic", "Shop by Category": a control's label, not a byline.
const CONTROL_BEFORE_BY = /\b(?:sort|sorted|filter|filtered|shop|browse|search|order|group|grouped|refine|narrow|view|organi[sz]ed)\s*$/i;

/** The first name printed after "By", "Written by" or "Posted by" that is not a control's label. */
function nameAfterBy(text: string): string | null {
  BY_NAME_ALL.lastIndex = 0;
  for (let m = BY_NAME_ALL.exec(text); m; m = BY_NAME_ALL.exec(text)) {
    if (CONTROL_BEFORE_BY.test(text.slice(Math.max(0, m.index - 16), m.index + 1)) || !m[1]) continue;
    // "By Sofia Gonzalez December 2, 2025": the month begins the date printed after the name.
    const dateFollows = /^[^\S\n]*\d/.test(text.slice(m.index + m[0].length));
    return dateFollows ? m[1].replace(MONTH_AT_END, "") : m[1];
  }
  return null;
}

const MONTH_AT_END = /[^\S\n]+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;

// A person's name as a byline line prints it: two to four capitalised words or initials ("Julian K. Arni",
// "Marna van der Merwe"), nothing else.
const PERSON_NAME = /^(?:\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.|van|von|de|der|den|da|di|du|la|le|bin|al|el))*\s+\p{Lu}[\p{Ll}'’-]+$/u;
// A reading-time line printed with a byline ("9 min read").
const READ_TIME = /\b\d+\s*(?:min(?:ute)?s?)\.?\s+read\b|\bread(?:ing)? time\b/i;
// Words that begin interface lines, not names ("Free Trial", "Get Started", "Read More", "Skip To Content").
const NOT_NAME_START = /^(?:free|get|read|skip|log|sign|back|view|see|more|next|previous|related|share|follow|subscribe|contact|home|about|our|the|your|my|all|new|latest|top|best|table|updated|published|posted|last|by|in|on|and|or|for|with|from|to|of)\b/i;

/**
 * A name printed on a line of its own beside the story's date or reading time, just after the headline or just
 * before it, as bylines without a "By" are ("Trevor Jackins" · "9 min read"; "Dec 17, 2025" · "Julian K. Arni";
 * "Aaron Ricadela | Senior Writer | July 2, 2025"). The line's first part is the name; a section after " in "
 * goes ("John Crenshaw in seo").
 */
function nameBesideDate(window: TitleWindow): string | null {
  // A one- or two-word headline ("News", "Blog") heads a list: the names beside its dates are its teasers'.
  if (lowerWords(window.headline?.textContent ?? "").length < 3) return null;
  const after = window.after.split("\n").slice(0, 4);
  const before = window.before.split("\n").slice(-3);
  for (const lines of [after, before]) {
    for (let i = 0; i < lines.length; i++) {
      const parts = lines[i]!.split(/\s+[|·•–—]\s+|\s*[|·•]\s*/).map((p) => p.trim()).filter(Boolean);
      const dated = (k: number) => k >= 0 && k < lines.length && (findVisibleDates(lines[k]!).length > 0 || READ_TIME.test(lines[k]!));
      for (let j = 0; j < parts.length; j++) {
        const part = parts[j]!;
        // "Dec 17, 2025 Julian K. Arni": a date printed before the name on its line dates it.
        const undated = part.replace(LEADING_DATE, "");
        const name = undated.replace(/\s+in\s+\S+$/, "").trim();
        if (!PERSON_NAME.test(name) || NOT_NAME_START.test(name) || name.split(/\s+/).length > 4) continue;
        const rest = parts.filter((_, k) => k !== j).join(" ");
        if (undated !== part || findVisibleDates(rest).length > 0 || READ_TIME.test(rest) || dated(i - 1) || dated(i + 1)) return name;
      }
    }
  }
  return null;
}

function namesSiteOrSection(name: string, doc: Document): boolean {
  const title = doc.querySelector("title")?.textContent ?? "";
  const parts = title.split(/\s+[|·•–—-]\s+/).slice(1);
  const site = doc.querySelector('meta[property="og:site_name"]')?.getAttribute("content") ?? "";
  return [...parts, site].some((part) => sameWords(part, name));
}

/** The text's first `chars` characters and the rest of the line they end in (up to 100 more). */
function linePrefix(text: string, chars: number): string {
  const rest = text.slice(chars, chars + 100).indexOf("\n");
  return text.slice(0, chars + (rest === -1 ? 100 : rest));
}

function bylineElementText(el: Element): string | null {
  const cls = `${el.getAttribute("class") ?? ""} ${el.getAttribute("itemprop") ?? ""}`;
  if (!BYLINE_CLASS.test(cls)) return null;
  const named = el.querySelector(NAME_INSIDE);
  const text = cleanLine(named?.textContent) ?? firstNameText(el);
  return text && text.length <= 80 ? text : null;
}

/**
 * The first text piece of a byline block that is not a label: a block holds the name beside the writer's
 * role and the date in elements of their own ("By" · "Keith Barry" · "Senior Reporter"), which textContent
 * would glue into one line.
 */
function firstNameText(el: Element): string | null {
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(el, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = cleanLine(node.nodeValue);
    if (!text || BYLINE_LABEL.test(text)) continue;
    return text;
  }
  return null;
}

const BYLINE_LABEL = /^(?:by|written by|posted by|authored by|author|authors|the author|text by|words by)\s*:?$/i;

const NOT_A_NAME = /^(?:by|admin|administrator|staff|editor|author|guest|unknown|null|undefined|the author|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)$/i;

const BYLINE_STOP = new RegExp(
  "\\s*(?:\\s[-–—|•·]\\s|[|•·]|\\b(?:last updated|updated|published|posted|reviewed|on)\\b|" +
    "\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d|\\d{1,4}[-/.]\\d).*$",
  "i",
);

// A date or count glued to a name by textContent ("Ann LeeDec 18, 2025", "Ann Lee30"), in a multi-word name.
const GLUED_DATE = /(?<=\p{Ll})(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s*\d{1,2}(?:st|nd|rd|th)?,?\s*\d{4}.*$|(?<=\s\S*\p{Ll})\d.*$/u;

// A month cut off from its day by the window's end ("Ann Lee, Dec").
const TRAILING_MONTH = /,\s+(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?$/;

// The label before a name: "By", "Written by:", "Authors:", "View all posts by". Whole words only, so "Authored
// by" is not read as "Author" + "ed by".
const LEADING_LABEL = /^(?:(?:view|see|more) (?:all )?(?:posts|articles|stories) by|by|written by|posted by|authored by|authors?)\b\s*:?\s*/i;
// "BySam Roe": the label glued to a capitalised name, tried only when no spaced label was cut ("BY BYRON YORK"
// keeps "BYRON"). Case-sensitive: \p{Lu} under the i flag matches any letter.
const GLUED_LABEL = /^(?:By|BY|Written by|Posted by)(?=\p{Lu}\p{Ll})/u;
// A date printed before the name ("Dec. 19, 2025 · Niko Matsakis", "Dec 17, 2025Julian K. Arni").
const MONTH_NAME = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const LEADING_DATE = new RegExp(
  `^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?(?:${MONTH_NAME}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+${MONTH_NAME},?\\s+\\d{4})(?![\\d:])\\s*[·•|–—-]?\\s*`,
  "i",
);

function withoutLabel(line: string): string {
  const cut = line.replace(LEADING_LABEL, "");
  return cut !== line ? cut : line.replace(GLUED_LABEL, "");
}

/** "By Ann Lee · June 12" -> "Ann Lee"; a trailing ", The Daily Paper" naming the house is cut too. */
function cleanByline(raw: string | null | undefined, houseNames: string[] = []): string | null {
  const line = cleanLine(raw);
  if (!line || /^https?:/.test(line) || line.length > 200) return null;
  let s = withoutLabel(decodeLeftoverEntities(line).replace(LEADING_DATE, ""))
    .replace(BYLINE_STOP, "")
    .replace(GLUED_DATE, "")
    .replace(/[\s,|-]+$/, "")
    .trim();
  for (const house of houseNames) {
    const cut: string = s.replace(/\s*,\s*([^,]+)$/, (whole, tail: string) => (sameWords(tail, house) ? "" : whole));
    if (cut && cut !== s) s = cut;
  }
  s = s.replace(TRAILING_MONTH, "").replace(/^(?:&|and)\s+/i, "");
  // A date, a time or a navigation label is not a name ("Sat, 20 Dec, 2025", "11:23 am", "View more posts").
  if (/\b(?:19|20)\d{2}\b/.test(s) || /^\d{1,2}:\d{2}\b/.test(s) || /^(?:view|read|see|more|show)\b/i.test(s)) return null;
  const twice = /^(.+?) \1$/.exec(s);
  if (twice) s = twice[1]!;
  if (!s || NOT_A_NAME.test(s) || !/\p{L}/u.test(s) || /^[,|@]/.test(s)) return null;
  return s;
}

// Interface words Readability's byline guess picks up from a header ("Sign In", "Share", "Menu").
const INTERFACE_WORDS = /^(?:sign in|sign up|log in|login|subscribe|share|menu|search|home|contact|follow)\b/i;

/**
 * Readability's byline, the last resort when the page declares none and its markup names none: a guess from
 * class names, so it is held to the same clean-up and must read as a name (a letter first, no digits, a few
 * words). On the WCXB dev split it filled 21 bylines before this check, 3 of them right; the rest were dates,
 * section names, "Sign In" and a template's placeholder.
 */
export function cleanReadabilityByline(raw: string | null | undefined): string | null {
  const name = cleanByline(raw);
  if (!name || !/^\p{L}/u.test(name) || /\d/.test(name) || /[.]\p{L}{2,}\./u.test(name)) return null;
  if (name.split(/\s+/).length > 6 || INTERFACE_WORDS.test(name)) return null;
  return name;
}

/** A login name ("andrew.keaveney", "j_doe"), which a CMS fills in when the writer set no display name. */
function looksLikeLogin(name: string): boolean {
  return /^[a-z0-9]+(?:[._][a-z0-9]+)+$/.test(name);
}

function sameWords(a: string, b: string): boolean {
  const words = (s: string) => lowerWords(s).join(" ");
  const x = words(a);
  return x.length > 0 && x === words(b);
}
