// The page's headline element and the visible text just around it, where bylines and dates are printed.
// One walk in document order that stops shortly after the headline, skipping navigation, asides, footers
// and comment sections, so a comment's date or a related story's byline is never "near the title".

const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "nav", "aside", "footer", "form", "select", "svg", "button"]);
const BLOCK_TAGS = new Set(["p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "main", "figure", "figcaption", "blockquote", "table", "tr", "td", "th", "br", "hr"]);
const SKIP_CLASS = /(?:^|[\s_-])(?:comments?|related|sidebar|footer|newsletter|breadcrumbs?|share|social|cookie|menu)(?:$|[\s_-])/i;

/**
 * A class or id naming a sidebar, menu or comment block, unless the element holds the headline still looked
 * for: WordPress puts layout words on <body> and wrappers ("has-sidebar", "menu-open"), and skipping those
 * lost the headline on a quarter of the WCXB dev pages.
 */
function namesSkippedRegion(el: Element): boolean {
  return SKIP_CLASS.test(el.getAttribute("class") ?? "") || SKIP_CLASS.test(el.getAttribute("id") ?? "");
}

export interface TitleWindow {
  /** The headline element chosen (the first <h1> outside skipped regions), or null. */
  headline: Element | null;
  /**
   * Visible text before the headline (at most `before` characters) and after it (at most `after`): runs of
   * whitespace read as one space, and a block element's edges as one line break.
   */
  before: string;
  after: string;
  /** Elements whose text lies in the window after the headline, in document order (for byline markup). */
  elementsAfter: Element[];
}

/**
 * A heading that is only a link to the site's home page is the site's logo (Substack and many themes print
 * the publication's name so, above the story's own <h1>).
 */
export function isHomeLink(heading: Element): boolean {
  const link = heading.firstElementChild;
  if (!link || link.localName !== "a" || link !== heading.lastElementChild) return false;
  if ((link.textContent ?? "").trim() !== (heading.textContent ?? "").trim()) return false;
  return /^(?:(?:https?:)?\/\/[^/?#]+)?\/?$/i.test((link.getAttribute("href") ?? "").trim());
}

/** `heading` is the tag anchoring the window: "h1", or "h2" on pages that have no <h1> at all. */
export function readTitleWindow(body: Element | null | undefined, before = 300, after = 600, heading = "h1"): TitleWindow {
  const { skippedHomeLink, ...window } = readWindow(body, before, after, heading, true);
  // A home link that is the page's only such heading anchors the window after all.
  return window.headline || !skippedHomeLink ? window : readWindow(body, before, after, heading, false);
}

function readWindow(
  body: Element | null | undefined,
  before: number,
  after: number,
  heading: string,
  skipHomeLinks: boolean,
): TitleWindow & { skippedHomeLink: boolean } {
  const out = { headline: null as Element | null, before: "", after: "", elementsAfter: [] as Element[], skippedHomeLink: false };
  if (!body) return out;
  let pre = "";
  let post = "";
  let inHeadline: Element | null = null;
  let done = false;
  const visit = (node: Node): void => {
    if (done) return;
    if (node.nodeType === 3) {
      const text = (node.nodeValue ?? "").replace(/\s+/g, " ");
      if (!text.trim()) return;
      if (inHeadline) return;
      if (out.headline) {
        post += post.endsWith("\n") ? text.trimStart() : ` ${text}`;
        if (post.length >= after) done = true;
      } else {
        pre = (pre.endsWith("\n") ? `${pre}${text.trimStart()}` : `${pre} ${text}`).slice(-before);
      }
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || (namesSkippedRegion(el) && !(out.headline === null && el.querySelector(heading)))) return;
    const block = BLOCK_TAGS.has(tag);
    if (block) breakLine();
    let startsHeadline = !out.headline && tag === heading && (el.textContent ?? "").trim().length > 0;
    if (startsHeadline && skipHomeLinks && isHomeLink(el)) {
      startsHeadline = false;
      out.skippedHomeLink = true;
    }
    if (startsHeadline) {
      out.headline = el;
      inHeadline = el;
    } else if (out.headline && !inHeadline) {
      out.elementsAfter.push(el);
    }
    for (let child = el.firstChild; child && !done; child = child.nextSibling) visit(child);
    if (startsHeadline) inHeadline = null;
    if (block) breakLine();
  };
  // A block's edge is a line break in the window's text, so a byline's name ends where its element does
  // ("By Jerry Chu" above "Hot-swappable keyboards ..." is not "Jerry Chu Hot-swappable").
  const breakLine = (): void => {
    if (inHeadline) return;
    if (out.headline) {
      if (post !== "" && !post.endsWith("\n")) post += "\n";
    } else if (pre !== "" && !pre.endsWith("\n")) {
      pre = `${pre}\n`.slice(-before);
    }
  };
  visit(body);
  out.before = out.headline ? pre.trim() : "";
  out.after = post.trim();
  return out;
}
