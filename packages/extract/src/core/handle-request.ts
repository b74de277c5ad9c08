// The extract handler shared by the in-process entry point and the pool's workers: the byte limit,
// extraction, and the rule that a page with no content is a failure. The request's shape has already been
// checked against the contract's `$defs.request`, which is the only place a request rule is written.
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";
import { extractPage } from "./extract-page.js";
import { assertInputSize, DEFAULT_MAX_INPUT_BYTES } from "./input-size.js";

export async function handleExtractRequest(request: ExtractRequest, maxInputBytes = DEFAULT_MAX_INPUT_BYTES): Promise<HandlerResult<ExtractResponse>> {
  assertInputSize(request, maxInputBytes);
  const data: ExtractResponse = await extractPage(request);
  // An extraction that found nothing is not a success (peers report "ok" with an empty page).
  if (data.content_text.trim() === "") {
    return { failure: { code: "empty_content", message: `No main content was found in ${request.url}${data.warnings?.length ? ` (${data.warnings.join(", ")})` : ""}.`, data } };
  }
  return { data };
}

