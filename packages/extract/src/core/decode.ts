// Request bodies to text: base64 to bytes, bytes to a string in the declared or sniffed charset.

export function decodeBase64(value: string): Uint8Array {
  return new Uint8Array(Buffer.from(value, "base64"));
}

export function decodeHtmlBytes(bytes: Uint8Array, contentType: string): string {
  const charset = charsetFromContentType(contentType) ?? sniffMetaCharset(bytes) ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function charsetFromContentType(contentType: string): string | null {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? null;
}

/** The HTML spec looks for <meta charset> in the first 1024 bytes; a little more is harmless. */
function sniffMetaCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

export function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}
