// Cutting inlined text: always a verbatim prefix, preferably at a paragraph, line or word end.

/** How far back (fraction of the cut) we look for a nicer boundary before cutting mid-word. */
const BOUNDARY_LOOKBACK = 0.3;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** End index <= `max` at a paragraph, line or word boundary when one is near, never splitting a surrogate pair. */
export function snapCut(text: string, max: number): number {
  if (max >= text.length) return text.length;
  if (max <= 0) return 0;
  const floor = Math.floor(max * (1 - BOUNDARY_LOOKBACK));
  for (const boundary of ["\n\n", "\n"]) {
    const at = text.lastIndexOf(boundary, max - boundary.length);
    if (at >= floor && at > 0) return at;
  }
  for (let i = max; i > floor; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x09) return i;
  }
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}

/** Verbatim prefix of at most `maxChars` chars, snapped to a boundary, trailing whitespace dropped. */
export function truncateChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return text.slice(0, snapCut(text, maxChars)).trimEnd();
}
