// Removes everything a reader of the rendered page would not see, before any extraction: hidden text is
// where prompt injection hides, and an extractor that keeps it hands the injection to the agent.
import { COMMENT_NODE, isElement, TEXT_NODE, textLength } from "./dom.js";
import { hasInvisibleChars, removeInvisibleChars } from "./text.js";

// Never content: scripts, styles, embedded documents and form widgets' hidden state.
const NON_CONTENT = "script, style, template, iframe, object, embed, svg, canvas, input[type=hidden]";

// Inline styles that hide an element. Opacity 0 and off-screen positioning are common injection tricks too.
// Inline styles that hide an element. opacity:0 is left alone: animation libraries start visible content
// at opacity 0 and fade it in with script, so it is no proof of hiding.
const HIDING_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|font-size\s*:\s*0(?:px|em|rem)?\s*(?:!important)?\s*(?:;|$)|(?:left|top)\s*:\s*-\d{4,}px)/i;

// Screen-reader-only helpers are invisible on screen; their text ("opens in a new tab", "Skip to content")
// is noise in extracted content and an injection channel.
const VISUALLY_HIDDEN_CLASS = /(?:^|\s)(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screenreader-only|a11y-hidden|u-hidden|is-hidden)(?:\s|$)/i;

// A class carrying a responsive variant (Tailwind `md:block`, Bootstrap `d-md-block`) may be shown at some
// width, so a stylesheet rule hiding its base class does not prove it is hidden.
const RESPONSIVE_VARIANT = /(?:^|\s)(?:[a-z0-9-]+:[a-z-]+|d-(?:sm|md|lg|xl|xxl)-\w+)/i;

export interface StripHiddenStats {
  removed: number;
}

/**
 * `css` is the page's inline stylesheet text when it was removed before parsing; `revealedIds` are hidden
 * elements the page's own script shows at load (see preclean.ts).
 */
export function stripHidden(doc: Document, css = "", revealedIds: ReadonlySet<string> = new Set()): StripHiddenStats {
  let removed = 0;
  const root = doc.documentElement;
  if (!root) return { removed };
  // Read inline CSS before <style> goes with the rest of the non-content elements.
  const hiddenSelectors = hiddenSelectorsFromStylesheets(doc, css);
  removed += resolveNoscript(doc);
  for (const el of Array.from(doc.querySelectorAll(NON_CONTENT))) {
    el.remove();
    removed++;
  }
  removed += removeCommentsAndInvisibleChars(root);
  const revealed = withUncompletedSegments(doc, revealedIds);
  let bodyText = -1;
  const guardClasses = new Set<string>();
  for (const el of Array.from(doc.body?.querySelectorAll("*") ?? [])) {
    if (!el.isConnected) continue;
    if (!isHidden(el, hiddenSelectors, revealed)) continue;
    if (onlyVisibilityHidden(el, hiddenSelectors)) {
      // A flash-of-unstyled-content guard hides the whole page with visibility (which keeps the layout)
      // until a script or font loads; then the page is what every reader sees. Hiding all of a page is no
      // way to hide an injection from its readers, so the exception costs nothing; display:none, hidden
      // and aria-hidden never get it. The guard's class, once shown, shows its nested uses too.
      const classes = hidingClasses(el, hiddenSelectors);
      if (classes.length > 0 && classes.every((c) => guardClasses.has(c))) continue;
      if (bodyText < 0) bodyText = textLength(doc.body!);
      if (bodyText > 1000 && textLength(el) > bodyText * 0.85) {
        for (const c of classes) guardClasses.add(c);
        continue;
      }
    }
    el.remove();
    removed++;
  }
  return { removed };
}

const VISIBILITY_HIDDEN = /(?:^|;)\s*visibility\s*:\s*hidden/i;

function hidingClasses(el: Element, hidden: HiddenSelectors): string[] {
  return (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => hidden.classes.has(c));
}

/** Whether visibility:hidden (inline or from a simple class rule) is the element's only hiding. */
function onlyVisibilityHidden(el: Element, hidden: HiddenSelectors): boolean {
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true") return false;
  const style = el.getAttribute("style") ?? "";
  const cls = el.getAttribute("class") ?? "";
  if (style && HIDING_STYLE.test(style)) return VISIBILITY_HIDDEN.test(style) && !/display\s*:\s*none/i.test(style);
  if (VISUALLY_HIDDEN_CLASS.test(cls)) return false;
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

function isHidden(el: Element, hidden: HiddenSelectors, revealedIds: ReadonlySet<string>): boolean {
  if (el.hasAttribute("hidden") && !(revealedIds.size > 0 && revealedIds.has(el.getAttribute("id") ?? ""))) return true;
  if (el.getAttribute("aria-hidden") === "true") return true;
  const style = el.getAttribute("style");
  if (style && HIDING_STYLE.test(style)) return true;
  const cls = el.getAttribute("class");
  if (cls && VISUALLY_HIDDEN_CLASS.test(cls)) return true;
  if (hidden.classes.size > 0 && cls && !RESPONSIVE_VARIANT.test(cls)) {
    for (const c of cls.split(/\s+/)) if (hidden.classes.has(c)) return true;
  }
  const id = el.getAttribute("id");
  return id !== null && hidden.ids.has(id);
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

interface HiddenSelectors {
  classes: Set<string>;
  ids: Set<string>;
  /** `.class` and `#id` selectors hidden by visibility:hidden alone, never by display:none. */
  visibilityOnly: Set<string>;
}

/**
 * Simple top-level rules of inline <style> blocks that hide a bare class or id (`.x{display:none}`).
 * A class that any @media rule shows again (mobile-first CSS: hidden by default, `display:block` from some
 * width) is not hidden on a desktop and stays. Compound selectors are skipped: matching them needs the
 * cascade, and a wrong guess would delete content.
 */
function hiddenSelectorsFromStylesheets(doc: Document, extraCss: string): HiddenSelectors {
  const out: HiddenSelectors = { classes: new Set(), ids: new Set(), visibilityOnly: new Set() };
  const byDisplay = new Set<string>();
  let css = extraCss;
  for (const style of Array.from(doc.querySelectorAll("style"))) css += `${style.textContent ?? ""}\n`;
  // Most pages hide nothing with simple rules; skip the parse then.
  if (!css || !/(?<![-\w])(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(css)) return out;
  const shown = new Set<string>();
  for (const rule of cssRules(css)) {
    const hides = /(?<![-\w])(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(rule.body);
    const displays = /(?<![-\w])display\s*:\s*(?!none)[a-z]/i.test(rule.body);
    for (const sel of rule.selectors.split(",")) {
      const s = sel.trim();
      if (rule.inAtRule) {
        if (displays) for (const m of s.matchAll(/[.#][\w-]+/g)) shown.add(m[0]);
        continue;
      }
      // `(?<![-\w])` above: custom properties such as --tag-display:none hide nothing.
      if (!hides) continue;
      if (/^[.#][\w-]+$/.test(s)) {
        (s.startsWith(".") ? out.classes : out.ids).add(s.slice(1));
        if (/(?<![-\w])display\s*:\s*none/i.test(rule.body)) byDisplay.add(s);
        else out.visibilityOnly.add(s);
      }
    }
  }
  for (const s of shown) (s.startsWith(".") ? out.classes : out.ids).delete(s.slice(1));
  for (const s of byDisplay) out.visibilityOnly.delete(s);
  return out;
}

interface CssRule {
  selectors: string;
  body: string;
  inAtRule: boolean;
}

/** Style rules with their selector text, flattening @media/@supports blocks. Jumps between braces. */
function cssRules(css: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: CssRule[] = [];
  const stack: Array<{ selector: string; start: number }> = [];
  let atDepth = 0;
  let start = 0;
  const structural = /[{};]/g;
  for (let m = structural.exec(text); m; m = structural.exec(text)) {
    const i = m.index;
    const ch = m[0];
    if (ch === "{") {
      const selector = text.slice(start, i).trim();
      if (selector.startsWith("@")) atDepth++;
      stack.push({ selector, start: i + 1 });
      start = i + 1;
    } else if (ch === "}") {
      const open = stack.pop();
      if (open) {
        if (open.selector.startsWith("@")) atDepth--;
        else rules.push({ selectors: open.selector, body: text.slice(open.start, i), inAtRule: atDepth > 0 });
      }
      start = i + 1;
    } else if (stack.length === 0 || stack[stack.length - 1]!.selector.startsWith("@")) {
      // A ";" at rule-list level ends an @import/@charset statement, not a declaration.
      start = i + 1;
    }
  }
  return rules;
}
