// The size check every entry runs before any work: a page over the limit is refused, not parsed. The limit
// is the operator's (createExtractPool's maxInputBytes, websift-extract --max-bytes) and in bytes, so it is
// the one request rule the contract cannot state; its answer is `too_large`, not `invalid_request`.
import type { ExtractRequest } from "@websift/contracts";
import { ExtractLayerError } from "../errors.js";

/**
 * HTML (UTF-8 bytes) or body bytes one request may carry: the fetch layer's default `max_bytes` (10 MB on
 * the wire), twice the largest WCXB dev page (5.3 MB). A 50 MB page took 2.8 GB to extract. Kept here, away
 * from the DOM code, so the CLI's and the pool's main thread can read it without loading a DOM (~0.2 s).
 */
export const DEFAULT_MAX_INPUT_BYTES = 10_000_000;

/** Bytes of the page a request carries: UTF-8 bytes of `html`, or the decoded size of `body_base64`. */
function requestBodyBytes(request: ExtractRequest): number {
  if ("html" in request) return Buffer.byteLength(request.html, "utf8");
  const b64 = request.body_base64;
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((b64.length * 3) / 4) - padding);
}

export function assertInputSize(request: ExtractRequest, maxBytes: number): void {
  // A string can be no shorter in UTF-8 bytes than in UTF-16 units: a cheap refusal before counting.
  const bytes = "html" in request && request.html.length > maxBytes ? request.html.length : requestBodyBytes(request);
  if (bytes <= maxBytes) return;
  const field = "html" in request ? "html" : "body_base64";
  throw new ExtractLayerError("too_large", `The page ${request.url} is ${bytes} bytes, over the extract limit of ${maxBytes} bytes; it was not read.`, {
    details: { field, bytes, limit_bytes: maxBytes },
  });
}
