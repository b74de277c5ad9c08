// Character-level cleanups shared by every output path.

// Zero-width, bidi-control, invisible-operator and Unicode "tag" characters: invisible to a reader but read
// by a model, so they are a channel for prompt injection and must never reach the output.
const INVISIBLE_CHARS =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/g;

export function hasInvisibleChars(text: string): boolean {
  INVISIBLE_CHARS.lastIndex = 0;
  const found = INVISIBLE_CHARS.test(text);
  INVISIBLE_CHARS.lastIndex = 0;
  return found;
}

export function removeInvisibleChars(text: string): string {
  return text.replace(INVISIBLE_CHARS, "");
}

/** Whitespace-normalised single line, or null when nothing is left. */
export function cleanLine(text: string | null | undefined): string | null {
  if (text == null) return null;
  const out = removeInvisibleChars(text).replace(/\s+/g, " ").trim();
  return out.length > 0 ? out : null;
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
}
