// The extract handler shared by the in-process entry point and the pool's workers: size check, extraction,
// and the rule that a page with no content is a failure.
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";
import { ExtractLayerError } from "../errors.js";
import { DEFAULT_MAX_INPUT_BYTES } from "./dom-limits.js";
import { extractPage } from "./extract-page.js";
import { assertInputSize } from "./input-size.js";

export async function handleExtractRequest(request: ExtractRequest, maxInputBytes = DEFAULT_MAX_INPUT_BYTES): Promise<HandlerResult<ExtractResponse>> {
  if (request.html === undefined && request.body_base64 === undefined) {
    throw new ExtractLayerError("invalid_request", "An extract request needs the page: set `html` (decoded text) or `body_base64` (bytes, e.g. a PDF).", {
      details: { field: "html" },
    });
  }
  assertInputSize(request, maxInputBytes);
  const data = (await extractPage(request)) as unknown as ExtractResponse;
  // An extraction that found nothing is not a success (peers report "ok" with an empty page).
  if (data.content_text.trim() === "") {
    return { failure: { code: "empty_content", message: `No main content was found in ${request.url}${data.warnings?.length ? ` (${data.warnings.join(", ")})` : ""}.`, data } };
  }
  return { data };
}
