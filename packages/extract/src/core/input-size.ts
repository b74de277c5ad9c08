// The size check every entry runs before any work: a page over the limit is refused, not parsed.
import { ExtractLayerError } from "../errors.js";

/** Bytes of the page a request carries: UTF-8 bytes of `html`, or the decoded size of `body_base64`. */
export function requestBodyBytes(request: { html?: string | undefined; body_base64?: string | undefined }): number {
  if (typeof request.html === "string") return Buffer.byteLength(request.html, "utf8");
  if (typeof request.body_base64 === "string") {
    const b64 = request.body_base64;
    const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
    return Math.max(0, Math.floor((b64.length * 3) / 4) - padding);
  }
  return 0;
}

export function assertInputSize(request: { url?: unknown; html?: string | undefined; body_base64?: string | undefined }, maxBytes: number): void {
  // A string can be no shorter in UTF-8 bytes than in UTF-16 units: a cheap refusal before counting.
  const bytes = typeof request.html === "string" && request.html.length > maxBytes ? request.html.length : requestBodyBytes(request);
  if (bytes <= maxBytes) return;
  const field = typeof request.html === "string" ? "html" : "body_base64";
  throw new ExtractLayerError("too_large", `The page ${String(request.url)} is ${bytes} bytes, over the extract limit of ${maxBytes} bytes; it was not read.`, {
    details: { field, bytes, limit_bytes: maxBytes },
  });
}
