// How a title is compared and cut: the site-name and host parts a title carries, the words two titles share,
// an <h1>'s text. Shared by the hand rules (choose-title.ts) and the ranker's features (title-features.ts).
import { cleanLine, lowerWords as tokens } from "../text.js";

export interface TitleCandidates {
  /** <h1> elements in order, the title window's headline first. */
  headings: Element[];
  /** Whether headings[0] is the title window's headline (the first <h1> outside menus, asides, comments). */
  windowHeadline: boolean;
  /** How many <h1>s the page has (headings keeps the first nine). */
  headingCount: number;
  /** The first declared title of og:title, twitter:title and the JSON-LD headline. */
  declared: string | null;
  /** Each declared title, for the ranker (title-features.ts). */
  ogTitle: string | null;
  twitterTitle: string | null;
  jsonLdTitle: string | null;
  htmlTitle: string | null;
  siteName: string | null;
  /** Declared an article (or a named product, recipe, question) by JSON-LD or og:type. */
  articleish: boolean;
  /** The page's URL: a leading or trailing title part that spells its host is the site's name. */
  url: string;
}

/**
 * "Using the Fetch API - Web APIs | MDN" under an <h1> "Using the Fetch API": the heading marks where the
 * page's own words end, and the section and site after them go. Only leading parts: an <h1> that spells the
 * trailing ones is the site's logo or a book's name ("... - The Rust Programming Language").
 */
export function partNamedByHeading(title: string, c: TitleCandidates): string | null {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2 || isHomePage(c.url)) return null;
  // A logo <h1> that names the site never ends the title ("Acme | Industrial Widgets" under "Acme").
  const texts = c.headings.map(headingText).filter((t): t is string => t !== null && plausibleHeading(t) && !namesSite(t, c));
  return leadPartNamed(title, texts);
}

/** The shortest run of a title's leading parts (up to a separator, never the whole title) that reads as one of `names`. */
export function leadPartNamed(title: string, names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const parts = title.split(TITLE_SEPARATOR);
  let end = 0;
  for (const part of parts.slice(0, -1)) {
    end = title.indexOf(part, end) + part.length;
    const lead = title.slice(0, end);
    if (names.some((name) => sameWords(name, lead))) return lead;
  }
  return null;
}

// Host labels that name a part of a site, not the site ("blog.rust-lang.org", "forums.raspberrypi.com").
const SECTION_HOST_LABELS = new Set(["www", "blog", "blogs", "forum", "forums", "news", "docs", "doc", "shop", "store", "en", "app", "home", "help", "support", "community", "learn", "pages", "developer", "developers", "info", "go"]);
// Words a site adds to its name in a title: "Raspberry Pi Forums", "Bogleheads.org", "EcoFlow ZA", "Deloitte US".
const SITE_NAME_EXTRAS = new Set(["org", "com", "net", "io", "co", "uk", "us", "za", "ca", "au", "de", "inc", "llc", "ltd", "official", "site", "forum", "forums", "blog", "documentation", "docs", "hq", "online"]);

/**
 * "10 Easy Steps for a Great Interior Design | Tarkett" on home.tarkett.co.uk, "Frommers | The 10 Best ..." on
 * frommers.com: a first or last title part that spells the host's name is the site's, and goes. A last part
 * may also be one or two words of which one is a host label ("Microsoft Azure" on azure.microsoft.com); a
 * first part must spell it whole, as products and newsletters begin with their brand ("Ridge Wallet - Royal
 * Black" on ridge.com). A home page keeps its title: its label keeps the brand as often as it drops it
 * ("Hugging Face – The AI community building the future."). On WCXB dev: exact titles 73.1% -> 77.5%, and
 * under the report's rule (a site part may remain) one page lost, one won.
 */
function withoutHostPart(title: string, url: string): string {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2) return title;
  const labels = hostLabels(url);
  if (labels.length === 0) return title;
  const last = parts[parts.length - 1]!;
  if (spellsHost(last, labels, true)) {
    const cut = title.slice(0, title.lastIndexOf(last)).replace(TRAILING_SEPARATOR, "");
    if (tokens(cut).length >= 2) return cut;
  }
  const first = parts[0]!;
  if (spellsHost(first, labels, false)) {
    const cut = title.slice(first.length).replace(/^\s*(?:[|\-–—•·:/]|::)\s*/, "");
    if (tokens(cut).length >= 2) return cut;
  }
  return title;
}

/** The labels of the URL's host that may name the site (none for a home page: see withoutHostPart). */
function hostLabels(url: string): string[] {
  if (isHomePage(url)) return [];
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return [];
  }
  if (/^[\d.]+$|:/.test(hostname)) return [];
  const parts = hostname.split(".").filter((label) => label !== "");
  if (parts.length < 2) return [];
  const suffix = publicSuffixLength(parts);
  const named = parts.slice(0, parts.length - suffix);
  // The labels one by one, and the registrable domain whole ("getlocal.agency" is "Get Local Agency").
  const labels = [...named, parts.slice(Math.max(0, named.length - 1)).join("")];
  return labels.map((label) => label.replace(/[^a-z0-9]/g, "")).filter((label) => label.length >= 3 && !SECTION_HOST_LABELS.has(label));
}

// Second-level labels under which country domains register names ("bbc.co.uk", "abc.net.au", "x.com.br").
const COUNTRY_SECOND_LEVELS = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go", "gob", "nic", "ltd", "plc"]);

/**
 * How many trailing labels are the public suffix: "uk" and "co" of "bbc.co.uk", "com" of "acme.com". The
 * whole Public Suffix List (tldts) took 30-60 ms to load in each extract worker, more than this matching is
 * worth: a wrong guess only decides whether a title part spelling a suffix label ("github" of
 * "user.github.io") may count as the site's name.
 */
function publicSuffixLength(parts: string[]): number {
  const last = parts[parts.length - 1]!;
  const second = parts[parts.length - 2]!;
  return parts.length >= 3 && last.length === 2 && COUNTRY_SECOND_LEVELS.has(second) ? 2 : 1;
}

/** A site's front page (or a URL that does not parse): its title is the brand's own, and the rules above keep it. */
export function isHomePage(url: string): boolean {
  try {
    const { pathname } = new URL(url);
    return pathname === "/" || pathname === "";
  } catch {
    return true;
  }
}

/**
 * Whether a title part spells a host label, once the words sites add to their names are left out. Loosely
 * (a last part), also a label's core ("DianaHR" on getdianahr.com) or a label among two words.
 */
function spellsHost(part: string, labels: string[], loose: boolean): boolean {
  const words = tokens(part.replace(/['’]s\b/g, "")).filter((w) => !SITE_NAME_EXTRAS.has(w) && !/^\d+$/.test(w));
  if (words.length === 0) return false;
  const joined = words.join("");
  if (labels.includes(joined)) return true;
  if (!loose) return false;
  return (joined.length >= 5 && labels.some((label) => label.includes(joined))) || (words.length <= 2 && words.some((w) => w.length >= 4 && labels.includes(w)));
}

/** "Skin Care and Repair | Harvard Medical School ..." -> "Skin Care and Repair", when the rest names the site. */
function withoutSiteSuffix(title: string, siteName: string): string {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2 || !sameWords(parts[parts.length - 1]!, siteName)) return title;
  const cut = title.slice(0, title.lastIndexOf(parts[parts.length - 1]!)).replace(TRAILING_SEPARATOR, "");
  // One word left is a section name ("Home - Acme Collective"), not a title.
  return tokens(cut).length >= 2 ? cut : title;
}

/** A title without its site-name part (withoutSiteSuffix, withoutHostPart). */
export function ownWords(title: string, c: TitleCandidates): string {
  return withoutHostPart(c.siteName ? withoutSiteSuffix(title, c.siteName) : title, c.url);
}

/** Heading text with line breaks and block children read as spaces ("Data<br>Agency" is two words). */
export function headingText(el: Element): string | null {
  let out = "";
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      out += node.nodeValue ?? "";
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).localName;
    // A button inside a heading is a control's label ("Copy item path" in rustdoc's <h1>), not the title's words.
    if (tag === "script" || tag === "style" || tag === "template" || tag === "button") return;
    const spaced = tag === "br" || BLOCK_TAGS.has(tag);
    if (spaced) out += " ";
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    if (spaced) out += " ";
  };
  visit(el);
  return cleanLine(out.replace(/\s*[¶#]\s*$/, ""));
}

const BLOCK_TAGS = new Set(["div", "p", "li", "small", "h1", "h2", "h3", "h4", "h5", "h6", "section", "header"]);

export function plausibleHeading(h: string): boolean {
  return h.length >= 2 && h.length <= 300 && tokens(h).length <= 40 && /\p{L}/u.test(h);
}

// The separators sites put between a page's title and their own name.
export const TITLE_SEPARATOR = /\s+(?:[|\-–—•·:/]|::)\s+/;
// A separator left at the end once the part after it is cut.
const TRAILING_SEPARATOR = /\s*(?:[|\-–—•·:/]|::)\s*$/;

// A heading that is a domain name ("davidbau.com", "Bogleheads.org") is the site's logo.
const DOMAIN_NAME = /^[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|edu|gov|info|app|blog|co|co\.uk)$/i;

/** The site's name: its domain, og:site_name, or the start of the last part of a <title> that is longer than the text. */
export function namesSite(text: string, c: TitleCandidates): boolean {
  if (c.siteName && sameWords(text, c.siteName)) return true;
  if (DOMAIN_NAME.test(text)) return true;
  if (!c.htmlTitle || sameWords(text, c.htmlTitle)) return false;
  const parts = c.htmlTitle.split(TITLE_SEPARATOR);
  if (parts.length < 2) return false;
  if (sameWords(text, parts[parts.length - 1]!)) return true;
  // The logo's words begin the site part: "Arch Linux" for "... / Arch Linux Forums".
  const site = tokens(parts[parts.length - 1]!);
  const words = tokens(text);
  return words.length > 0 && words.length < site.length && words.join(" ") === site.slice(0, words.length).join(" ");
}

const STOP_WORDS = new Set(["the", "and", "for", "with", "your", "our", "how", "what", "you", "are", "from", "this", "that"]);

/** A content word (3+ letters, not a stop word) in common, compared on its first five letters. */
export function sharesWord(a: string, b: string): boolean {
  const stems = (s: string) => tokens(s).filter((w) => w.length > 2 && !STOP_WORDS.has(w)).map((w) => w.slice(0, 5));
  const other = new Set(stems(b));
  return stems(a).some((w) => other.has(w));
}


/** Equal word for word, "&" read as "and" ("Nuts & Volts" names "Nuts and Volts"). */
function sameWords(a: string, b: string): boolean {
  const words = (s: string) => tokens(s.replace(/&/g, " and "));
  const x = words(a);
  return x.length > 0 && x.join(" ") === words(b).join(" ");
}
