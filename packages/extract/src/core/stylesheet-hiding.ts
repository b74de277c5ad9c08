// What the page's own inline <style> blocks hide with a rule at top level or in a block that holds on every
// screen (screen-media.ts): classes and ids (`.x{display:none}`, `#y{opacity:0}`), and compounds, element names
// and chains of them (`[data-h]`, `p.note`, `small`, `.box p`, `#promo > p.n`, `.a + p`, `p:nth-child(2)`),
// matched with the DOM; a later or more specific rule that shows an element again wins (showsAgain). Also the text and background colours simple class and id rules give, for
// the "text coloured like its background" test. External stylesheets are not fetched, so this is a lower bound.
import { parseColor, type Rgba } from "./colors.js";
import { allMatches } from "./all-matches.js";
import { appliesOnEveryScreen } from "./screen-media.js";
import { forEachAttribute } from "./dom.js";
import { backgroundColor, declaration, hidesByOpacity, hidingDeclaration, normaliseDeclarations, textColor, type HidingReason } from "./hiding-styles.js";

export interface HiddenSelectors {
  /** Hidden class name -> the rule that hides it. */
  classes: Map<string, HidingReason>;
  ids: Map<string, HidingReason>;
  /** `.class` and `#id` selectors hidden by visibility:hidden alone, never by display:none. */
  visibilityOnly: Set<string>;
  /** Every other selector the page hides with and the strip follows (compounds, chains, element names), matched with the DOM. */
  compound: Array<{ selector: string; reason: HidingReason }>;
  /** Where each hiding selector (".x", "#y", a compound or chain) stands in the cascade. */
  hideRanks: Map<string, CascadeRank>;
  /** Rules that set display (not none) or visibility:visible, in page order (showsAgain). */
  showRules: ShowRule[];
  /** showRules by a token of their last compound, built at the first showsAgain. */
  shows: Map<string, ShowRule[]> | null;
  /** Class -> the text colour its one simple rule sets (no other rule for the class sets a colour). */
  classColors: Map<string, Rgba>;
  /** Class -> its background: a colour, or null when it draws an image or several rules set it. */
  classBackgrounds: Map<string, Rgba | null>;
  /** Classes, ids (`.x`, `#y`) and element names some other rule gives a background we do not follow. */
  unknownBackgrounds: Set<string>;
  /** The page loads stylesheets we do not see (<link rel=stylesheet>, a preloaded style, @import). */
  externalCss: boolean;
  /**
   * A quirks-mode page: its class and id selectors match in any ASCII case, so `classes`, `ids` and
   * `visibilityOnly` hold lower-case names and are looked up with lower-cased ones (nameKey).
   */
  caseBlind: boolean;
}

export function emptyHiddenSelectors(): HiddenSelectors {
  return {
    classes: new Map(), ids: new Map(), visibilityOnly: new Set(), compound: [], hideRanks: new Map(), showRules: [], shows: null,
    classColors: new Map(), classBackgrounds: new Map(), unknownBackgrounds: new Set(), externalCss: false, caseBlind: false,
  };
}

/** A declaration's place in the cascade: !important first, then specificity, then the later rule. */
interface CascadeRank {
  important: boolean;
  specificity: number;
  order: number;
}

interface ShowRule {
  selector: string;
  property: "display" | "visibility";
  important: boolean;
  order: number;
  /** Computed with the index (showIndex): most pages never need it. */
  rank?: CascadeRank;
}

function outranks(a: CascadeRank, b: CascadeRank): boolean {
  if (a.important !== b.important) return a.important;
  return a.specificity !== b.specificity ? a.specificity > b.specificity : a.order > b.order;
}

// Specificity as one number: ids x 10,000, classes and attributes x 100, element names x 1. :where() counts
// nothing and :is() counts its argument, as in CSS.
function specificityOf(selector: string): number {
  const s = selector.replace(/:where\([^()]*\)/gi, "").replace(/:(?:is|not)\(([^()]*)\)/gi, "$1").replace(/\[[^\]]*\]/g, "[").replace(/\([^()]*\)/g, "");
  const ids = (s.match(/#[\w-]+/g) ?? []).length;
  const classes = (s.match(/\.[\w-]+|\[|:[\w-]+/g) ?? []).length;
  const names = (s.match(/(?:^|[\s>+~])[a-z][a-z0-9-]*/gi) ?? []).length;
  return ids * 10_000 + classes * 100 + names;
}

/**
 * Whether a later or more specific rule the page carries shows `el` again after `hiddenBy` hid it
 * (`.panel{display:none}` then `.panel.open{display:block}` on `<div class="panel open">`): then a browser
 * shows it, and so does the extraction.
 */
export function showsAgain(el: Element, hidden: HiddenSelectors, hiddenBy: string, reason: HidingReason): boolean {
  const property = reason === "display:none" ? "display" : reason === "visibility:hidden" ? "visibility" : null;
  const rank = property === null ? undefined : hidden.hideRanks.get(hiddenBy);
  if (!rank || hidden.showRules.length === 0) return false;
  const shows = showIndex(hidden);
  const keys = [`*`, el.localName, ...(el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).map((c) => `.${c.toLowerCase()}`)];
  const id = el.getAttribute("id");
  if (id) keys.push(`#${id.toLowerCase()}`);
  for (const key of keys) {
    for (const show of shows.get(key) ?? []) {
      if (show.property !== property || !outranks(show.rank!, rank)) continue;
      try {
        if (el.matches(show.selector)) return true;
      } catch {
        // A selector the DOM cannot parse shows nothing.
      }
    }
  }
  return false;
}

function showIndex(hidden: HiddenSelectors): Map<string, ShowRule[]> {
  if (hidden.shows) return hidden.shows;
  const index = new Map<string, ShowRule[]>();
  for (const show of hidden.showRules) {
    show.rank = { important: show.important, specificity: specificityOf(show.selector), order: show.order };
    const key = lastCompoundKey(show.selector);
    const list = index.get(key) ?? [];
    list.push(show);
    index.set(key, list);
  }
  hidden.shows = index;
  return index;
}

/** The token a show rule is filed under: its last compound's first class or id, else its element name. */
function lastCompoundKey(selector: string): string {
  const last = selector.replace(/\([^()]*\)/g, "()").split(/\s*[>+~]\s*|\s+/).pop() ?? "";
  const token = /[.#][\w-]+/.exec(last.replace(/\[[^\]]*\]/g, ""));
  if (token) return token[0].toLowerCase();
  const name = /^[a-z][a-z0-9-]*/i.exec(last);
  return name ? name[0].toLowerCase() : "*";
}

const IMPORTANT = (property: string): RegExp => new RegExp(`(?<![-\\w])${property}\\s*:[^;]*!\\s*important`, "i");
const IMPORTANT_DISPLAY = IMPORTANT("display");
const IMPORTANT_VISIBILITY = IMPORTANT("visibility");

/** A class or id name as `classes`, `ids` and `visibilityOnly` hold it. */
export function nameKey(hidden: HiddenSelectors, name: string): string {
  return hidden.caseBlind ? name.toLowerCase() : name;
}

// Cheap test for "could any rule here hide something", so pages without such rules skip the parse.
const MAY_HIDE = /(?<![-\w])(?:display\s*:|visibility\s*:|opacity|font-size\s*:|clip|text-indent\s*:\s*-|scale|translate|margin|(?:left|top|right)\s*:\s*-\d{3}|overflow\s*:|color\s*:|filter\s*:|content-visibility)|\\|\/\*/i;

// Class names of scroll-reveal and fade-in helpers (`.et-pb-before-scroll-animation{opacity:0}`): script
// adds a class or an inline style that shows them, so opacity 0 there is a start state.
const ANIMATION_NAME = /anim|fade|reveal|scroll|motion|aos|wow|appear|transition|lazy|enter|inview|in-view/i;

// The properties each newer rule hides with: another rule for the same class that sets one of them (a
// `.reveal.is-visible{opacity:1}`, an @media override) means the hiding is a state, not a hiding place.
const RESET_PROPERTIES: Partial<Record<HidingReason, RegExp>> = {
  "opacity:0": /(?<![-\w])opacity\s*:/i,
  "filter:opacity(0)": /(?<![-\w])filter\s*:/i,
  "filter:blur": /(?<![-\w])filter\s*:/i,
  "content-visibility:hidden": /(?<![-\w])content-visibility\s*:/i,
  "font-size:0": /(?<![-\w])font-size\s*:/i,
  "font-size:tiny": /(?<![-\w])font-size\s*:/i,
  "off-screen": /(?<![-\w])(?:left|top|right|position|margin|margin-left|margin-top|transform)\s*:/i,
  "text-indent": /(?<![-\w])text-indent\s*:/i,
  clip: /(?<![-\w])(?:clip|clip-path|position)\s*:/i,
  "collapsed-box": /(?<![-\w])(?:height|max-height|width|max-width|overflow)\s*:/i,
  "transform:scale(0)": /(?<![-\w])transform\s*:/i,
  "color-equals-background": /(?<![-\w])(?:color|background|background-color)\s*:/i,
  "transparent-color": /(?<![-\w])(?:color|background-clip|-webkit-background-clip|-webkit-text-fill-color)\s*:/i,
};

// An element that matches `:empty` holds no text to hide; elements the walk never reads as text.
const EMPTY_LAST = /:empty[^\s>+~]*$/i;
const UNREAD_TAGS = /^(?:template|script|style|noscript)$/i;
// `main{visibility:hidden}`, `.site-footer,article{opacity:0}`: a page's regions hidden by element name until
// a script or font has loaded (a flash-of-unstyled-content guard), which every reader then sees.
const LOAD_GUARD_TAGS = /^(?:main|article|section|div|header|footer|nav|aside|form)$/i;
// What the walk already removes, so a rule for it adds nothing.
const ALREADY_HIDDEN = /^(?:\*|[a-z]+)?\[\s*(?:hidden|aria-hidden)(?![\w-])/i;
// Elements whose hiding means nothing for the body walk (it starts inside <body>).
const OUTSIDE_WALK = /^(?:html|body|head)(?![\w-])[^\s>+~]*$/i;
// A rule that also hides custom elements (`rhcl-card, [slot]{visibility:hidden}`) keeps web components
// from flashing unstyled until their script defines them; its compound selectors are the same load guard.
const CUSTOM_ELEMENT = /(?:^|,)\s*[a-z][a-z0-9]*-[\w-]*\s*(?=,|$)/i;
// `[v-cloak]`, `[x-cloak]`, `[ng-cloak]`: framework markers removed once the page's script has run.
const CLOAK = /\[\s*(?:[\w-]*-)?cloak\b/i;
// A quoted attribute value in a selector.
const QUOTED = /"[^"]*"|'[^']*'/g;
// The tokens that name what a selector matches: `.class`, `#id`, `[attribute`.
const TOKENS = /[.#][\w-]+|\[\s*[\w-]+/g;
// Only an attribute token (`[ data-x`) can hold whitespace. A quoted value is not a name: `[data-note="v1.2"]`
// and `a[href="#x"]` name no class `.2` and no id `#x` (reading them so dropped hiding rules, b9f4210).
const tokensOf = (selector: string): string[] => {
  const names = selector.includes('"') || selector.includes("'") ? selector.replace(QUOTED, '""') : selector;
  return allMatches(TOKENS, names).map((m) => (m[0].charCodeAt(0) === 91 ? m[0].replace(/\s+/g, "") : m[0]));
};

/**
 * The CSS cut out of the HTML before parsing (`extraCss`), then every <style> element's text, one per line;
 * `styles` are those elements when the caller has them.
 */
export function pageCss(doc: Document, extraCss: string, styles?: Element[]): string {
  let css = extraCss;
  for (const style of styles ?? Array.from(doc.querySelectorAll("style"))) css += `${style.textContent ?? ""}\n`;
  return css;
}

/**
 * What `css`, the page's own CSS (pageCss), hides. A class that any @media rule shows again (mobile-first
 * CSS: hidden by default, `display:block` from some width) is not hidden on a desktop and stays. Selectors
 * with combinators or pseudo-classes are skipped: matching them needs the cascade, and a wrong guess would
 * delete content.
 */
export function hiddenSelectorsFromStylesheets(doc: Document, css: string): HiddenSelectors {
  const out = emptyHiddenSelectors();
  out.caseBlind = isQuirksMode(doc);
  const carried = documentStyleHooks(doc);
  // Most pages link a stylesheet: then the scan of their CSS for @import is not needed.
  out.externalCss = carried.linksStylesheet || importsStylesheets(css);
  if (!css || !MAY_HIDE.test(css)) return out;
  const byDisplay = new Set<string>();
  const shown = new Set<string>();
  const rules = cssRules(css);
  const hiddenBy = new Map<string, { reason: HidingReason; rule: CssRule; keys: string[] }>();
  for (const rule of rules) {
    // A rule inside an at-rule that does not apply on every screen (a width @media, @supports) only
    // ever shows (see above): its hiding is not read. One that applies is read as a top-level rule.
    if (!rule.onEveryScreen) {
      if (/(?<![-\w])display\s*:\s*(?!none)[a-z]/.test(rule.body)) for (const key of tokensOf(rule.selectors)) shown.add(key);
      continue;
    }
    const candidates = hidingCandidates(rule.selectors, carried.tokens);
    if (candidates.length === 0) continue;
    const reason = hidingDeclaration(rule.body) ?? (hidesByOpacity(rule.body) ? "opacity:0" : null);
    if (reason === null) {
      addShows(out, rule, candidates);
      continue;
    }
    for (const { selector: s, keys } of candidates) {
      if (reason === "opacity:0" && ANIMATION_NAME.test(s)) continue;
      if ((reason === "visibility:hidden" || reason === "opacity:0") && LOAD_GUARD_TAGS.test(s)) continue;
      hiddenBy.set(s, { reason, rule, keys });
      const important = reason === "display:none" ? IMPORTANT_DISPLAY.test(rule.body) : reason === "visibility:hidden" && IMPORTANT_VISIBILITY.test(rule.body);
      out.hideRanks.set(s, { important, specificity: specificityOf(s), order: rule.order });
      if (!/^[.#][\w-]+$/.test(s)) continue;
      if (reason === "display:none") byDisplay.add(s[0] + nameKey(out, s.slice(1)));
      else if (reason === "visibility:hidden") out.visibilityOnly.add(s[0] + nameKey(out, s.slice(1)));
    }
  }
  const reset = resetSelectors(rules, hiddenBy);
  for (const [s, { reason, keys }] of hiddenBy) {
    if (reset.has(s) || keys.some((k) => shown.has(k))) continue;
    if (/^[.#][\w-]+$/.test(s)) (s.startsWith(".") ? out.classes : out.ids).set(nameKey(out, s.slice(1)), reason);
    else out.compound.push({ selector: s, reason });
  }
  for (const s of byDisplay) out.visibilityOnly.delete(s);
  colorsOfClasses(rules, out, carried.tokens);
  return out;
}

/** Files a rule that sets display to something other than none, or visibility to visible, as a show rule. */
function addShows(out: HiddenSelectors, rule: CssRule, candidates: Array<{ selector: string }>): void {
  const display = declaration(rule.body, "display");
  const visibility = declaration(rule.body, "visibility");
  const properties: Array<ShowRule["property"]> = [];
  if (display !== null && display !== "none") properties.push("display");
  if (visibility === "visible") properties.push("visibility");
  for (const property of properties) {
    const important = (property === "display" ? IMPORTANT_DISPLAY : IMPORTANT_VISIBILITY).test(rule.body);
    for (const { selector } of candidates) out.showRules.push({ selector, property, important, order: rule.order });
  }
}

/**
 * The compound selectors of a rule's list that can hide something in this document, with their tokens. A
 * selector naming a class, id or attribute no element carries matches nothing here: on a typical page that
 * is most of a site-wide stylesheet, and its declarations are then not read at all. Such rules still count
 * as resets and colour rules (resetSelectors, colorsOfClasses): script adds state classes (`.is-visible`)
 * the HTML does not carry.
 */
function hidingCandidates(selectors: string, carried: ReadonlySet<string>): Array<{ selector: string; keys: string[] }> {
  const out: Array<{ selector: string; keys: string[] }> = [];
  let guard: boolean | undefined;
  for (const sel of selectors.split(",")) {
    const s = unwrapSingleMatches(sel.trim());
    // A site-wide stylesheet has thousands of selectors: the cheap tests first, the selector's parse last.
    if (s === "" || s === "*" || (s.includes(":") && (STATEFUL.test(s) || EMPTY_LAST.test(s))) || ALREADY_HIDDEN.test(s) || OUTSIDE_WALK.test(s) || UNREAD_TAGS.test(s)) continue;
    const simple = /^[.#][\w-]+$/.test(s);
    if (!simple && ((guard ??= CUSTOM_ELEMENT.test(selectors)) || CLOAK.test(s))) continue;
    // What :not() names need not be on the page: `p:not(.x)` matches every <p> when none carries .x.
    const keys = /[.#[]/.test(s) ? tokensOf(s.includes(":not(") ? s.replace(/:not\([^()]*\)/gi, "") : s) : [];
    if (!keys.every((key) => carried.has(key.toLowerCase()))) continue;
    if (!simple && !isFollowedSelector(s)) continue;
    out.push({ selector: s, keys });
  }
  return out;
}

// `:where(.x)` and `:is(.x)` with one argument match what `.x` matches (only specificity differs, which is
// not read here): `:where(.note){display:none}` hides as `.note{display:none}` does.
const SINGLE_MATCHES = /:(?:where|is)\(\s*([^(),:]+?)\s*\)/gi;
const unwrapSingleMatches = (selector: string): string => (selector.includes("(") ? selector.replace(SINGLE_MATCHES, "$1") : selector);

// A pseudo-element, or a pseudo-class that depends on what the reader does or has done (:hover, :focus,
// :checked, :target, :visited): a rule with one hides nothing on the page as it loads. Structural ones
// (:first-child, :nth-of-type(2n), :not(.x), :empty) are the document's own and are followed.
const STATEFUL = /::|:(?!(?:first|last|only)-(?:child|of-type)|nth-(?:last-)?(?:child|of-type)\(|not\(|empty(?![\w-]))/i;
const ATTRIBUTE_TEST = `\\[\\s*[a-z_][\\w-]*\\s*(?:[~|^$*]?=\\s*(?:"[^"\\\\]*"|'[^'\\\\]*'|[\\w-]+)\\s*)?\\]`;
const STRUCTURAL = `:(?:(?:first|last|only)-(?:child|of-type)|empty|nth-(?:last-)?(?:child|of-type)\\(\\s*(?:odd|even|[-+]?\\d*n?(?:\\s*[-+]\\s*\\d+)?)\\s*\\)|not\\(\\s*(?:[a-z][a-z0-9-]*|[.#][\\w-]+|${ATTRIBUTE_TEST})\\s*\\))`;
// One compound: an element name or *, then classes, ids, attribute tests and structural pseudo-classes.
const LINK = new RegExp(`^(?:[a-z][a-z0-9-]*|\\*)?(?:\\.[\\w-]+|#[\\w-]+|${ATTRIBUTE_TEST}|${STRUCTURAL})*$`, "i");
const MAX_CHAIN_LINKS = 4;

/**
 * One to four compounds joined by descendant, child or sibling combinators (`small`, `.box p`,
 * `#promo > p.n`, `.a + p`, `.g p:nth-child(2)`): `.box p{display:none}` hides every paragraph in a box as
 * surely as a class on each would, and `small{display:none}` every <small>.
 */
function isFollowedSelector(selector: string): boolean {
  // Inside brackets and parentheses a space or ">" is not a combinator.
  const flat = selector.replace(/\[[^\]]*\]|\([^()]*\)/g, (group) => group.replace(/[\s>+~]/g, ""));
  const links = flat.split(/\s*[>+~]\s*|\s+/);
  return links.length <= MAX_CHAIN_LINKS && links.every((link) => link !== "" && LINK.test(link));
}

/**
 * What the document's elements (outside <template>) carry that a selector can name, in lower case (a
 * selector in any case is judged present): `.class`, `#id`, `[attribute`. Also whether a
 * <link> loads a stylesheet from elsewhere (which may set any colour on anything). One pass over the
 * attributes answers both.
 */
function documentStyleHooks(doc: Document): { tokens: Set<string>; linksStylesheet: boolean } {
  const tokens = new Set<string>();
  // A page repeats a few attribute names and class lists on thousands of elements: each is read once.
  const seenNames = new Set<string>();
  const seenClassLists = new Set<string>();
  let linksStylesheet = false;
  forEachAttribute(doc, (owner, name, value) => {
    const attribute = name.toLowerCase();
    if (!seenNames.has(attribute)) {
      seenNames.add(attribute);
      tokens.add(`[${attribute}`);
    }
    if (attribute === "class") {
      if (seenClassLists.has(value)) return;
      seenClassLists.add(value);
      for (const cls of value.toLowerCase().split(/\s+/)) if (cls !== "") tokens.add(`.${cls}`);
    } else if (attribute === "id") {
      tokens.add(`#${value.toLowerCase()}`);
    } else if (attribute === "rel" && !linksStylesheet && owner.localName === "link") {
      linksStylesheet = loadsStylesheet(owner);
    }
  });
  return { tokens, linksStylesheet };
}

// Public identifiers of the legacy doctypes that put a page in quirks mode (the HTML standard's list, in
// part: the ones still met on the web), and those that do only without a system identifier.
const QUIRKS_PUBLIC_IDS = /^-\/\/(?:W3C\/\/DTD HTML (?:3|4\.0 Transitional|4\.0 Frameset)|IETF\/\/DTD HTML|W3O\/\/DTD W3 HTML|Netscape Comm\. Corp\.\/\/DTD|Microsoft\/\/DTD Internet Explorer|WebTechs\/\/DTD Mozilla HTML)/i;
const QUIRKS_WITHOUT_SYSTEM_ID = /^-\/\/W3C\/\/DTD HTML 4\.01 (?:Transitional|Frameset)\/\//i;

/** Whether a browser renders the page in quirks mode: no doctype, or a legacy one. */
function isQuirksMode(doc: Document): boolean {
  const doctype = doc.doctype;
  if (!doctype) return true;
  if (doctype.name.toLowerCase() !== "html") return true;
  const publicId = doctype.publicId ?? "";
  return QUIRKS_PUBLIC_IDS.test(publicId) || (!doctype.systemId && QUIRKS_WITHOUT_SYSTEM_ID.test(publicId));
}

/** Whether the CSS pulls in another stylesheet (`@import`, in any letter case). */
function importsStylesheets(css: string): boolean {
  // An at-sign is rare in CSS, and a case-insensitive regex over hundreds of KB of it is not cheap.
  for (let at = css.indexOf("@"); at !== -1; at = css.indexOf("@", at + 1)) {
    if (isWordAt(css, at + 1, "import") && !/\w/.test(css.charAt(at + 7))) return true;
  }
  return false;
}

/** Whether `text` holds the lower-case ASCII `word` at `at`, in any letter case (no string is built). */
function isWordAt(text: string, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    // Setting bit 0x20 lower-cases an ASCII letter and maps no other character onto one.
    if ((text.charCodeAt(at + i) | 0x20) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** Whether a <link> loads a stylesheet (`rel=stylesheet`, or a style preload). */
function loadsStylesheet(link: Element): boolean {
  const rel = (link.getAttribute("rel") ?? "").toLowerCase();
  return /(?:^|\s)stylesheet(?:\s|$)/.test(rel) || (/(?:^|\s)preload(?:\s|$)/.test(rel) && (link.getAttribute("as") ?? "").toLowerCase() === "style");
}

const SETS_COLOR = /(?<![-\w])(?:color|-webkit-text-fill-color|background-clip|-webkit-background-clip)\s*:/;
const SETS_BACKGROUND = /(?<![-\w])background(?:-color|-image)?\s*:/;
// Element names in a selector (`header`, `.x > p`): a background set on one is not followed.
const ELEMENT_NAMES = /(?:^|[\s>+~,(])([a-z][a-z0-9]*)(?=[\s>+~,.#[:)]|$)/gi;

/**
 * The text colour and background simple `.class{…}` rules give. A class counts only when exactly one rule
 * anywhere (at-rules and compound selectors included) sets its colour, so a `.dark .x{color:#000}` or an
 * @media override makes it unknown. Backgrounds that other rules set go to `unknownBackgrounds`.
 */
function colorsOfClasses(rules: CssRule[], out: HiddenSelectors, carried: ReadonlySet<string>): void {
  const colorRules = new Map<string, number>();
  const backgroundRules = new Map<string, number>();
  const count = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1);
  for (const rule of rules) {
    const color = SETS_COLOR.test(rule.body);
    const background = SETS_BACKGROUND.test(rule.body);
    if (!color && !background) continue;
    for (const sel of rule.selectors.split(",")) {
      const s = sel.trim();
      const simple = !rule.inAtRule && /^[.#][\w-]+$/.test(s);
      for (const key of tokensOf(s)) {
        if (color) count(colorRules, key);
        if (background) count(backgroundRules, key);
      }
      if (simple) {
        // A class no element carries needs no colour; its rule is still counted just above.
        if (!carried.has(s.toLowerCase())) continue;
        // A class by its name, an id as "#id" (the maps hold both).
        const cls = s.startsWith("#") ? s : s.slice(1);
        if (color) {
          const c = textColor(rule.body);
          if (c) out.classColors.set(cls, c);
        }
        if (background) {
          const value = backgroundColor(rule.body);
          out.classBackgrounds.set(cls, value === null || /background-image\s*:\s*(?!none)/.test(rule.body) ? null : parseColor(value));
        }
      } else if (background) {
        for (const key of tokensOf(s)) out.unknownBackgrounds.add(key);
        for (const m of allMatches(ELEMENT_NAMES, s)) out.unknownBackgrounds.add(m[1]!.toLowerCase());
      }
    }
  }
  const tokenOf = (key: string): string => (key.startsWith("#") ? key : `.${key}`);
  for (const cls of out.classColors.keys()) if ((colorRules.get(tokenOf(cls)) ?? 0) > 1) out.classColors.delete(cls);
  for (const cls of out.classBackgrounds.keys()) if ((backgroundRules.get(tokenOf(cls)) ?? 0) > 1) out.classBackgrounds.set(cls, null);
}

/**
 * The elements the compound hidden selectors match, each with its rule: one DOM query for all of them,
 * then a `matches` per selector for the few elements found. A selector the DOM cannot parse is skipped.
 */
export function matchCompoundSelectors(root: ParentNode, hidden: HiddenSelectors): Map<Element, HidingReason> {
  const hits = new Map<Element, HidingReason>();
  if (hidden.compound.length === 0) return hits;
  let usable = hidden.compound;
  let found: Element[];
  try {
    found = Array.from(root.querySelectorAll(usable.map((c) => c.selector).join(",")));
  } catch {
    // One selector the DOM cannot parse: find it (one query each, only on such pages) and leave it out.
    usable = usable.filter(({ selector }) => {
      try {
        root.querySelector(selector);
        return true;
      } catch {
        return false;
      }
    });
    found = usable.length === 0 ? [] : Array.from(root.querySelectorAll(usable.map((c) => c.selector).join(",")));
  }
  for (const el of found) {
    const rule = usable.find(({ selector }) => el.matches(selector));
    if (rule && !showsAgain(el, hidden, rule.selector, rule.reason)) hits.set(el, rule.reason);
  }
  return hits;
}

/** Selectors hidden by a newer rule that some other rule for the same class, id or attribute sets back. */
function resetSelectors(rules: CssRule[], hiddenBy: Map<string, { reason: HidingReason; rule: CssRule; keys: string[] }>): Set<string> {
  const reset = new Set<string>();
  const watched = new Map<string, Array<{ selector: string; props: RegExp; rule: CssRule }>>();
  for (const [s, { reason, rule, keys }] of hiddenBy) {
    const props = RESET_PROPERTIES[reason];
    if (!props) continue;
    for (const key of keys) {
      const list = watched.get(key) ?? [];
      list.push({ selector: s, props, rule });
      watched.set(key, list);
    }
  }
  if (watched.size === 0) return reset;
  // Most rules set none of the watched properties: one test of the body skips cutting their selectors.
  const anyProps = [...new Set([...watched.values()].flatMap((list) => list.map((w) => w.props)))];
  for (const rule of rules) {
    if (!anyProps.some((props) => props.test(rule.body))) continue;
    for (const key of tokensOf(rule.selectors)) {
      for (const w of watched.get(key) ?? []) {
        if (w.rule !== rule && w.props.test(rule.body)) reset.add(w.selector);
      }
    }
  }
  return reset;
}

interface CssRule {
  selectors: string;
  body: string;
  inAtRule: boolean;
  /** Top level, or inside at-rules that all apply on every screen (screen-media.ts). */
  onEveryScreen: boolean;
  /** The rule's place in the page's CSS, for the cascade. */
  order: number;
}

/** Style rules with their selector text, flattening @media/@supports blocks, in one scan for braces and semicolons. */
function cssRules(css: string): CssRule[] {
  const text = css.includes("/*") ? css.replace(/\/\*[\s\S]*?\*\//g, "") : css;
  const rules: CssRule[] = [];
  const stack: Array<{ selector: string; start: number }> = [];
  // Whether every at-rule block open at this point applies on every screen, innermost last.
  const atApplies: boolean[] = [];
  let atDepth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Only braces and semicolons are structure; a plain scan allocates nothing for the rest.
    if (code !== 123 && code !== 125 && code !== 59) continue;
    if (code === 123) {
      const selector = text.slice(start, i).trim();
      if (selector.startsWith("@")) {
        atDepth++;
        atApplies.push((atApplies.length === 0 || atApplies[atApplies.length - 1]!) && appliesOnEveryScreen([selector]));
      }
      stack.push({ selector, start: i + 1 });
      start = i + 1;
    } else if (code === 125) {
      const open = stack.pop();
      if (open) {
        if (open.selector.startsWith("@")) {
          atDepth--;
          atApplies.pop();
        } else {
          const inAtRule = atDepth > 0;
          const onEveryScreen = !inAtRule || atApplies[atApplies.length - 1]!;
          rules.push({ selectors: open.selector, body: normaliseDeclarations(text.slice(open.start, i)), inAtRule, onEveryScreen, order: rules.length });
        }
      }
      start = i + 1;
    } else if (stack.length === 0 || stack[stack.length - 1]!.selector.startsWith("@")) {
      // A ";" at rule-list level ends an @import/@charset statement, not a declaration.
      start = i + 1;
    }
  }
  return rules;
}
