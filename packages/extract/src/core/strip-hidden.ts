// Removes everything a reader of the rendered page would not see, before any extraction: hidden text is
// where prompt injection hides, and an extractor that keeps it hands the injection to the agent. What was
// removed as hidden is reported (hidden-report.ts), so a caller can warn about instructions hidden there.
import { COMMENT_NODE, isElement, TEXT_NODE, textLength } from "./dom.js";
import { HiddenReportBuilder, type HiddenContentReport } from "./hidden-report.js";
import { declaration, hidesByOpacity, hidingDeclaration, normaliseColor, type HidingReason } from "./hiding-styles.js";
import { hiddenSelectorsFromStylesheets, type HiddenSelectors } from "./stylesheet-hiding.js";
import { hasInvisibleChars, removeInvisibleChars } from "./text.js";

// Never content: scripts, styles, embedded documents and form widgets' hidden state.
const NON_CONTENT = "script, style, template, iframe, object, embed, svg, canvas, input[type=hidden]";

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
}

/**
 * `css` is the page's inline stylesheet text when it was removed before parsing; `revealedIds` are hidden
 * elements the page's own script shows at load (see preclean.ts).
 */
export function stripHidden(doc: Document, css = "", revealedIds: ReadonlySet<string> = new Set()): StripHiddenStats {
  let removed = 0;
  const report = new HiddenReportBuilder();
  const root = doc.documentElement;
  if (!root) return { removed, hidden: report.build() };
  // Read inline CSS before <style> goes with the rest of the non-content elements.
  const hiddenSelectors = hiddenSelectorsFromStylesheets(doc, css);
  const pageBackground = pageBackgroundColor(doc, css);
  removed += resolveNoscript(doc);
  for (const el of Array.from(doc.querySelectorAll(NON_CONTENT))) {
    el.remove();
    removed++;
  }
  removed += removeCommentsAndInvisibleChars(root);
  const revealed = withUncompletedSegments(doc, revealedIds);
  const body = doc.body;
  let bodyText = -1;
  const guardClasses = new Set<string>();
  // A walk that steps over a removed subtree: linear in the page, where a snapshot list checked with
  // isConnected (a walk to the root per element) was quadratic in the nesting depth.
  let el = body?.firstElementChild ?? null;
  while (el) {
    const hit = hiddenReason(el, hiddenSelectors, revealed, pageBackground);
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
  return (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => hidden.classes.has(c));
}

/** Whether visibility:hidden or opacity:0 (inline, or visibility from a simple class rule) is the element's only hiding. */
function onlyVisibilityHidden(el: Element, hit: HidingHit, hidden: HiddenSelectors): boolean {
  // An inline opacity:0 on a page wrapper is the same load guard, faded in rather than shown.
  if (hit.reason === "opacity:0") return hit.inline;
  if (hit.reason !== "visibility:hidden") return false;
  if (hit.inline) return true;
  const classes = hidingClasses(el, hidden);
  const id = el.getAttribute("id");
  if (id !== null && hidden.ids.has(id)) return hidden.visibilityOnly.has(`#${id}`) && classes.every((c) => hidden.visibilityOnly.has(`.${c}`));
  return classes.length > 0 && classes.every((c) => hidden.visibilityOnly.has(`.${c}`));
}

/**
 * <noscript> is what a client without script sees. Usually it is a "please enable JavaScript" line and goes;
 * when it holds most of the page's text (Discourse's crawler view), it is the page and is unwrapped.
 */
function resolveNoscript(doc: Document): number {
  const blocks = Array.from(doc.querySelectorAll("noscript"));
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
 * only the header and footer. Small hidden segments stay hidden.
 */
function withUncompletedSegments(doc: Document, revealedIds: ReadonlySet<string>): ReadonlySet<string> {
  const body = doc.body;
  if (!body) return revealedIds;
  const segments = Array.from(body.querySelectorAll("[hidden]")).filter((el) => /^S:\d+$/.test(el.getAttribute("id") ?? ""));
  if (segments.length === 0) return revealedIds;
  const total = textLength(body);
  const out = new Set(revealedIds);
  for (const el of segments) if (textLength(el) > total * 0.5) out.add(el.getAttribute("id")!);
  return out;
}

function hiddenReason(el: Element, hidden: HiddenSelectors, revealedIds: ReadonlySet<string>, pageBackground: string): HidingHit | null {
  if (el.hasAttribute("hidden") && !(revealedIds.size > 0 && revealedIds.has(el.getAttribute("id") ?? ""))) return { reason: "hidden-attribute", inline: false };
  if (el.getAttribute("aria-hidden") === "true") return { reason: "aria-hidden", inline: false };
  const style = el.getAttribute("style");
  if (style) {
    const reason = hidingDeclaration(style) ?? (hidesByOpacity(style) ? "opacity:0" : null) ?? (sameColorAsBackdrop(el, style, pageBackground) ? "color-equals-background" : null);
    if (reason) return { reason, inline: true };
  }
  const cls = el.getAttribute("class");
  if (cls && VISUALLY_HIDDEN_CLASS.test(cls)) return { reason: "visually-hidden-class", inline: false };
  if (hidden.classes.size > 0 && cls && !RESPONSIVE_VARIANT.test(cls)) {
    for (const c of cls.split(/\s+/)) {
      const reason = hidden.classes.get(c);
      if (reason) return { reason, inline: false };
    }
  }
  const id = el.getAttribute("id");
  const reason = id === null ? undefined : hidden.ids.get(id);
  return reason ? { reason, inline: false } : null;
}

/**
 * Text coloured like what is behind it: the nearest background declared inline on an ancestor (or
 * `bgcolor`), else the page's background. An ancestor with a class may get a background from an external
 * stylesheet we cannot see (white headings on dark hero banners cost ~0.005 F1 on WCXB dev when removed),
 * so the page background only counts when no ancestor carries a class.
 */
function sameColorAsBackdrop(el: Element, style: string, pageBackground: string): boolean {
  const color = normaliseColor(declaration(style, "color"));
  if (color === null) return false;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const bg = backdropOf(p);
    if (bg !== undefined) return bg === color;
    if (p.localName !== "body" && p.localName !== "html" && p.hasAttribute("class")) return false;
  }
  return color === pageBackground;
}

/** An element's own background colour: a colour, null when it draws something else, undefined when unset. */
function backdropOf(el: Element): string | null | undefined {
  const attr = el.getAttribute("bgcolor");
  if (attr) return normaliseColor(attr.toLowerCase());
  const style = el.getAttribute("style");
  if (!style || !/background/i.test(style)) return undefined;
  const bg = declaration(style, "background-color") ?? declaration(style, "background");
  return bg === null ? undefined : normaliseColor(bg);
}

/** The page's background: white unless <body>/<html> or the page's own CSS for them says otherwise. */
function pageBackgroundColor(doc: Document, css: string): string {
  for (const el of [doc.body, doc.documentElement]) {
    const bg = el ? backdropOf(el) : undefined;
    if (bg !== undefined) return bg ?? "unknown";
  }
  let inline = css;
  for (const style of Array.from(doc.querySelectorAll("style"))) inline += style.textContent ?? "";
  for (const m of inline.matchAll(/(?:^|[},])\s*(?:html|body)\s*(?:,\s*(?:html|body)\s*)?\{([^}]*)\}/gi)) {
    const bg = declaration(m[1]!, "background-color") ?? declaration(m[1]!, "background");
    if (bg !== null) return normaliseColor(bg) ?? "unknown";
  }
  return "#ffffff";
}

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
