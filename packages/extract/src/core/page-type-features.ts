// The page-type classifier's input: one number per feature, in FEATURE_NAMES order. Cheap signals only (the
// hand rules' own answer, schema.org and og types, URL tokens, DOM counts from the same single pass), so the
// classifier adds no traversal. Counts enter as log1p, shares as 0-1; the model standardises them.
import type { ExtractResponsePageType } from "@websift/contracts";
import type { DomSignals } from "./page-type-dom.js";

export const PAGE_TYPES: ExtractResponsePageType[] = ["article", "documentation", "service", "listing", "collection", "forum", "product"];

const RULE_REASONS = ["dom-qapage", "dom-posts", "url+comments", "json-ld", "dom-cards", "og:type", "url", "url+dom", "dom", "url-or-cards", "og+url", "teasers", "dom-code", "teasers-unauthored", "unauthored", "url+json-ld"];

const LD_GROUPS: Array<[string, RegExp]> = [
  ["ld_forum", /^(?:DiscussionForumPosting|QAPage|SocialMediaPosting|Question|Answer)$/],
  ["ld_product", /^(?:Product|ProductGroup|IndividualProduct|Car|Vehicle|SoftwareApplication|Book|Offer|AggregateOffer)$/],
  ["ld_docs", /^(?:TechArticle|APIReference)$/],
  ["ld_collection", /^(?:CollectionPage|OfferCatalog|SearchResultsPage|ItemList)$/],
  ["ld_article", /^(?:NewsArticle|Article|BlogPosting|Report|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|LiveBlogPosting)$/],
  ["ld_recipe", /^(?:Recipe|Review|HowTo)$/],
  ["ld_service", /^(?:Service|ProfessionalService|LocalBusiness|FinancialProduct|MedicalBusiness|LegalService|HomeAndConstructionBusiness)$/],
  ["ld_faq", /^FAQPage$/],
  ["ld_webpage", /^(?:WebPage|AboutPage|ContactPage)$/],
  ["ld_breadcrumb", /^BreadcrumbList$/],
  ["ld_person", /^Person$/],
  ["ld_organization", /^(?:Organization|Corporation)$/],
];

const URL_TOKENS: Array<[string, RegExp]> = [
  ["url_blog", /\/(?:blog|blogs)(?:\/|$)/i],
  ["url_news", /\/(?:news|press|stories|story|article|articles|posts?)(?:\/|$)/i],
  ["url_date", /\/\d{4}\/\d{1,2}(?:\/|$)/],
  ["url_docs", /\/(?:docs?|documentation|reference|api|manual|guides?|tutorials?|handbook|learn|kb|wiki|help|support)(?:\/|$)/i],
  ["url_product", /\/(?:products?|p|dp|item|items|shop\/[^/]+\/[^/]+)\/[^/]+/i],
  ["url_collection", /\/(?:collections?|categor(?:y|ies)|c|shop|store|department|catalog|brands?)(?:\/|$)/i],
  ["url_listing", /\/(?:tag|tags|topics?|archive|page\/\d+|author|search|resources|insights)(?:\/|$)/i],
  ["url_forum", /\/(?:t|thread|threads|topic|forum|forums|community|discussion|discussions|questions|viewtopic\.php|showthread\.php|comments)(?:\/|$|\.)/i],
  ["url_service", /\/(?:services?|solutions?|pricing|plans|features|about|contact|company|careers|industries|what-we-do)(?:\/|$)/i],
  ["url_html", /\.(?:s?html?|php|aspx?)$/i],
  ["url_trailing_slash", /\/$/],
];

// Words of the page's title (English): a question or a numbered list reads as an article, "Services" or
// "Pricing" as a service page, "Shop" as a collection. A title in another language sets none of them.
const TITLE_TOKENS: Array<[string, RegExp]> = [
  ["title_question", /^(?:how|why|what|when|where|who|which|can|should|is|are|do|does|will)\b|\?/i],
  ["title_numbered", /^\d+\s|\b(?:top|best)\s+\d+\b/i],
  ["title_guide", /\b(?:guide|tips|ways|reviews?|vs\.?|explained|tutorial|trends|ideas|steps|benefits|things)\b/i],
  ["title_service", /\b(?:services?|solutions?|company|agency|consulting|consultants?|pricing|plans?|contractors?|repairs?|near me|experts?|lawyers?|attorneys?|clinic|insurance|quote|hire|firm|provider|rates|fees|tuition|programs?|degrees?|courses?)\b/i],
  ["title_shop", /\b(?:shop|buy|sale|store|collection|deals|outlet)\b/i],
  ["title_listing", /\b(?:blog|news|articles|archives?|posts|latest|category|topics?|resources|insights|stories|tag|page \d+)\b/i],
  ["title_forum", /\b(?:forum|thread|community|discussion|question)\b/i],
  ["title_docs", /\b(?:docs|documentation|api|reference|manual)\b/i],
  ["title_year", /\b(?:19|20)\d\d\b/],
];

export interface FeatureInput {
  url: string;
  /** The page's title as the metadata chose it (null when it has none). */
  title: string | null;
  ldTypes: string[];
  ogType: string | null;
  dated: boolean;
  byline: boolean;
  rules: { type: ExtractResponsePageType; reason: string };
  dom: DomSignals;
}

export const FEATURE_NAMES: string[] = [
  ...PAGE_TYPES.map((t) => `rules_${t}`),
  ...RULE_REASONS.map((r) => `reason_${r}`),
  ...LD_GROUPS.map(([name]) => name),
  "og_article", "og_product", "og_website", "og_none",
  "dated", "byline",
  ...URL_TOKENS.map(([name]) => name),
  "url_depth", "url_last_hyphens", "url_last_length", "url_query", "url_root",
  "elements", "words", "links", "link_share", "paragraphs", "long_paragraphs", "long_share", "h1", "h2", "h3",
  "list_items", "li_per_100_words", "forms", "inputs", "buttons", "selects", "images", "tables", "times",
  "articles", "navs", "asides", "code", "pre", "prices", "ratings", "breadcrumbs", "byline_marks", "sidebar_marks",
  "posts", "comments", "product_cards", "teasers", "add_to_cart", "price", "qa_page", "links_per_100_words",
  ...TITLE_TOKENS.map(([name]) => name), "title_words",
  "we_per_1000_words", "you_per_1000_words", "i_per_1000_words", "calls_to_action", "post_marks", "thread_marks", "shop_marks", "facet_marks",
];

export function pageTypeFeatures(input: FeatureInput): number[] {
  const { dom } = input;
  const c = dom.counts;
  const path = pathOf(input.url);
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const reason = input.rules.reason.startsWith("json-ld:") ? "json-ld" : input.rules.reason;
  const og = (input.ogType ?? "").toLowerCase();
  const log = (n: number): number => Math.log1p(n);
  const words = Math.max(c.words, 1);
  const p = c.phrases;
  const perThousand = (n: number): number => Math.min((1000 * n) / words, 20);
  const title = input.title ?? "";
  const values = [
    ...PAGE_TYPES.map((t) => (input.rules.type === t ? 1 : 0)),
    ...RULE_REASONS.map((r) => (reason === r ? 1 : 0)),
    ...LD_GROUPS.map(([, re]) => (input.ldTypes.some((t) => re.test(t)) ? 1 : 0)),
    /article|blog/.test(og) ? 1 : 0, /product/.test(og) ? 1 : 0, og === "website" ? 1 : 0, og === "" ? 1 : 0,
    input.dated ? 1 : 0, input.byline ? 1 : 0,
    ...URL_TOKENS.map(([, re]) => (re.test(path) ? 1 : 0)),
    segments.length, (last.match(/-/g)?.length ?? 0), log(last.length), hasQuery(input.url) ? 1 : 0, segments.length === 0 ? 1 : 0,
    log(c.elements), log(c.words), log(c.links), c.textChars ? c.linkChars / c.textChars : 0, log(c.paragraphs),
    log(dom.longParagraphs), c.paragraphs ? dom.longParagraphs / c.paragraphs : 0, log(c.h1), log(c.h2), log(c.h3),
    log(c.listItems), Math.min((100 * c.listItems) / words, 20), log(c.forms), log(c.inputs), log(c.buttons), log(c.selects),
    log(c.images), log(c.tables), log(c.times), log(c.articles), log(c.navs), log(c.asides), log(c.code), log(dom.codeBlocks),
    log(c.prices), log(c.ratings), log(c.breadcrumbs), log(c.bylineMarks), log(c.sidebarMarks),
    log(dom.posts), log(dom.comments), log(dom.productCards), log(dom.teasers), dom.addToCart ? 1 : 0, dom.price ? 1 : 0,
    dom.qaPage ? 1 : 0, Math.min((100 * c.links) / words, 50),
    ...TITLE_TOKENS.map(([, re]) => (title && re.test(title) ? 1 : 0)), log(title.split(/\s+/).filter(Boolean).length),
    perThousand(p.firstPlural), perThousand(p.secondPerson), perThousand(p.firstSingular),
    log(p.callsToAction), log(p.postMarks), log(p.threadMarks), log(p.shopMarks), log(p.facetMarks),
  ];
  return values;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}

function hasQuery(url: string): boolean {
  try {
    return new URL(url).search.length > 1;
  } catch {
    return false;
  }
}
