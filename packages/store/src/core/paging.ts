/**
 * Token-budgeted pages over a Markdown string. Pages are contiguous slices, so joining every page's
 * content gives the original back exactly. Tokens are estimated as chars/4 (no tokenizer dependency;
 * close enough for English prose and deliberately simple to reproduce).
 */
export const CHARS_PER_TOKEN = 4;

export interface TextSpan {
  start: number;
  end: number;
}

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
// A cut just before one of these would split a visible character (combining mark, ZWJ sequence, variation selector).
const JOINS_PREVIOUS = /^[\p{M}\u200d\ufe00-\ufe0f]/u;

/**
 * End offset (exclusive) for a slice that starts at `from` and holds at most `budgetChars` characters.
 * Preference order: after a blank line (paragraph), after a newline, after whitespace, anywhere
 * that does not split a UTF-16 surrogate pair or a combining sequence. Always returns > from.
 */
export function findCut(text: string, from: number, budgetChars: number): number {
  const budget = Math.max(1, Math.floor(budgetChars));
  const hardEnd = from + budget;
  if (hardEnd >= text.length) return text.length;

  const minParagraph = from + Math.floor(budget / 2);
  const minLine = from + Math.floor(budget / 4);

  // Paragraph boundary: the cut follows a line that is blank.
  let newline = text.lastIndexOf("\n", hardEnd - 1);
  while (newline >= from && newline + 1 > minParagraph) {
    const previous = text.lastIndexOf("\n", newline - 1);
    if (previous >= from && text.slice(previous + 1, newline).trim() === "") return newline + 1;
    newline = previous;
  }

  const lineEnd = text.lastIndexOf("\n", hardEnd - 1);
  if (lineEnd >= from && lineEnd + 1 > minLine) return lineEnd + 1;

  for (let at = hardEnd; at > minLine; at -= 1) {
    const char = text[at - 1];
    if (char === " " || char === "\t") return at;
  }

  return safeHardCut(text, from, hardEnd);
}

function safeHardCut(text: string, from: number, hardEnd: number): number {
  let cut = hardEnd;
  while (cut > from + 1) {
    const previousCode = text.charCodeAt(cut - 1);
    const splitsPair = previousCode >= HIGH_SURROGATE_MIN && previousCode <= HIGH_SURROGATE_MAX;
    const splitsCrLf = text[cut - 1] === "\r" && text[cut] === "\n";
    const splitsSequence = JOINS_PREVIOUS.test(text.slice(cut, cut + 1));
    if (!splitsPair && !splitsCrLf && !splitsSequence) return cut;
    cut -= 1;
  }
  // A single visible character longer than the budget: never split a surrogate pair even then.
  const firstCode = text.charCodeAt(from);
  const isPair = firstCode >= HIGH_SURROGATE_MIN && firstCode <= HIGH_SURROGATE_MAX && from + 2 <= text.length;
  return isPair ? from + 2 : from + 1;
}

/** All page spans for a document; an empty document has one empty page. */
export function paginate(text: string, pageSizeTokens: number): TextSpan[] {
  const budgetChars = pageSizeTokens * CHARS_PER_TOKEN;
  if (text.length === 0) return [{ start: 0, end: 0 }];
  const pages: TextSpan[] = [];
  let start = 0;
  while (start < text.length) {
    const end = findCut(text, start, budgetChars);
    pages.push({ start, end });
    start = end;
  }
  return pages;
}
