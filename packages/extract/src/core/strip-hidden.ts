// Removes everything a reader of the rendered page would not see, before any extraction: hidden text is
// where prompt injection hides, and an extractor that keeps it hands the injection to the agent. What was
// removed as hidden is reported (hidden-report.ts), so a caller can warn about instructions hidden there.
import { CollapsedPanels } from "./collapsed-panels.js";
import { SEGMENT_ID } from "./streamed-fragments.js";
import { COMMENT_NODE, isElement, TEXT_NODE, textLength } from "./dom.js";
import { HiddenReportBuilder, type HiddenContentReport } from "./hidden-report.js";
import { composite, INVISIBLE_ALPHA, parseColor, unreadableOn, type Rgba } from "./colors.js";
import { backgroundColor, declaration, hidesByOpacity, hidingDeclaration, normaliseDeclarations, textColor, type HidingReason } from "./hiding-styles.js";
import { emptyHiddenSelectors, hiddenSelectorsFromStylesheets, matchCompoundSelectors, nameKey, pageCss, showsAgain, type HiddenSelectors } from "./stylesheet-hiding.js";
import { hasInvisibleChars, removeInvisibleChars } from "./text.js";

// Never content, removed before the walk: scripts, styles, embedded documents and form widgets' hidden state.
// A bare tag list (answered by dom.ts's fast walk); of the inputs only `input[type=hidden]` goes, the type
// compared in any case as linkedom's matcher does.
const NON_CONTENT = "script, style, template, iframe, object, embed, svg, canvas, input";
const isNonContent = (el: Element): boolean => el.localName !== "input" || (el.getAttribute("type") ?? "").toLowerCase() === "hidden";

// Screen-reader-only helpers are invisible on screen; their text ("opens in a new tab", "Skip to content")
// is noise in extracted content and an injection channel.
const VISUALLY_HIDDEN_CLASS = /(?:^|\s)(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screenreader-only|a11y-hidden|u-hidden|is-hidden)(?:\s|$)/i;

// A class carrying a responsive variant (Tailwind `md:block`, Bootstrap `d-md-block`) may be shown at some
// width, so a stylesheet rule hiding its base class does not prove it is hidden.
const RESPONSIVE_VARIANT = /(?:^|\s)(?:[a-z0-9-]+:[a-z-]+|d-(?:sm|md|lg|xl|xxl)-\w+)/i;

// Share of the body's text a load guard holds. A visibility guard wraps the whole page; an opacity fade-in
// wrapper often leaves the header and footer out (a WCXB dev article: 75% of the text), hence the lower bar.
const VISIBILITY_GUARD_SHARE = 0.85;
const OPACITY_GUARD_SHARE = 0.6;

export interface StripHiddenStats {
  removed: number;
  /** Text removed because the page hid it (not scripts, comments or other non-content). */
  hidden: HiddenContentReport;
}

/** Why one element is hidden, and whether an inline style (rather than a class or attribute) says so. */
interface HidingHit {
  reason: HidingReason;
  inline: boolean;
  /** Hidden by a compound stylesheet selector (`[data-x]`, `p.note`). */
  compound?: boolean;
}

/** What the walk knows about the page's styles. */
interface StyleContext {
  hidden: HiddenSelectors;
  /** Elements the page's compound hiding selectors match. */
  compoundHits: Map<Element, HidingReason>;
  revealedIds: ReadonlySet<string>;
  /** The page's background, or null when we cannot tell. */
  pageBackground: Rgba | null;
}

/** The document's <style> and <noscript> elements, when the caller has walked for them already. */
interface FoundElements {
  styles?: Element[];
  noscripts?: Element[];
}

/**
 * `css` is the page's inline stylesheet text when it was removed before parsing; `revealedIds` are hidden
 * elements the page's own script shows at load (see preclean.ts).
 */
export function stripHidden(doc: Document, css = "", revealedIds: ReadonlySet<string> = new Set(), found: FoundElements = {}): StripHiddenStats {
  let removed = 0;
  const report = new HiddenReportBuilder();
  const root = doc.documentElement;
  const body = doc.body;
  if (!root) return { removed, hidden: report.build() };
  // Read inline CSS before <style> goes with the rest of the non-content elements.
  const styles = pageCss(doc, css, found.styles);
  const hiddenSelectors = hiddenSelectorsFromStylesheets(doc, styles);
  const pageBackground = pageBackgroundColor(doc, styles);
  const compoundHits = body ? matchCompoundSelectors(body, hiddenSelectors) : new Map<Element, HidingReason>();
  removed += resolveNoscript(doc, found.noscripts ?? Array.from(doc.querySelectorAll("noscript")));
  for (const el of Array.from(doc.querySelectorAll(NON_CONTENT))) {
    if (!isNonContent(el)) continue;
    el.remove();
    removed++;
  }
  removed += removeCommentsAndInvisibleChars(root);
  // The body's elements, for the segment and panel readers below: nothing changes the tree between them.
  const bodyElements = body ? Array.from(body.querySelectorAll("*")) : [];
  const revealed = withUncompletedSegments(doc, revealedIds, bodyElements);
  const context: StyleContext = { hidden: hiddenSelectors, compoundHits, revealedIds: revealed, pageBackground };
  let bodyText = -1;
  const panels = new CollapsedPanels(body, bodyElements);
  const panelReasons = new Map<Element, HidingReason>();
  const guardClasses = new Set<string>();
  // A walk that steps over a removed subtree: linear in the page, where a snapshot list checked with
  // isConnected (a walk to the root per element) was quadratic in the nesting depth.
  let el = body?.firstElementChild ?? null;
  while (el) {
    const hit = hiddenReason(el, context);
    if (hit && onlyVisibilityHidden(el, hit, hiddenSelectors)) {
      // A flash-of-unstyled-content guard hides the whole page with visibility (which keeps the layout)
      // until a script or font loads; then the page is what every reader sees. Hiding all of a page is no
      // way to hide an injection from its readers, so the exception costs nothing; display:none, hidden
      // and aria-hidden never get it. The guard's class, once shown, shows its nested uses too.
      const classes = hidingClasses(el, hiddenSelectors);
      let guard = classes.length > 0 && classes.every((c) => guardClasses.has(c));
      if (!guard) {
        if (bodyText < 0) bodyText = textLength(body!);
        if (bodyText > 1000 && textLength(el) > bodyText * (hit.reason === "opacity:0" ? OPACITY_GUARD_SHARE : VISIBILITY_GUARD_SHARE)) {
          for (const c of classes) guardClasses.add(c);
          guard = true;
        }
      }
      if (guard) {
        el = el.firstElementChild ?? nextOutside(el, body!);
        continue;
      }
    }
    if (hit && panels.keep(el, hit.reason)) {
      // Kept with its text; what inside it is hidden is still judged on the way down.
      panelReasons.set(el, hit.reason);
      el = el.firstElementChild ?? nextOutside(el, body!);
      continue;
    }
    if (hit) {
      const next = nextOutside(el, body!);
      report.add(el, hit.reason);
      el.remove();
      removed++;
      el = next;
      continue;
    }
    el = el.firstElementChild ?? nextOutside(el, body!);
  }
  for (const panel of panels.unopenable()) {
    report.add(panel, panelReasons.get(panel)!);
    panel.remove();
    removed++;
  }
  panels.unwrapDisclosureButtons(doc);
  return { removed, hidden: report.build() };
}

/** The element after `el`'s subtree in document order, inside `root`. */
function nextOutside(el: Element, root: Element): Element | null {
  for (let n: Element | null = el; n && n !== root; n = n.parentElement) {
    if (n.nextElementSibling) return n.nextElementSibling;
  }
  return null;
}

function hidingClasses(el: Element, hidden: HiddenSelectors): string[] {
  return (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => hidden.classes.has(nameKey(hidden, c)));
}

/** Whether visibility:hidden or opacity:0 (inline, or visibility from a simple class rule) is the element's only hiding. */
function onlyVisibilityHidden(el: Element, hit: HidingHit, hidden: HiddenSelectors): boolean {
  // An inline opacity:0 on a page wrapper is the same load guard, faded in rather than shown.
  if (hit.reason === "opacity:0") return hit.inline;
  if (hit.reason !== "visibility:hidden") return false;
  if (hit.inline || hit.compound) return true;
  const classes = hidingClasses(el, hidden);
  const id = el.getAttribute("id");
  const only = (name: string): boolean => hidden.visibilityOnly.has(name[0] + nameKey(hidden, name.slice(1)));
  if (id !== null && hidden.ids.has(nameKey(hidden, id))) return only(`#${id}`) && classes.every((c) => only(`.${c}`));
  return classes.length > 0 && classes.every((c) => only(`.${c}`));
}

/**
 * <noscript> is what a client without script sees. Usually it is a "please enable JavaScript" line and goes;
 * when it holds most of the page's text (Discourse's crawler view), it is the page and is unwrapped.
 */
function resolveNoscript(doc: Document, blocks: Element[]): number {
  if (blocks.length === 0) return 0;
  const inside = blocks.reduce((n, el) => n + textLength(el), 0);
  const unwrap = inside > 500 && inside > ((doc.body ? textLength(doc.body) : 0) - inside) * 1.5;
  let removed = 0;
  for (const el of blocks) {
    if (!el.isConnected) continue;
    if (unwrap && textLength(el) > 200) {
      el.replaceWith(...Array.from(el.childNodes));
    } else {
      el.remove();
      removed++;
    }
  }
  return removed;
}

/**
 * A React streaming segment whose completion script did not come with the HTML (an archived page, a
 * crawler that drops scripts) is still the page when it holds most of the text: the visible rest is then
 * only the header and footer. Small hidden segments stay hidden. (Segments of a page that keeps its Suspense
 * boundaries were placed in them before this: streamed-fragments.ts.)
 */
function withUncompletedSegments(doc: Document, revealedIds: ReadonlySet<string>, bodyElements: Element[]): ReadonlySet<string> {
  const body = doc.body;
  if (!body) return revealedIds;
  const segments = bodyElements.filter((el) => SEGMENT_ID.test(el.getAttribute("id") ?? "") && el.hasAttribute("hidden"));
  if (segments.length === 0) return revealedIds;
  const total = textLength(body);
  const out = new Set(revealedIds);
  for (const el of segments) if (textLength(el) > total * 0.5) out.add(el.getAttribute("id")!);
  return out;
}

function hiddenReason(el: Element, context: StyleContext): HidingHit | null {
  const { hidden, revealedIds } = context;
  if (el.hasAttribute("hidden") && !(revealedIds.size > 0 && revealedIds.has(el.getAttribute("id") ?? ""))) return { reason: "hidden-attribute", inline: false };
  if (el.getAttribute("aria-hidden") === "true") return { reason: "aria-hidden", inline: false };
  // A <dialog> without `open` is display:none in every browser's own stylesheet (a modal until a script opens it).
  if (el.localName === "dialog" && !el.hasAttribute("open")) return { reason: "display:none", inline: false };
  const raw = el.getAttribute("style");
  const style = raw ? normaliseDeclarations(raw) : null;
  if (style) {
    const reason = hidingDeclaration(style) ?? (hidesByOpacity(style) ? "opacity:0" : null);
    if (reason) return { reason, inline: true };
  }
  const cls = el.getAttribute("class");
  if (cls && VISUALLY_HIDDEN_CLASS.test(cls)) return { reason: "visually-hidden-class", inline: false };
  const responsive = cls !== null && RESPONSIVE_VARIANT.test(cls);
  if (hidden.classes.size > 0 && cls && !responsive) {
    for (const c of cls.split(/\s+/)) {
      const reason = hidden.classes.get(nameKey(hidden, c));
      if (reason && !showsAgain(el, hidden, `.${c}`, reason)) return { reason, inline: false };
    }
  }
  const id = el.getAttribute("id");
  const byId = id === null ? undefined : hidden.ids.get(nameKey(hidden, id));
  if (byId && !showsAgain(el, hidden, `#${id}`, byId)) return { reason: byId, inline: false };
  const compound = context.compoundHits.get(el);
  if (compound && !responsive) return { reason: compound, inline: false, compound: true };
  const colour = unreadableText(el, style, context);
  return colour ? { reason: colour, inline: style !== null } : null;
}

/**
 * Text coloured like what is behind it (WCAG contrast under 1.1) or fully transparent. The text colour is
 * the element's inline `color`, a `<font color>`, or the colour a simple class rule of the page gives it;
 * the backdrop is the nearest background declared on the element or an ancestor (inline, `bgcolor`, a
 * class rule), else the page's. An ancestor that may get a background from CSS we do not see makes the
 * backdrop unknown and the text stays: one with a class when the page loads external stylesheets (white
 * headings on dark hero banners cost ~0.005 F1 on WCXB dev when removed), one some complex rule of the
 * page's own CSS paints.
 */
function unreadableText(el: Element, style: string | null, context: StyleContext): HidingReason | null {
  let color = style ? textColor(style) : null;
  if (color === null && el.localName === "font") color = parseColor(el.getAttribute("color"));
  if (color === null && context.hidden.classColors.size > 0) {
    color = classColor(el, context.hidden);
    // A colour an #id rule gives, where a stylesheet from elsewhere may give that id its background too.
    if (color !== null && context.hidden.externalCss && idValue(el, context.hidden.classColors) !== undefined) return null;
  }
  if (color === null) return null;
  if (color.a <= INVISIBLE_ALPHA) return paintsOwnText(el) ? null : "transparent-color";
  // An inline colour is compared with what is behind the element, not with a background its own inline
  // style draws (that pair was tested as one block above). This keeps the behaviour WCXB dev was tuned
  // with: white text on its own dark box on a white page counts as hidden (on three dev pages such boxes
  // are promo bars that external CSS hides; reading them costs service -0.005 and collection -0.007 F1).
  const inlineColour = style !== null && textColor(style) !== null;
  const backdrop = backdropOf(inlineColour ? el.parentElement : el, null, context);
  if (backdrop === null || !unreadableOn(color, backdrop)) return null;
  // A colour from a class or <font> covers whatever the block holds; a descendant that paints its own
  // text or box is read. (An inline colour keeps the tuned behaviour above.)
  return !inlineColour && paintsOwnText(el) ? null : "color-equals-background";
}

function classColor(el: Element, hidden: HiddenSelectors): Rgba | null {
  return fromClassesAndId(el, hidden.classColors) ?? null;
}

/** What an `#id{…}` rule gives the element (the maps key ids as "#id"). */
function idValue<T>(el: Element, values: Map<string, T>): T | undefined {
  const id = el.getAttribute("id");
  return id ? values.get(`#${id}`) : undefined;
}

/** The one value the element's classes and id give; null when two of them give different ones. */
function fromClassesAndId(el: Element, values: Map<string, Rgba | null>): Rgba | null | undefined {
  const cls = el.getAttribute("class");
  const byClass = cls ? fromClasses(cls, values) : undefined;
  const byId = idValue(el, values);
  if (byId === undefined) return byClass;
  if (byClass === undefined) return byId;
  return sameColor(byClass, byId) ? byId : null;
}

/** A descendant that sets its own colour or background: that text is drawn differently, so the block stays. */
function paintsOwnText(el: Element): boolean {
  return el.querySelector("[style*=color], [style*=COLOR], [style*=background], [style*=BACKGROUND], [bgcolor], font[color]") !== null;
}

/** The opaque colour behind `el`'s text, or null when something we cannot see may paint it. */
function backdropOf(el: Element | null, ownStyle: string | null, context: StyleContext): Rgba | null {
  const layers: Rgba[] = [];
  for (let p: Element | null = el; p && p.localName !== "body" && p.localName !== "html"; p = p.parentElement) {
    const layer = layerOf(p, p === el && ownStyle !== null ? ownStyle : undefined, context);
    if (layer === null) return null;
    if (layer === undefined) {
      if (unknownBackground(p, context)) return null;
      continue;
    }
    if (layer.a <= INVISIBLE_ALPHA) continue;
    layers.push(layer);
    if (layer.a >= 1) return flatten(layers);
  }
  if (context.pageBackground === null) return null;
  layers.push(context.pageBackground);
  return flatten(layers);
}

/** Layers from the top one down, painted over the last (opaque) one. */
function flatten(layers: Rgba[]): Rgba {
  let out = layers[layers.length - 1]!;
  for (let i = layers.length - 2; i >= 0; i--) out = composite(layers[i]!, out);
  return out;
}

/** An element's own background: a colour, null when it draws something else or we cannot read it, undefined when unset. */
function layerOf(el: Element, ownStyle: string | null | undefined, context: StyleContext): Rgba | null | undefined {
  const attr = el.getAttribute("bgcolor");
  if (attr) return parseColor(attr);
  if (el.hasAttribute("background")) return null;
  const raw = ownStyle === undefined ? el.getAttribute("style") : ownStyle;
  if (raw && raw.includes("background")) {
    const style = ownStyle === undefined ? normaliseDeclarations(raw) : raw;
    const image = declaration(style, "background-image");
    if (image !== null && image !== "none") return null;
    const value = backgroundColor(style);
    if (value !== null) return parseColor(value);
    if (declaration(style, "background") !== null) return null;
  }
  return context.hidden.classBackgrounds.size > 0 ? fromClassesAndId(el, context.hidden.classBackgrounds) : undefined;
}

/**
 * The one value the element's classes give (text colour or background); null when two of its classes
 * give different ones (which wins depends on rule order and specificity), undefined when none does.
 */
function fromClasses(cls: string, values: Map<string, Rgba | null>): Rgba | null | undefined {
  let found: Rgba | null | undefined;
  for (const c of cls.split(/\s+/)) {
    const value = values.get(c);
    if (value === undefined) continue;
    if (found !== undefined && !sameColor(found, value)) return null;
    found = value;
  }
  return found;
}

function sameColor(x: Rgba | null, y: Rgba | null): boolean {
  return x !== null && y !== null && x.r === y.r && x.g === y.g && x.b === y.b && x.a === y.a;
}

/** Whether CSS we do not follow may give this element a background. */
function unknownBackground(el: Element, context: StyleContext): boolean {
  const { hidden } = context;
  const cls = el.getAttribute("class");
  if (cls !== null && cls.trim() !== "" && hidden.externalCss) return true;
  if (hidden.unknownBackgrounds.size === 0) return false;
  if (hidden.unknownBackgrounds.has(el.localName)) return true;
  const id = el.getAttribute("id");
  if (id && hidden.unknownBackgrounds.has(`#${id}`)) return true;
  return cls !== null && cls.split(/\s+/).some((c) => c !== "" && hidden.unknownBackgrounds.has(`.${c}`));
}

/** The page's background: white unless <body>/<html> or the page's own CSS (pageCss) for them says otherwise; null when unreadable. */
function pageBackgroundColor(doc: Document, css: string): Rgba | null {
  const context: StyleContext = { hidden: emptySelectors, compoundHits: new Map(), revealedIds: new Set(), pageBackground: null };
  for (const el of [doc.body, doc.documentElement]) {
    const bg = el ? layerOf(el, undefined, context) : undefined;
    if (bg !== undefined) return bg === null || bg.a < 1 ? null : bg;
  }
  for (const m of css.matchAll(/(?:^|[},])\s*(?:html|body)\s*(?:,\s*(?:html|body)\s*)?\{([^}]*)\}/gi)) {
    const block = normaliseDeclarations(m[1]!);
    if (!/background/.test(block)) continue;
    const value = backgroundColor(block);
    const bg = value === null ? null : parseColor(value);
    return bg === null || bg.a < 1 ? null : bg;
  }
  return WHITE;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const emptySelectors: HiddenSelectors = emptyHiddenSelectors();

/** Comments go; zero-width and bidi controls go from every text node (whitespace rules would turn some into spaces). */
function removeCommentsAndInvisibleChars(root: Node): number {
  let removed = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (let child = node.firstChild; child; ) {
      const next = child.nextSibling;
      if (child.nodeType === COMMENT_NODE) {
        child.remove();
        removed++;
      } else if (child.nodeType === TEXT_NODE) {
        const data = (child as Text).data;
        if (hasInvisibleChars(data)) (child as Text).data = removeInvisibleChars(data);
      } else if (isElement(child)) {
        stack.push(child);
      }
      child = next;
    }
  }
  return removed;
}
