// The `error_body` of a failed reply: the start of an API's own error answer (JSON, plain text, XML), so a caller
// can read the API's reason. Bounded twice: only a small window of the reply is decoded, and only the first
// characters of that are kept. Block pages never come through here (read-response.ts withholds them).
import { decodeText, type DecodedText } from "./charset.js";

/** Bytes of an error reply that are decoded: enough for any error answer, far below max_bytes. */
export const ERROR_BODY_WINDOW_BYTES = 65_536;
/** Characters of an error answer handed to the caller (the contract's limit). */
export const ERROR_BODY_MAX_CHARS = 4096;

/**
 * Whether a media type is an API's error answer. HTML is left out: an HTML error page is a web page, not an
 * API's reason, and it is where undetected challenge pages would hide.
 */
function isErrorAnswerType(mediaType: string): boolean {
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return false;
  return mediaType === "application/json" || mediaType.endsWith("+json") || mediaType.startsWith("text/") ||
    mediaType === "application/xml" || mediaType.endsWith("+xml");
}

/** Length of `bytes` without a UTF-8 sequence cut off by the window, which would make valid UTF-8 look invalid. */
function withoutCutUtf8Tail(bytes: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte < 0x80) return bytes; // ASCII: nothing is cut
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}

/**
 * Decodes the start of an error reply with the usual charset rules. An error reply is only sniffed for block
 * markers and quoted, never returned whole, so decoding all of a multi-megabyte error page would be waste.
 */
export function decodeErrorWindow(decoded: Buffer, headerCharset: string | undefined): DecodedText {
  if (decoded.length <= ERROR_BODY_WINDOW_BYTES) return decodeText(decoded, headerCharset);
  return decodeText(withoutCutUtf8Tail(decoded.subarray(0, ERROR_BODY_WINDOW_BYTES)), headerCharset);
}

/** The error answer to pass on, or null when the reply has no readable error text. */
export function errorBodyOf(text: DecodedText | undefined, mediaType: string): string | null {
  if (text === undefined || text.text === "" || !isErrorAnswerType(mediaType)) return null;
  return text.text.slice(0, ERROR_BODY_MAX_CHARS);
}
