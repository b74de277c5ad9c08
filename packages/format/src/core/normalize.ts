// Canonical text for duplicate detection: formatting, case and punctuation must not hide a copy.

const NON_ASCII = /[^\x00-\x7f]/;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Classification of non-ASCII code points, filled lazily (a per-char regex test is the slow part). */
const wordCharCache = new Map<number, boolean>();

function isWordCodePoint(code: number): boolean {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
  let known = wordCharCache.get(code);
  if (known === undefined) {
    known = WORD_CHAR.test(String.fromCodePoint(code));
    wordCharCache.set(code, known);
  }
  return known;
}

/** ASCII fast path (most pages; ASCII is already NFKC): one pass over bytes, compacted in place. */
function normalizeAscii(text: string): string {
  const bytes = Buffer.from(text, "latin1");
  let write = 0;
  let pendingSpace = false;
  for (let read = 0; read < bytes.length; read++) {
    let code = bytes[read]!;
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      if (pendingSpace && write > 0) bytes[write++] = 0x20;
      pendingSpace = false;
      bytes[write++] = code;
    } else {
      pendingSpace = true;
    }
  }
  return bytes.toString("latin1", 0, write);
}

/**
 * NFKC, lower case, every run of non-letters/digits collapsed to one space, trimmed. A hand-written
 * scan: a global regex replace over megabytes of text with one match per word was ~10x slower here.
 */
export function normalizeForDedup(text: string): string {
  if (!NON_ASCII.test(text)) return normalizeAscii(text);
  const canonical = text.normalize("NFKC").toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < canonical.length; ) {
    const code = canonical.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (isWordCodePoint(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(canonical.slice(start, i));
      start = -1;
    }
    i += width;
  }
  if (start >= 0) words.push(canonical.slice(start));
  return words.join(" ");
}
