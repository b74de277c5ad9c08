// Classes and ids that the page's own inline <style> blocks hide with a simple top-level rule
// (`.x{display:none}`, `#y{opacity:0}`). External stylesheets are not fetched, so this is a lower bound.
import { hidesByOpacity, hidingDeclaration, type HidingReason } from "./hiding-styles.js";

export interface HiddenSelectors {
  /** Hidden class name -> the rule that hides it. */
  classes: Map<string, HidingReason>;
  ids: Map<string, HidingReason>;
  /** `.class` and `#id` selectors hidden by visibility:hidden alone, never by display:none. */
  visibilityOnly: Set<string>;
}

// Cheap test for "could any rule here hide something", so pages without such rules skip the parse.
const MAY_HIDE = /(?<![-\w])(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*\.?0|font-size\s*:\s*0|clip|text-indent\s*:\s*-|scale[xy]?\(\s*0|(?:left|top|right)\s*:\s*-\d{3}|overflow\s*:\s*(?:hidden|clip)|color\s*:)/i;

// Class names of scroll-reveal and fade-in helpers (`.et-pb-before-scroll-animation{opacity:0}`): script
// adds a class or an inline style that shows them, so opacity 0 there is a start state.
const ANIMATION_NAME = /anim|fade|reveal|scroll|motion|aos|wow|appear|transition|lazy|enter|inview|in-view/i;

// The properties each newer rule hides with: another rule for the same class that sets one of them (a
// `.reveal.is-visible{opacity:1}`, an @media override) means the hiding is a state, not a hiding place.
const RESET_PROPERTIES: Partial<Record<HidingReason, RegExp>> = {
  "opacity:0": /(?<![-\w])opacity\s*:/i,
  "font-size:0": /(?<![-\w])font-size\s*:/i,
  "off-screen": /(?<![-\w])(?:left|top|right|position)\s*:/i,
  "text-indent": /(?<![-\w])text-indent\s*:/i,
  clip: /(?<![-\w])(?:clip|clip-path|position)\s*:/i,
  "collapsed-box": /(?<![-\w])(?:height|max-height|width|max-width|overflow)\s*:/i,
  "transform:scale(0)": /(?<![-\w])transform\s*:/i,
  "color-equals-background": /(?<![-\w])(?:color|background|background-color)\s*:/i,
};

/**
 * A class that any @media rule shows again (mobile-first CSS: hidden by default, `display:block` from some
 * width) is not hidden on a desktop and stays. Compound selectors are skipped: matching them needs the
 * cascade, and a wrong guess would delete content.
 */
export function hiddenSelectorsFromStylesheets(doc: Document, extraCss: string): HiddenSelectors {
  const out: HiddenSelectors = { classes: new Map(), ids: new Map(), visibilityOnly: new Set() };
  const byDisplay = new Set<string>();
  let css = extraCss;
  for (const style of Array.from(doc.querySelectorAll("style"))) css += `${style.textContent ?? ""}\n`;
  if (!css || !MAY_HIDE.test(css)) return out;
  const shown = new Set<string>();
  const rules = cssRules(css);
  const hiddenBy = new Map<string, { reason: HidingReason; rule: CssRule }>();
  for (const rule of rules) {
    const reason = hidingDeclaration(rule.body) ?? (hidesByOpacity(rule.body) ? "opacity:0" : null);
    const displays = /(?<![-\w])display\s*:\s*(?!none)[a-z]/i.test(rule.body);
    for (const sel of rule.selectors.split(",")) {
      const s = sel.trim();
      if (rule.inAtRule) {
        if (displays) for (const m of s.matchAll(/[.#][\w-]+/g)) shown.add(m[0]);
        continue;
      }
      if (reason === null || !/^[.#][\w-]+$/.test(s)) continue;
      if (reason === "opacity:0" && ANIMATION_NAME.test(s)) continue;
      hiddenBy.set(s, { reason, rule });
      if (reason === "display:none") byDisplay.add(s);
      else if (reason === "visibility:hidden") out.visibilityOnly.add(s);
    }
  }
  const reset = resetSelectors(rules, hiddenBy);
  for (const [s, { reason }] of hiddenBy) {
    if (reset.has(s)) continue;
    (s.startsWith(".") ? out.classes : out.ids).set(s.slice(1), reason);
  }
  for (const s of shown) (s.startsWith(".") ? out.classes : out.ids).delete(s.slice(1));
  for (const s of byDisplay) out.visibilityOnly.delete(s);
  return out;
}

/** Selectors hidden by a newer rule that some other rule for the same class or id sets back. */
function resetSelectors(rules: CssRule[], hiddenBy: Map<string, { reason: HidingReason; rule: CssRule }>): Set<string> {
  const reset = new Set<string>();
  const watched = new Map<string, RegExp>();
  for (const [s, { reason }] of hiddenBy) {
    const props = RESET_PROPERTIES[reason];
    if (props) watched.set(s, props);
  }
  if (watched.size === 0) return reset;
  for (const rule of rules) {
    for (const m of rule.selectors.matchAll(/[.#][\w-]+/g)) {
      const props = watched.get(m[0]);
      if (!props || hiddenBy.get(m[0])!.rule === rule) continue;
      if (props.test(rule.body)) reset.add(m[0]);
    }
  }
  return reset;
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
