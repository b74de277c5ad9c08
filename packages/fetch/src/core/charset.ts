// Chooses the character encoding of a text body (BOM, then header, then <meta> / XML declaration) and decodes it.
// Node's TextDecoder has full ICU, so legacy encodings (windows-1252, Shift_JIS, GBK, EUC-KR ...) decode natively.

export interface CharsetChoice {
  /** The encoding actually used, as TextDecoder names it (e.g. "utf-8", "shift_jis", "gbk"). */
  charset: string;
  /** Where the choice came from, in words, for the result's `detail`. */
  source: string;
}

export interface DecodedText extends CharsetChoice {
  text: string;
}

const SNIFF_WINDOW_BYTES = 4096;

function normaliseLabel(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined; // an unknown label ("utf8mb4", garbage) is treated as undeclared
  }
}

function charsetFromBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

/** The charset named by `<meta charset>`, `<meta http-equiv content="...charset=">` or `<?xml encoding=?>`. */
function charsetFromMarkup(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, SNIFF_WINDOW_BYTES)).toString("latin1");
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i.exec(head);
  if (meta?.[1] !== undefined) return meta[1];
  const xml = /^\s*<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/i.exec(head);
  return xml?.[1];
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function hasNonAscii(bytes: Uint8Array): boolean {
  return bytes.some((byte) => byte >= 0x80);
}

const SINGLE_BYTE_WESTERN = new Set(["windows-1252", "iso-8859-2", "iso-8859-15"]);

/**
 * Picks the encoding. Declarations are often wrong, so two cheap checks overrule them: bytes that claim UTF-8 but
 * are not valid UTF-8 fall back to the markup declaration or windows-1252; bytes declared as a Latin single-byte
 * set that are valid multi-byte UTF-8 are UTF-8 (a misconfigured server default, the common case).
 */
export function chooseCharset(bytes: Uint8Array, headerCharset: string | undefined): CharsetChoice {
  const bom = charsetFromBom(bytes);
  if (bom !== undefined) return { charset: bom, source: "byte order mark" };
  const fromHeader = normaliseLabel(headerCharset);
  const fromMarkup = normaliseLabel(charsetFromMarkup(bytes));
  const declared = fromHeader ?? fromMarkup;
  const declaredBy = fromHeader !== undefined ? "Content-Type header" : "meta/XML declaration";
  const utf8 = isValidUtf8(bytes);
  if (declared === undefined) {
    return utf8 ? { charset: "utf-8", source: "undeclared, valid UTF-8" } : { charset: "windows-1252", source: "undeclared, not UTF-8" };
  }
  if (declared === "utf-8" && !utf8) {
    return fromMarkup !== undefined && fromMarkup !== "utf-8"
      ? { charset: fromMarkup, source: `meta/XML declaration (the ${declaredBy} said utf-8, bytes are not)` }
      : { charset: "windows-1252", source: `fallback (the ${declaredBy} said utf-8, bytes are not)` };
  }
  if (SINGLE_BYTE_WESTERN.has(declared) && utf8 && hasNonAscii(bytes)) {
    return { charset: "utf-8", source: `bytes are valid UTF-8 (the ${declaredBy} said ${declared})` };
  }
  return { charset: declared, source: declaredBy };
}

// Node 20's TextDecoder decodes "windows-1252" as ISO-8859-1, turning 0x80-0x9F (€ – “ ” ...) into C1 controls.
// These are the WHATWG windows-1252 code points for that block (0x81, 0x8D, 0x8F, 0x90, 0x9D map to themselves).
const WINDOWS_1252_HIGH_BLOCK = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\u0080-\u009f]/g, (char) => String.fromCharCode(WINDOWS_1252_HIGH_BLOCK[char.charCodeAt(0) - 0x80] ?? 0xfffd));
}

export function decodeText(bytes: Uint8Array, headerCharset: string | undefined): DecodedText {
  const choice = chooseCharset(bytes, headerCharset);
  if (choice.charset === "windows-1252") return { ...choice, text: decodeWindows1252(bytes) };
  // TextDecoder strips a matching BOM by default.
  return { ...choice, text: new TextDecoder(choice.charset).decode(bytes) };
}
