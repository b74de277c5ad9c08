// A date printed in markup that names it ("post-date", "published-date", "dateline", "story__date"), read
// anywhere on the page outside comments, related stories, teaser cards, sidebars, navigation and the site's
// footer. Themes print the date above the headline, in an author box or far below the story, out of the
// title window's reach.
import { findVisibleDates } from "../visible-date.js";

const DATE_MARKUP = '[class*="date" i], [id*="date" i], [class*="published" i], [class*="publication" i]';
// "updated" (hAtom's modified date) and "validate" hold the letters but not the word.
const DATE_WORD = /(?:^|[\s_-])(?:pub[_-]?)?dates?(?:$|[\s_-])|dateline|published|publication[_-]?(?:date|time)/i;
const NOT_THE_PAGE =
  "[class*=comment i], [id*=comment i], [class*=related i], [class*=card i], [class*=teaser i], [class*=widget i], nav, form";
// A sidebar, unless the element so named holds the headline: themes put layout words on the story's own
// wrapper ("sno-story-page sno-story-sidebar-mode"), as title-window.ts found for <body>.
const SIDEBAR = "[class*=sidebar i]";

/**
 * The date such markup prints, when it prints one: a page of teaser cards prints several dates (other
 * stories', reviews'), and then none is the page's. A date printed as a revision counts only when no other is.
 */
export function findMarkedDate(doc: Document): string | null {
  const dates = new Set<string>();
  const revised = new Set<string>();
  for (const el of Array.from(doc.querySelectorAll(DATE_MARKUP)).slice(0, 60)) {
    if (!DATE_WORD.test(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`) || outsideThePage(el, doc)) continue;
    const sidebar = el.closest(SIDEBAR);
    if (sidebar && !sidebar.querySelector("h1")) continue;
    // A <footer> or <aside> inside the story is its own (an author box); the page's are not.
    const region = el.closest("footer, aside");
    if (region && !region.closest("article, main")) continue;
    for (const d of findVisibleDates(spacedText(el).slice(0, 200))) (d.revision ? revised : dates).add(d.value);
  }
  const pick = dates.size > 0 ? dates : revised;
  return pick.size === 1 ? [...pick][0]! : null;
}

/**
 * Inside comments, related stories, cards, widgets, navigation or a form. <body> and <html> do not count:
 * WordPress themes put every layout word on them ("fusion-woo-related-columns-4", "widgets-enabled").
 */
function outsideThePage(el: Element, doc: Document): boolean {
  for (let e: Element | null = el; e && e !== doc.body && e !== doc.documentElement; e = e.parentElement) {
    if (e.matches(NOT_THE_PAGE)) return true;
  }
  return false;
}

/**
 * On a page without any <h1> or <h2> (an old forum's thread, a bare news page), the first date of its opening
 * text: nothing else anchors the story, and it opens with its first post or dateline.
 */
export function findOpeningDate(doc: Document): string | null {
  if (!doc.body) return null;
  return findVisibleDates(spacedText(doc.body).slice(0, 1000)).find((d) => !d.revision)?.value ?? null;
}

const UNREAD = new Set(["script", "style", "noscript", "template"]);

/** Text with a space between elements ("April 13, 2023</span><span>Tags" is not "2023Tags"). */
function spacedText(el: Element): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? "");
    else if (node.nodeType === 1 && !UNREAD.has((node as Element).localName)) {
      for (let c = node.firstChild; c; c = c.nextSibling) walk(c);
    }
  };
  walk(el);
  return parts.join(" ").replace(/\s+/g, " ");
}
