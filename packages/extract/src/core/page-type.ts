// Page-type classification from JSON-LD, og:type, URL shape and DOM signals. The type routes extraction,
// so a signal that is cheap and reliable (schema.org type) outranks a guess from the URL or the markup.
import { jsonLdNodes, typesOf } from "./json-ld.js";
import { domSignals, type DomSignals } from "./page-type-dom.js";
import { pageTypeFeatures } from "./page-type-features.js";
import { predictPageType } from "./page-type-model.js";
import type { ExtractResponsePageType } from "@websift/contracts";

const LD_TYPES: Array<[RegExp, ExtractResponsePageType]> = [
  [/^(?:DiscussionForumPosting|QAPage|SocialMediaPosting)$/, "forum"],
  [/^(?:Product|ProductGroup|IndividualProduct|Car|Vehicle|SoftwareApplication|Book|Offer)$/, "product"],
  [/^(?:TechArticle|APIReference)$/, "documentation"],
  [/^(?:CollectionPage|OfferCatalog|SearchResultsPage)$/, "collection"],
  [/^(?:NewsArticle|Article|BlogPosting|Report|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|LiveBlogPosting|Recipe|Review|HowTo)$/, "article"],
  [/^(?:Service|ProfessionalService|LocalBusiness|FinancialProduct|MedicalBusiness|LegalService|HomeAndConstructionBusiness)$/, "service"],
];

export interface PageTypeSignals {
  type: ExtractResponsePageType;
  /** Which signal decided, for warnings and debugging. */
  reason: string;
  /** What the hand rules alone said, and the classifier's input (extraction path only). */
  rulesType?: ExtractResponsePageType;
  features?: number[];
}

/**
 * What the metadata found that only an article carries: a publication date or a byline. Many CMSs tag every
 * page og:type=article and most landing pages have long paragraphs, so without either of these a page that
 * nothing else types is a service page (measured on the WCXB dev labels: services were typed article or
 * unknown 137 times out of 165).
 */
export interface AuthorshipEvidence {
  dated: boolean;
  byline: boolean;
  /** The metadata's title, read by the classifier only (its words: "How to ...", "Services", "Shop"). */
  title?: string | null;
  /** The body's text as the caller read it, so the page is not walked for it again. */
  bodyText?: string;
}

/**
 * The hand rules decide first; with authorship evidence (the extraction path) the classifier shipped as
 * weights (page-type-model.ts, trained on the WCXB dev split by bench/train-page-type.mjs) reads the rules'
 * answer with the other cheap signals and may overrule it. `rulesType` and `features` are kept for training.
 */
export function classifyPageType(
  doc: Document,
  url: string,
  jsonLd: unknown[],
  ogType: string | null,
  evidence?: AuthorshipEvidence,
): PageTypeSignals {
  const dom = domSignals(doc, evidence?.bodyText);
  const ldTypes = jsonLdNodes(jsonLd).flatMap(typesOf);
  const rules = classifyByRules(url, ldTypes, ogType, dom, evidence);
  if (!evidence) return rules;
  const features = pageTypeFeatures({ url, title: evidence.title ?? null, ldTypes, ogType, dated: evidence.dated, byline: evidence.byline, rules, dom });
  const predicted = predictPageType(features);
  const out: PageTypeSignals = { ...rules, rulesType: rules.type, features };
  if (predicted && predicted !== rules.type) return { ...out, type: predicted, reason: `model(${rules.reason})` };
  return out;
}

function classifyByRules(
  url: string,
  ldTypes: string[],
  ogType: string | null,
  dom: DomSignals,
  evidence?: AuthorshipEvidence,
): PageTypeSignals {
  const authored = !evidence || evidence.dated || evidence.byline;
  const path = pathOf(url);
  const articleLd = ldTypes.some((t) => /Article|BlogPosting|Report|Recipe|Review/.test(t)) || ogType === "article";
  // Forum software markup is stronger than a schema type (forums often tag threads as Article); comment
  // markup alone is not, because articles carry comment sections.
  if (dom.qaPage) return { type: "forum", reason: "dom-qapage" };
  if (dom.posts >= 2 && (forumUrl(url, path) || !articleLd)) return { type: "forum", reason: "dom-posts" };
  if (forumUrl(url, path) && dom.comments >= 2 && !articleLd) return { type: "forum", reason: "url+comments" };
  for (const [re, type] of LD_TYPES) {
    if (ldTypes.some((t) => re.test(t))) {
      if (type === "article" && docsUrl(url, path)) return { type: "documentation", reason: "url+json-ld" };
      if (type === "product" && dom.productCards >= 6 && !dom.addToCart) return { type: "collection", reason: "dom-cards" };
      return { type, reason: `json-ld:${ldTypes.find((t) => re.test(t))}` };
    }
  }
  if (ogType === "product" || ogType === "og:product" || ogType === "product.item") return { type: "product", reason: "og:type" };
  if (forumUrl(url, path) && !articleLd) return { type: "forum", reason: "url" };
  if (docsUrl(url, path)) return { type: "documentation", reason: "url" };
  if (/\/(?:products?|p|dp|item|shop\/[^/]+\/[^/]+)\/[^/]+/i.test(path) && dom.addToCart) return { type: "product", reason: "url+dom" };
  if (dom.addToCart && dom.price && dom.productCards < 4) return { type: "product", reason: "dom" };
  if (/\/(?:collections?|categor(?:y|ies)|c|shop|store|department|catalog)(?:\/|$)/i.test(path) || dom.productCards >= 6) {
    return { type: "collection", reason: "url-or-cards" };
  }
  const listingUrl = /\/(?:blog|news|articles|posts|stories|press|insights|resources|category|tag|topics?|archive)\/?$/i.test(path) || /\/page\/\d+\/?$/.test(path);
  if ((ogType === "article" || ogType === "blog" || ogType === "blogposting") && (authored || listingUrl)) {
    return listingUrl ? { type: "listing", reason: "og+url" } : { type: "article", reason: "og:type" };
  }
  if (listingUrl) return { type: "listing", reason: "url" };
  if (/\/(?:blog|news|article|articles|posts?|journal|\d{4}\/\d{2})\/[^/]+/i.test(path)) return { type: "article", reason: "url" };
  // Many teaser headings and little long prose: an index page. Articles carry related-post grids too.
  if (dom.teasers >= 6 && dom.longParagraphs < dom.teasers) return { type: "listing", reason: "teasers" };
  if (dom.codeBlocks >= 2) return { type: "documentation", reason: "dom-code" };
  if (/\/(?:services?|solutions?|pricing|plans|features|about|contact|company|careers|industries)(?:\/|$)/i.test(path)) {
    return { type: "service", reason: "url" };
  }
  if (dom.hasArticle || dom.longParagraphs >= (authored ? 5 : 8)) return { type: "article", reason: "dom" };
  if (evidence) return dom.teasers >= 3 ? { type: "listing", reason: "teasers-unauthored" } : { type: "service", reason: "unauthored" };
  return { type: "unknown", reason: "none" };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}

function forumUrl(url: string, path: string): boolean {
  return (
    (/\/(?:t|thread|threads|topic|forum|forums|community|discussion|discussions|questions|viewtopic\.php|showthread\.php)(?:\/|$|\.)/i.test(path) && !docsUrl(url, path)) ||
    /\/r\/[^/]+\/comments\//.test(path) ||
    /^https?:\/\/(?:[^/]*\.)?(?:forum|forums|community|discuss|discourse|answers)\./i.test(url) ||
    /stackexchange\.com|stackoverflow\.com|serverfault\.com|superuser\.com|askubuntu\.com/.test(url)
  );
}

function docsUrl(url: string, path: string): boolean {
  return (
    /\/(?:docs?|documentation|reference|api|manual|guide|guides|tutorial|tutorials|handbook|learn|kb|knowledge-base|wiki)(?:\/|$)/i.test(path) ||
    /^https?:\/\/(?:docs|developer|developers|dev|learn|wiki|api|readthedocs|support|help)\./i.test(url) ||
    /readthedocs\.io|github\.io\/[^/]+\/(?:docs|api)/.test(url)
  );
}
