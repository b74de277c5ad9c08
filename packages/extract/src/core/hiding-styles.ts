// CSS declarations that hide text from a reader of the rendered page, each named by the rule reported in
// `hidden_content.samples[].reason`. Used for inline `style` attributes and for the bodies of the page's
// own simple class/id rules (stylesheet-hiding.ts). Each test reads one declaration block.

/** Why an element counts as hidden; the reason reported to callers. */
export type HidingReason =
  | "display:none"
  | "visibility:hidden"
  | "opacity:0"
  | "font-size:0"
  | "off-screen"
  | "text-indent"
  | "clip"
  | "collapsed-box"
  | "transform:scale(0)"
  | "color-equals-background"
  | "hidden-attribute"
  | "aria-hidden"
  | "visually-hidden-class";

// One compiled pattern per property: this runs for every styled element of a page.
const PATTERNS = new Map<string, RegExp>();

/** The value of the last `prop:` declaration in a block (later declarations win, as in the cascade). */
export function declaration(block: string, prop: string): string | null {
  let pattern = PATTERNS.get(prop);
  if (!pattern) PATTERNS.set(prop, (pattern = new RegExp(`(?:^|[;{\\s])${prop}\\s*:\\s*([^;}]*)`, "gi")));
  let value: string | null = null;
  for (const m of block.matchAll(pattern)) value = m[1]!.replace(/!important/i, "").trim().toLowerCase();
  return value;
}

const ZERO = /^[-+]?0*\.?0+(?:px|em|rem|%|pt|vw|vh)?$/;
// Far enough off-screen that no layout shows it: -1000px and beyond, or -100em/-100% and beyond.
const FAR_NEGATIVE = /^-(?:\d{4,}(?:\.\d+)?px|\d{3,}(?:\.\d+)?(?:em|rem|vw|vh)|(?:[1-9]\d{2,}|100)(?:\.\d+)?%)$/;

/**
 * The first hiding declaration of a block, or null. `display:none` and `visibility` come first so the
 * reason matches the strongest rule. opacity:0 is not checked here: see `hidesByOpacity`.
 */
export function hidingDeclaration(block: string): HidingReason | null {
  if (!block) return null;
  if (declaration(block, "display") === "none") return "display:none";
  const visibility = declaration(block, "visibility");
  if (visibility === "hidden" || visibility === "collapse") return "visibility:hidden";
  const fontSize = declaration(block, "font-size");
  if (fontSize !== null && ZERO.test(fontSize)) return "font-size:0";
  for (const side of ["left", "top", "right"]) {
    const v = declaration(block, side);
    if (v !== null && FAR_NEGATIVE.test(v)) return "off-screen";
  }
  const indent = declaration(block, "text-indent");
  if (indent !== null && FAR_NEGATIVE.test(indent)) return "text-indent";
  if (clipsAway(block)) return "clip";
  if (collapsedBox(block)) return "collapsed-box";
  if (scaledToZero(declaration(block, "transform"))) return "transform:scale(0)";
  const color = normaliseColor(declaration(block, "color"));
  if (color !== null && color === normaliseColor(backgroundColor(block))) return "color-equals-background";
  return null;
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
  if (IN_MOTION.test(block) || declaration(block, "position") === "absolute") return false;
  const overflow = declaration(block, "overflow") ?? declaration(block, "overflow-y") ?? declaration(block, "overflow-x");
  if (overflow === null || !/^(?:hidden|clip)/.test(overflow)) return false;
  for (const prop of ["height", "max-height", "width", "max-width"]) {
    const v = declaration(block, prop);
    if (v !== null && ZERO.test(v)) return true;
  }
  return false;
}

function scaledToZero(transform: string | null): boolean {
  if (transform === null) return false;
  return /scale[xy]?\(\s*0(?:\.0+)?\s*[,)]/.test(transform) || /scale\(\s*[^,)]+,\s*0(?:\.0+)?\s*\)/.test(transform);
}

function backgroundColor(block: string): string | null {
  const bg = declaration(block, "background-color");
  if (bg !== null) return bg;
  // `background: #fff url(...)` draws the image over the colour; only a plain colour counts.
  const short = declaration(block, "background");
  return short !== null && !/url\(|gradient\(/.test(short) ? short : null;
}

const NAMED: Record<string, string> = { white: "#ffffff", black: "#000000" };

/** A colour as #rrggbb when it is written plainly (named white/black, hex, opaque rgb/rgba); else null. */
export function normaliseColor(value: string | null): string | null {
  if (value === null) return null;
  const v = value.replace(/\s+/g, "");
  if (NAMED[v]) return NAMED[v];
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return `#${[...m[1]!].map((c) => c + c).join("")}`;
  m = /^#([0-9a-f]{6})(?:ff)?$/.exec(v);
  if (m) return `#${m[1]}`;
  const rgb = /^rgba?\((\d{1,3}),(\d{1,3}),(\d{1,3})(?:,(1|1\.0+|100%))?\)$/.exec(v);
  if (rgb) return `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, "0")).join("")}`;
  return null;
}
