// CSS colours as RGBA and the WCAG contrast ratio between two of them, for the "text coloured like what
// is behind it" test (strip-hidden.ts). Only plainly written colours parse; anything else (currentColor,
// var(), color-mix()) is null, which every caller reads as "unknown, keep the text".

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0-1. */
  a: number;
}

// Named colours a page could pass off as its background: the white-ish and black-ish ones, plus
// transparent. Every other name parses to null (unknown), which keeps the text.
const NAMED: Record<string, string> = {
  white: "#ffffff",
  black: "#000000",
  snow: "#fffafa",
  ivory: "#fffff0",
  ghostwhite: "#f8f8ff",
  whitesmoke: "#f5f5f5",
  floralwhite: "#fffaf0",
  seashell: "#fff5ee",
  mintcream: "#f5fffa",
  azure: "#f0ffff",
  aliceblue: "#f0f8ff",
  honeydew: "#f0fff0",
  linen: "#faf0e6",
  oldlace: "#fdf5e6",
  lavenderblush: "#fff0f5",
  cornsilk: "#fff8dc",
  lightyellow: "#ffffe0",
  transparent: "#00000000",
};

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;
// rgb()/rgba()/hsl()/hsla() in the comma or the space syntax (`rgb(255 255 255 / 0)`).
const FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUMBER})(deg|turn|rad|%)?\s*[,\s]\s*(${NUMBER})(%)?\s*[,\s]\s*(${NUMBER})(%)?\s*(?:[,/]\s*(${NUMBER})(%)?\s*)?\)$`,
  "i",
);

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

/** A colour written plainly (a name above, #rgb, #rgba, #rrggbb, #rrggbbaa, rgb[a](), hsl[a]()), or null. */
export function parseColor(value: string | null | undefined): Rgba | null {
  if (value === null || value === undefined) return null;
  let v = value.trim().toLowerCase();
  if (v === "") return null;
  v = NAMED[v] ?? v;
  if (v.startsWith("#")) {
    const hex = v.slice(1);
    if (!/^[0-9a-f]+$/.test(hex)) return null;
    if (hex.length === 3 || hex.length === 4) {
      const [r, g, b, a] = [...hex].map((c) => Number.parseInt(c + c, 16));
      return { r: r!, g: g!, b: b!, a: a === undefined ? 1 : a / 255 };
    }
    if (hex.length === 6 || hex.length === 8) {
      const n = (i: number): number => Number.parseInt(hex.slice(i, i + 2), 16);
      return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? n(6) / 255 : 1 };
    }
    return null;
  }
  const m = FUNCTION.exec(v);
  if (!m) return null;
  const alpha = m[8] === undefined ? 1 : clamp(Number(m[8]) / (m[9] ? 100 : 1), 0, 1);
  if (m[1]!.startsWith("rgb")) {
    if (m[3]) return null;
    const channel = (n: string, pct: string | undefined): number => clamp(pct ? (Number(n) * 255) / 100 : Number(n), 0, 255);
    return { r: channel(m[2]!, undefined), g: channel(m[4]!, m[5]), b: channel(m[6]!, m[7]), a: alpha };
  }
  let hue = Number(m[2]);
  if (m[3] === "turn") hue *= 360;
  else if (m[3] === "rad") hue = (hue * 180) / Math.PI;
  else if (m[3] === "%") return null;
  return { ...hslToRgb(hue, clamp(Number(m[4]) / 100, 0, 1), clamp(Number(m[6]) / 100, 0, 1)), a: alpha };
}

function hslToRgb(hue: number, s: number, l: number): { r: number; g: number; b: number } {
  const h = (((hue % 360) + 360) % 360) / 360;
  const k = (n: number): number => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return { r: f(0), g: f(8), b: f(4) };
}

/** `top` painted over an opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two opaque colours: 1 (identical) to 21 (black on white). */
function contrastRatio(x: Rgba, y: Rgba): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Below this ratio no reader tells the text from its background: #fff on #f4f4f4 is 1.1; real designs'
// faintest "muted" text (#ccc on white) is 1.6.
const INVISIBLE_CONTRAST = 1.1;
// Text this transparent draws nothing.
export const INVISIBLE_ALPHA = 0.01;

/** Whether text of colour `text` cannot be read on the opaque `backdrop`. */
export function unreadableOn(text: Rgba, backdrop: Rgba): boolean {
  if (text.a <= INVISIBLE_ALPHA) return true;
  return contrastRatio(text.a < 1 ? composite(text, backdrop) : text, backdrop) < INVISIBLE_CONTRAST;
}
