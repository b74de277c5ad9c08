// Shop furniture inside the main region of product, collection and listing pages: facet and sort panels,
// "customers also viewed" carousels, review widgets. On a product page the content is the description and
// the specifications; on a collection, the item grid. These blocks sit inside <main> on most shops, so the
// region extractor keeps them unless they are cut here.
import { classTokenPattern as token } from "../boilerplate.js";
import { classAndId, isInside, tagOf, textLength } from "../dom.js";

/** The page types whose main region carries shop furniture. */
export type CommercePageType = "product" | "listing" | "collection";

// Facets and sorting: checkbox lists of brands, sizes and price ranges.
const FACETS = token(
  "facet|facets|filter|filters|filtering|refinement|refinements|refine|sort|sorting|sortby|sort-by|toolbar|pagination|pager",
);
// Merchandising rails and social proof that are not the item itself.
const MERCHANDISING = token(
  [
    "recommendation", "recommendations", "recommended", "recently-viewed", "recentlyviewed", "also-viewed",
    "also-bought", "similar", "similar-items", "upsell", "upsells", "cross-sell", "crosssell", "cross-sells",
    "you-may-also-like", "related-products", "sponsored", "reviews", "review-list", "ratings", "bazaarvoice", "yotpo",
    "trustpilot", "okendo", "judge-me", "stamped", "questions-answers", "qa-section",
  ].join("|"),
);
// On a product page a carousel is a rail of other items; on a collection page it is often a row of the
// collection itself (WCXB dev: kept there, collection F1 +0.005, while keeping it on product pages cost 0.009).
const CAROUSEL = token("carousel");
const MERCHANDISING_HEADING =
  /^(?:you (?:may|might) (?:also )?(?:like|love|be interested)|similar (?:items|products)|related (?:items|products)|customers (?:also|who) (?:bought|viewed)|people (?:who viewed|also)|recently viewed|frequently bought together|complete the look|shop the look|more (?:from|to (?:consider|explore)|items)|sponsored|explore (?:more|related)|customer reviews|reviews|ratings (?:&|and) reviews|compare (?:similar|with similar))\b/i;

/**
 * Removes shop furniture below `root`. A rail of cards can outweigh the description it sits beside, so size
 * alone does not protect a block; holding the page's <h1> (the item itself) or nearly all the text does.
 */
export function removeCommerceChrome(root: Element, pageType: CommercePageType): void {
  const keepCarousels = pageType === "collection";
  const rootText = Math.max(1, textLength(root));
  const guard = (el: Element): boolean => el.querySelector("h1") === null && textLength(el) < rootText * 0.8;
  for (const el of Array.from(root.querySelectorAll("*"))) {
    if (!isInside(el, root)) continue;
    const tag = tagOf(el);
    if (tag === "main" || tag === "body" || tag === "html") continue;
    const names = classAndId(el);
    if (names.trim() !== "" && (FACETS.test(names) || MERCHANDISING.test(names) || (!keepCarousels && CAROUSEL.test(names))) && guard(el)) {
      el.remove();
      continue;
    }
    if (/^h[1-4]$/.test(tag) && MERCHANDISING_HEADING.test((el.textContent ?? "").trim())) removeHeadedBlock(el, root, rootText);
  }
}

/**
 * A rail headed "You may also like" is usually <section><h2>…</h2><ul>cards</ul></section>: climb from the
 * heading while the ancestor still starts with it and stays a small part of the region, then drop that block.
 */
function removeHeadedBlock(heading: Element, root: Element, rootText: number): void {
  const headingText = (heading.textContent ?? "").replace(/\s+/g, " ").trim();
  let block: Element = heading;
  for (let parent = heading.parentElement; parent && parent !== root; parent = parent.parentElement) {
    const text = (parent.textContent ?? "").replace(/\s+/g, " ").trim();
    if (!text.startsWith(headingText) || text.length > rootText * 0.35) break;
    block = parent;
  }
  if (block === heading) {
    // The heading stands alone among its siblings: the rail is what follows it, up to the next heading.
    for (let next = heading.nextElementSibling; next && !/^h[1-4]$/.test(tagOf(next)); ) {
      const after = next.nextElementSibling;
      if (textLength(next) > rootText * 0.35) break;
      next.remove();
      next = after;
    }
  }
  block.remove();
}
