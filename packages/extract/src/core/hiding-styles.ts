// CSS declarations that hide text from a reader of the rendered page, each named by the rule reported in
// `hidden_content.samples[].reason`. Used for inline `style` attributes and for the bodies of the page's
// own simple stylesheet rules (stylesheet-hiding.ts). Each test reads one declaration block, normalised
// first (`normaliseDeclarations`) so that comments and CSS escapes cannot disguise a declaration.
import { allMatches } from "./all-matches.js";
import { parseColor, unreadableOn, INVISIBLE_ALPHA } from "./colors.js";

/** Why an element counts as hidden; the reason reported to callers. */
export type HidingReason =
  | "display:none"
  | "visibility:hidden"
  | "content-visibility:hidden"
  | "opacity:0"
  | "filter:opacity(0)"
  | "filter:blur"
  | "font-size:0"
  | "font-size:tiny"
  | "off-screen"
  | "text-indent"
  | "clip"
  | "collapsed-box"
  | "transform:scale(0)"
  | "color-equals-background"
  | "transparent-color"
  | "hidden-attribute"
  | "aria-hidden"
  | "visually-hidden-class";

/**
 * A declaration block as the browser reads it: comments gone (a comment between `display:` and `none`),
 * CSS escapes decoded (`n\one`, `\6e one`), whitespace collapsed, lower case. Cheap when there is nothing
 * to decode.
 */
export function normaliseDeclarations(block: string): string {
  let s = block;
  if (s.includes("/*")) s = s.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "");
  if (s.includes("\\")) s = s.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-f]))/gi, (_, hex: string | undefined, ch: string | undefined) => (hex ? codePoint(hex) : ch!));
  return s.replace(/\s+/g, " ").toLowerCase();
}

function codePoint(hex: string): string {
  const n = Number.parseInt(hex, 16);
  return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? "\ufffd" : String.fromCodePoint(n);
}

// One compiled pattern per property: this runs for every styled element of a page.
const PATTERNS = new Map<string, RegExp>();

// The last block's lower-case form: `declaration` is called many times in a row on one block.
let lastBlock = "";
let lastLower = "";
function lowerCased(block: string): string {
  if (block !== lastBlock) {
    lastBlock = block;
    lastLower = block.toLowerCase();
  }
  return lastLower;
}

/** The value of the last `prop:` declaration in a block (later declarations win, as in the cascade). */
export function declaration(block: string, prop: string): string | null {
  // Most blocks name few properties and this runs ~20 times per block: a block without the name (in any
  // case, as the pattern's `i` flag matches it) cannot match, so the scan is skipped.
  if (!mayDeclare(lowerCased(block), prop)) return null;
  let pattern = PATTERNS.get(prop);
  if (!pattern) PATTERNS.set(prop, (pattern = new RegExp(`(?:^|[;{\\s])${prop}\\s*:\\s*([^;}]*)`, "gi")));
  let value: string | null = null;
  for (const m of allMatches(pattern, block)) value = m[1]!.replace(/!important/i, "").trim().toLowerCase();
  return value;
}

const DECLARATION_START = /[;{\s]/;
const SPACE = /\s/;

/**
 * Whether `prop` occurs where the pattern in `declaration` could match it: at the start or after `;`, `{` or
 * whitespace, then a colon after any whitespace. Most property names a block contains are the tail of
 * another (`left` in `margin-left`), and this saves the pattern for them.
 */
function mayDeclare(lower: string, prop: string): boolean {
  for (let at = lower.indexOf(prop); at !== -1; at = lower.indexOf(prop, at + 1)) {
    if (at > 0 && !DECLARATION_START.test(lower.charAt(at - 1))) continue;
    let i = at + prop.length;
    while (i < lower.length && SPACE.test(lower.charAt(i))) i++;
    if (lower.charCodeAt(i) === 58) return true;
  }
  return false;
}

const ZERO = /^[-+]?0*\.?0+(?:px|em|rem|%|pt|vw|vh)?$/;
// Far enough off-screen that no layout shows it: -1000px and beyond, or -100em/-100% and beyond.
const FAR_NEGATIVE = /^-(?:\d{4,}(?:\.\d+)?px|\d{3,}(?:\.\d+)?(?:em|rem|vw|vh)|(?:[1-9]\d{2,}|100)(?:\.\d+)?%)$/;
// Margins and translations move boxes by design (negative margins, slide-in panels); only -5000px and
// beyond is a hiding place.
const FAR_SHIFT_PX = -5000;
// Below 2px no glyph is legible; 0.125em is 2px of a 16px font.
const TINY_FONT: Record<string, number> = { px: 2, pt: 1.5, em: 0.125, rem: 0.125, "%": 12.5, vw: 0.1, vh: 0.1 };

/**
 * The first hiding declaration of a normalised block, or null. `display:none` and `visibility` come first
 * so the reason matches the strongest rule. opacity:0 is not checked here: see `hidesByOpacity`.
 */
export function hidingDeclaration(block: string): HidingReason | null {
  if (!block) return null;
  if (declaration(block, "display") === "none") return "display:none";
  const visibility = declaration(block, "visibility");
  if (visibility === "hidden" || visibility === "collapse") return "visibility:hidden";
  if (declaration(block, "content-visibility") === "hidden") return "content-visibility:hidden";
  const fontSize = declaration(block, "font-size");
  if (fontSize !== null) {
    if (ZERO.test(fontSize)) return "font-size:0";
    if (tinyLength(fontSize, TINY_FONT)) return "font-size:tiny";
  }
  // zoom scales the glyphs with the box: 5% of a 16px font is under a pixel. (zoom:0 reads as zoom:1.)
  const zoom = declaration(block, "zoom");
  if (zoom !== null && tinyZoom(zoom)) return "font-size:tiny";
  for (const side of ["left", "top", "right"]) {
    const v = declaration(block, side);
    if (v !== null && FAR_NEGATIVE.test(v)) return "off-screen";
  }
  if (farMargin(block)) return "off-screen";
  const indent = declaration(block, "text-indent");
  if (indent !== null && FAR_NEGATIVE.test(indent)) return "text-indent";
  if (clipsAway(block)) return "clip";
  if (collapsedBox(block) || tinyBox(block)) return "collapsed-box";
  const transform = declaration(block, "transform");
  if (scaledToZero(transform) || (turnedEdgeOn(transform) && !ANIMATED.test(block))) return "transform:scale(0)";
  if (translatedAway(transform) && !ANIMATED.test(block)) return "off-screen";
  const filter = declaration(block, "filter");
  if (filteredToZero(filter)) return "filter:opacity(0)";
  // A blur that animates away is a reveal's start state (Linear's headline fades in from blur(10px)).
  if (blurredAway(filter) && !IN_MOTION.test(block.replace(FILTER_DECLARATION, ""))) return "filter:blur";
  return colorHiding(block);
}

function tinyZoom(value: string): boolean {
  const m = /^(\d*\.?\d+)(%?)$/.exec(value);
  if (!m) return false;
  const factor = Number(m[1]) / (m[2] ? 100 : 1);
  return factor > 0 && factor < 0.125;
}

// Gradient text: a transparent fill showing the background through the letters, or glyphs drawn by a
// stroke or a shadow. Without any of them a transparent fill leaves nothing to see.
const FILL_SHOWN = /(?<![-\w])(?:-webkit-)?background-clip\s*:\s*text|(?<![-\w])(?:-webkit-)?text-stroke|(?<![-\w])text-shadow\s*:/;

/** A text colour no one sees: transparent, or unreadable on the background the same block declares. */
function colorHiding(block: string): HidingReason | null {
  const fill = block.includes("text-fill-color") ? declaration(block, "-webkit-text-fill-color") : null;
  if (fill !== null && (parseColor(fill)?.a ?? 1) <= INVISIBLE_ALPHA && !FILL_SHOWN.test(block)) return "transparent-color";
  const color = textColor(block);
  if (color === null) return null;
  if (color.a <= INVISIBLE_ALPHA) return "transparent-color";
  const bg = parseColor(backgroundColor(block));
  return bg !== null && bg.a === 1 && unreadableOn(color, bg) ? "color-equals-background" : null;
}

// Text whose glyphs something else draws: gradient text (`background-clip:text`, a transparent colour
// showing the background through the letters), a text fill or stroke colour, a text shadow.
const OTHER_PAINT = /(?<![-\w])(?:-webkit-)?(?:background-clip|text-fill-color|text-stroke|text-shadow)\s*:/;

/** The block's text colour, or null when it sets none, sets one we cannot read, or paints glyphs another way. */
export function textColor(block: string): ReturnType<typeof parseColor> {
  const value = withVariables(block, declaration(block, "color"));
  if (value === null || OTHER_PAINT.test(block)) return null;
  return parseColor(value);
}

/**
 * A value that is one `var(--name)` (or `var(--name, fallback)`), read from a custom property the same block
 * declares (`--c:#fff;color:var(--c)`), else its fallback; null when neither is there (set elsewhere).
 */
function withVariables(block: string, value: string | null): string | null {
  if (value === null || !value.startsWith("var(")) return value;
  const m = /^var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*?))?\s*\)$/.exec(value);
  if (!m) return null;
  const declared = declaration(block, m[1]!);
  return declared !== null && !declared.startsWith("var(") ? declared : (m[2] ?? null);
}

function tinyLength(value: string, limits: Record<string, number>): boolean {
  const m = /^(\d*\.?\d+(?:e-?\d+)?)(px|pt|em|rem|%|vw|vh)$/.exec(value);
  if (!m) return false;
  const limit = limits[m[2]!];
  return limit !== undefined && Number(m[1]) < limit;
}

function pxBeyondShift(value: string | undefined): boolean {
  if (value === undefined) return false;
  const m = /^(-\d+(?:\.\d+)?)px$/.exec(value);
  return m !== null && Number(m[1]) <= FAR_SHIFT_PX;
}

/** `margin-left`/`margin-top` (or the `margin` shorthand's left or top) at -5000px or beyond. */
function farMargin(block: string): boolean {
  if (!block.includes("margin")) return false;
  if (pxBeyondShift(declaration(block, "margin-left") ?? undefined) || pxBeyondShift(declaration(block, "margin-top") ?? undefined)) return true;
  const short = declaration(block, "margin");
  if (short === null) return false;
  const parts = short.split(" ");
  // top [right [bottom [left]]]: left is the 4th, else the 2nd (right) value.
  return pxBeyondShift(parts[0]) || pxBeyondShift(parts.length === 4 ? parts[3] : parts[1]);
}

// A transform or position that animates: the start state of a transition is no hiding place.
const ANIMATED = /(?<![-\w])(?:-webkit-|-moz-|-ms-)?(?:transition|animation)\s*:/i;

/** `translate(-9999px, …)`, `translateX(-9999px)`, `translate3d(…)`, `translateY(-9999px)`: -5000px or beyond. */
function translatedAway(transform: string | null): boolean {
  if (transform === null || !transform.includes("translate")) return false;
  for (const m of transform.matchAll(/translate(x|y|3d)?\(([^)]*)\)/g)) {
    const args = m[2]!.split(/\s*,\s*|\s+/).filter(Boolean);
    const values = m[1] === "x" || m[1] === "y" ? args.slice(0, 1) : args.slice(0, 2);
    if (values.some((v) => pxBeyondShift(v))) return true;
  }
  return false;
}

/** `filter: opacity(0)` (or a near-zero amount), alone or among other filters. */
function filteredToZero(filter: string | null): boolean {
  if (filter === null) return false;
  const m = /(?:^|\s)opacity\(\s*([\d.]+)(%)?\s*\)/.exec(filter);
  if (!m) return false;
  const n = Number(m[1]) / (m[2] ? 100 : 1);
  return Number.isFinite(n) && n <= 0.01;
}

// An element in motion: animation libraries (Webflow, GSAP, scroll reveals) render content at opacity 0,
// often with a transform, and fade it in with script. On the WCXB dev split, treating those as hidden cost
// ~0.005 F1; the start state of an animation is no hiding place.
const IN_MOTION = /(?<![-\w])(?:-webkit-|-moz-|-ms-)?(?:transform|transition|animation|will-change)\s*:/i;

/** opacity 0 (or a near-zero value no reader can see), on an element that is not being animated. */
export function hidesByOpacity(block: string): boolean {
  const v = declaration(block, "opacity");
  if (v === null) return false;
  const n = v.endsWith("%") ? Number.parseFloat(v) / 100 : Number.parseFloat(v);
  return Number.isFinite(n) && n <= 0.01 && !IN_MOTION.test(block);
}

/** `clip: rect(0 0 0 0)` / `rect(1px,1px,1px,1px)` or a clip-path that leaves nothing (inset 50%+, circle(0)). */
function clipsAway(block: string): boolean {
  const clip = declaration(block, "clip");
  if (clip !== null) {
    const m = /^rect\(([^)]*)\)$/.exec(clip);
    if (m) {
      const sides = m[1]!.split(/[\s,]+/).filter(Boolean).map((s) => Number.parseFloat(s));
      // A rect whose top equals its bottom (or left its right) shows no pixel.
      if (sides.length === 4 && sides.every(Number.isFinite) && (sides[0] === sides[2] || sides[1] === sides[3])) return true;
    }
  }
  const path = declaration(block, "clip-path");
  if (path === null) return false;
  const inset = /^inset\(\s*(\d+(?:\.\d+)?)%/.exec(path);
  if (inset && Number.parseFloat(inset[1]!) >= 50) return true;
  return /^(?:circle|ellipse)\(\s*0(?:px|%)?[\s)]/.test(path);
}

/**
 * A zero height (or width) box whose overflow is cut: nothing inside is drawn. Not when it animates (an
 * accordion that opens on a click) or is absolutely positioned (a box layout scripts measure content in;
 * on WCXB dev such boxes held listing text the annotators counted).
 */
function collapsedBox(block: string): boolean {
  // Most blocks cut no overflow: the one-substring test spares them the patterns below.
  if (!block.includes("overflow")) return false;
  if (IN_MOTION.test(block) || declaration(block, "position") === "absolute") return false;
  const overflow = declaration(block, "overflow") ?? declaration(block, "overflow-y") ?? declaration(block, "overflow-x");
  if (overflow === null || !/^(?:hidden|clip)/.test(overflow)) return false;
  for (const prop of ["height", "max-height", "width", "max-width"]) {
    const v = declaration(block, prop);
    if (v !== null && ZERO.test(v)) return true;
  }
  return false;
}

/**
 * A box of at most 1px by 1px whose overflow is cut and that no clip explains (a clipped one is `clip`):
 * the screen-reader pattern without its clip, which shows at most one pixel of the text.
 */
function tinyBox(block: string): boolean {
  if (!block.includes("overflow") || IN_MOTION.test(block)) return false;
  // A 0x0 absolutely positioned box is where layout scripts measure content (see collapsedBox); one pixel
  // or more is the screen-reader pattern.
  const absolute = declaration(block, "position") === "absolute";
  const overflow = declaration(block, "overflow") ?? declaration(block, "overflow-y") ?? declaration(block, "overflow-x");
  if (overflow === null || !/^(?:hidden|clip)/.test(overflow)) return false;
  const atMostOnePx = (props: string[]): boolean =>
    props.some((prop) => {
      const v = declaration(block, prop);
      return v !== null && (absolute ? /^(?:0?\.\d*[1-9]\d*|1(?:\.0+)?)px$/.test(v) : ZERO.test(v) || /^(?:0?\.\d+|1(?:\.0+)?)px$/.test(v));
    });
  return atMostOnePx(["height", "max-height"]) && atMostOnePx(["width", "max-width"]);
}

/** `scale(x)`, `scaleX(x)`, `scaleY(x)`, `scale(x, y)`, `scale3d(…)` with a factor of at most 0.01 either way. */
function scaledToZero(transform: string | null): boolean {
  if (transform === null || !transform.includes("scale")) return false;
  for (const m of transform.matchAll(/scale(?:x|y|3d)?\(([^)]*)\)/g)) {
    const factors = m[1]!.split(/\s*,\s*|\s+/).filter(Boolean).slice(0, 2).map(Number);
    if (factors.some((f) => Number.isFinite(f) && Math.abs(f) <= 0.01)) return true;
  }
  return false;
}

/**
 * `rotateX(90deg)`, `rotateY(-90deg)`, `rotateY(270deg)`: the box turned edge-on to the reader, which
 * a browser draws as a line of no width (the same as scaling it to zero).
 */
function turnedEdgeOn(transform: string | null): boolean {
  if (transform === null || !transform.includes("rotate")) return false;
  for (const m of allMatches(EDGE_ON, transform)) {
    const turns = angleInTurns(m[1]!);
    if (turns !== null && Math.abs(Math.abs(turns % 0.5) - 0.25) < 0.003) return true;
  }
  return false;
}

const EDGE_ON = /rotate[xy]\(\s*([-+\d.]+(?:deg|rad|grad|turn))\s*\)/g;

function angleInTurns(angle: string): number | null {
  const m = /^([-+]?\d*\.?\d+)(deg|rad|grad|turn)$/.exec(angle);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === "deg" ? n / 360 : m[2] === "rad" ? n / (2 * Math.PI) : m[2] === "grad" ? n / 400 : n;
}

// The filter declaration itself, so IN_MOTION reads the rest of the block ("will-change: filter" still counts).
const FILTER_DECLARATION = /(?<![-\w])filter\s*:[^;]*/g;

/** `filter: blur(8px)` or more: glyphs smeared past reading. */
function blurredAway(filter: string | null): boolean {
  if (filter === null || !filter.includes("blur")) return false;
  const m = /(?:^|\s)blur\(\s*([\d.]+)(px|em|rem)\s*\)/.exec(filter);
  if (!m) return false;
  const px = Number(m[1]) * (m[2] === "px" ? 1 : 16);
  return Number.isFinite(px) && px >= 8;
}

/** A block's background colour value: `background-color`, or the `background` shorthand when it is a plain colour. */
export function backgroundColor(block: string): string | null {
  const bg = declaration(block, "background-color");
  if (bg !== null) return withVariables(block, bg);
  // `background: #fff url(...)` draws the image over the colour; only a plain colour counts.
  const short = withVariables(block, declaration(block, "background"));
  return short !== null && !/url\(|gradient\(|image-set\(/.test(short) ? short : null;
}
