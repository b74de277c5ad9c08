// Precision cleanups: page furniture that Readability and the heuristics would otherwise keep inside the
// content (cookie banners, share bars, tag lists, "related" teasers, caption credits, ads, newsletter boxes,
// serialised widget state).
import { isDataBlob } from "./data-blobs.js";
import { classAndId, collapsedLength, isElement, isInside, linkDensity, tagOf, TEXT_NODE, textLength } from "./dom.js";

/**
 * A pattern matching any of `words` as a whole token of a class or id list; `\b` is wrong here because
 * class names use - and _ as separators.
 */
export const classTokenPattern = (words: string): RegExp => new RegExp(`(?:^|[\\s_-])(?:${words})(?:$|[\\s_-])`, "i");
const token = classTokenPattern;

const ALWAYS_CHROME = token(
  [
    "cookie", "cookies", "consent", "gdpr", "onetrust", "cookiebanner", "cc-banner", "cookie-notice",
    "share", "sharing", "sharebar", "share-bar", "social-share", "social-links", "social-icons", "sharedaddy", "addthis", "addtoany", "a2a",
    "related", "related-posts", "relatedposts", "recommended", "recommendations", "more-stories", "read-next", "readnext", "you-may-like", "jp-relatedposts",
    "newsletter", "subscribe",
    "tags", "tag-list", "taglist", "tagcloud", "tag-cloud", "post-tags", "entry-tags", "article-tags",
    "breadcrumb", "breadcrumbs", "skip-link", "skiplink", "skip-to-content",
    "ad", "ads", "advert", "advertisement", "adsbygoogle", "ad-slot", "ad-container", "dfp",
    "popup", "modal",
    "author-box", "author-bio", "about-author", "post-navigation", "nav-links",
  ].join("|"),
);
const CREDIT = token("credit|credits|photo-credit|image-credit|copyright|byline-credit|attribution");
const COMMENTS = token("comments|comment-list|commentlist|comments-area|comment-respond|respond|disqus_thread|disqus");
// Structural furniture by tag or ARIA role. Tested on each element of one walk: as a selector list with
// [role=...] tests, linkedom's matcher ran every alternative on every element (1.3% of an extraction).
const STRUCTURAL_TAGS = new Set(["nav", "aside", "footer", "form", "button", "select", "textarea", "input", "label", "dialog"]);
const STRUCTURAL_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "dialog", "menu", "menubar", "toolbar"]);
const isStructural = (el: Element): boolean => STRUCTURAL_TAGS.has(el.localName.toLowerCase()) || STRUCTURAL_ROLES.has(el.getAttribute("role") ?? "");

export interface ChromeOptions {
  /** Forum pages keep comment lists: there, the comments are the content. */
  keepComments: boolean;
}

/** Removes chrome everywhere below `root`; never removes an element holding most of root's text. */
export function removePageChrome(root: Element, options: ChromeOptions): void {
  const rootText = Math.max(1, textLength(root));
  for (const el of Array.from(root.querySelectorAll("*"))) {
    if (!isInside(el, root)) continue;
    const tag = tagOf(el);
    if (tag === "html" || tag === "body" || tag === "main" || tag === "article") continue;
    if (el.firstElementChild === null && isDataBlob(el)) {
      el.remove();
      continue;
    }
    const names = classAndId(el);
    if (names.trim() === "") continue;
    let remove = false;
    if (ALWAYS_CHROME.test(names)) remove = true;
    else if (!options.keepComments && COMMENTS.test(names)) remove = true;
    else if (CREDIT.test(names) && textLength(el) < 200) remove = true;
    if (!remove) continue;
    // A wrapper named after a feature of the page ("has-share-bar") may hold the article: keep large blocks.
    const len = textLength(el);
    if (len > rootText * 0.4 && len > 400) continue;
    el.remove();
  }
}

/** Structural furniture (menus, sidebars, footers, form widgets) for the heuristic extractors. */
export function removeStructuralChrome(root: Element): void {
  const rootText = Math.max(1, textLength(root));
  for (const el of Array.from(root.querySelectorAll("*"))) {
    if (!isStructural(el) || !isInside(el, root)) continue;
    // A <form> wrapping the whole page (ASP.NET) or a large <aside> holding prose is content.
    const tag = tagOf(el);
    if ((tag === "form" || tag === "aside") && textLength(el) > rootText * 0.5) continue;
    el.remove();
  }
  for (const el of Array.from(root.querySelectorAll("header"))) {
    if (!isInside(el, root)) continue;
    // Site headers are link lists; an article's <header> holds its title and byline and stays.
    if (linkDensity(el) > 0.5 || el.querySelector("nav, [role=navigation]")) el.remove();
  }
  removeLinkLists(root, rootText);
}

/**
 * Lists and blocks that are almost all links and many of them: menus without <nav>, tag clouds, link
 * footers. One post-order pass with running counts: per-element querySelectorAll and textContent would
 * make this quadratic in the depth of the page.
 */
function removeLinkLists(root: Element, rootText: number): void {
  measure(root, false, rootText * LINK_LIST_CONTENT_SHARE);
}

// A link list holding this share of the region's text, with links of a few words each, is what the region is
// for (Hacker News' table of stories, a shop's grid of product names): menus and tag clouds are small beside
// the content, and a long list of one-word links (a language picker) is still a menu. WCXB dev: 6 pages up
// (listing +0.015, collection +0.011), 1 down; the same at a share of 0.35.
const LINK_LIST_CONTENT_SHARE = 0.5;
const CONTENT_LINK_WORDS = 2.5;

interface LinkStats {
  text: number;
  linkText: number;
  links: number;
}

const LINK_LIST_CANDIDATE = new Set(["ul", "ol", "div", "section", "p", "table", "dl"]);

function measure(node: Node, inLink: boolean, contentText: number): LinkStats {
  if (node.nodeType === TEXT_NODE) {
    const len = collapsedLength((node as Text).data);
    return { text: len, linkText: inLink ? len : 0, links: 0 };
  }
  const stats: LinkStats = { text: 0, linkText: 0, links: 0 };
  if (!isElement(node)) return stats;
  const tag = tagOf(node);
  const isLink = tag === "a";
  for (let child = node.firstChild; child; ) {
    const next = child.nextSibling;
    const c = measure(child, inLink || isLink, contentText);
    if (c.text >= 0) {
      stats.text += c.text;
      stats.linkText += c.linkText;
      stats.links += c.links;
    }
    child = next;
  }
  if (isLink) stats.links++;
  if (LINK_LIST_CANDIDATE.has(tag) && stats.links >= 4 && stats.text > 0) {
    const density = stats.linkText / stats.text;
    const wordsPerLink = stats.text / 6 / stats.links;
    if (density > 0.85 && wordsPerLink < 6 && (stats.text < contentText || wordsPerLink < CONTENT_LINK_WORDS)) {
      node.remove();
      return { text: 0, linkText: 0, links: 0 };
    }
  }
  return stats;
}
