// Text a server encoded to UTF-8 twice: each byte of a UTF-8 sequence was read as one Latin-1 or Windows-1252
// character and encoded again, so "—" arrives as "â€”" and "é" as "Ã©". Such a run is repaired only when its
// characters map back to bytes that decode as exactly one valid UTF-8 sequence, which ordinary text in any
// language almost never spells ("Ã" followed by "©" is not a word). HTML syntax is ASCII and never touched.

// Windows-1252's printable characters for the bytes 0x80-0x9F (Latin-1 has control characters there).
const CP1252_BYTES: Record<string, number> = {
  "\u20ac": 0x80, "\u201a": 0x82, "\u0192": 0x83, "\u201e": 0x84, "\u2026": 0x85, "\u2020": 0x86, "\u2021": 0x87,
  "\u02c6": 0x88, "\u2030": 0x89, "\u0160": 0x8a, "\u2039": 0x8b, "\u0152": 0x8c, "\u017d": 0x8e, "\u2018": 0x91,
  "\u2019": 0x92, "\u201c": 0x93, "\u201d": 0x94, "\u2022": 0x95, "\u2013": 0x96, "\u2014": 0x97, "\u02dc": 0x98,
  "\u2122": 0x99, "\u0161": 0x9a, "\u203a": 0x9b, "\u0153": 0x9c, "\u017e": 0x9e, "\u0178": 0x9f,
};
const CONTINUATION = `[\\u0080-\\u00bf${Object.keys(CP1252_BYTES).join("")}]`;
// A lead byte read as a character, then as many continuation bytes as that lead announces.
const DOUBLE_ENCODED = new RegExp(`[\\u00c2-\\u00df]${CONTINUATION}|[\\u00e0-\\u00ef]${CONTINUATION}{2}|[\\u00f0-\\u00f4]${CONTINUATION}{3}`, "g");
const MAY_BE_DOUBLE_ENCODED = /[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function repairDoubleEncoding(text: string): string {
  if (!MAY_BE_DOUBLE_ENCODED.test(text)) return text;
  return text.replace(DOUBLE_ENCODED, (run) => {
    const bytes = Uint8Array.from(run, (ch) => CP1252_BYTES[ch] ?? ch.charCodeAt(0));
    try {
      return strictUtf8.decode(bytes);
    } catch {
      // Overlong forms and surrogates are not UTF-8: the run stays as the page wrote it.
      return run;
    }
  });
}
