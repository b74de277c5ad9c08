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

/** The longest byline or site name kept (find-byline.ts refuses longer bylines too). */
export const MAX_NAME_CHARS = 200;
/** BCP 47 tags in use stay well under this. */
export const MAX_LANGUAGE_TAG_CHARS = 35;

/**
 * A name-like field (byline, site name, language tag) cut to one line, or null when it is longer than any
 * real one: a page controls its meta tags, and a 20,000-character "author" would otherwise ride along in
 * every reply about the page.
 */
export function cleanName(text: string | null | undefined, maxChars: number): string | null {
  const line = cleanLine(text);
  return line !== null && line.length <= maxChars ? line : null;
}

const WORD_CHAR = /^[\p{L}\p{N}_]$/u;
// Whether each BMP character is a word character: 0 not looked up yet, 1 no, 2 yes (filled as met).
const BMP_WORD_CHAR = new Uint8Array(0x10000);

function isWordCode(code: number): boolean {
  let known = BMP_WORD_CHAR[code]!;
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 2 : 1;
    BMP_WORD_CHAR[code] = known;
  }
  return known === 2;
}

/**
 * Runs of letters, digits and "_" (what `/[\p{L}\p{N}_]+/gu` matches), counted without building the
 * array of matches: it runs on every candidate's whole text, several times a page.
 */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let word: boolean;
    if (code < 128) word = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      word = WORD_CHAR.test(text.slice(i, i + 2));
      i++;
    } else word = isWordCode(code);
    if (word && !inWord) count++;
    inWord = word;
  }
  return count;
}

/** Lower-cased runs of letters and digits: the words two texts are compared on (titles, names, quotes, copies). */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every run of `size` consecutive words, joined by spaces: text reuse is found by shared shingles. */
export function wordShingles(words: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + size <= words.length; i++) out.push(words.slice(i, i + size).join(" "));
  return out;
}

/** The share of a text's `size`-word shingles found in `within` (0 for a text too short to have any). */
export function shareOfShinglesIn(words: readonly string[], within: ReadonlySet<string>, size: number): number {
  const shingles = wordShingles(words, size);
  if (shingles.length === 0) return 0;
  let found = 0;
  for (const shingle of shingles) if (within.has(shingle)) found++;
  return found / shingles.length;
}
