// The extract handler shared by the in-process entry point and the pool's workers: the byte limit,
// extraction, and the rule that a page with no content is a failure. The request's shape has already been
// checked against the contract's `$defs.request`, which is the only place a request rule is written.
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";
import { DEFAULT_MAX_INPUT_BYTES } from "./dom-limits.js";
import { extractPage } from "./extract-page.js";
import { MAX_HIDDEN_SAMPLES } from "./hidden-report.js";
import { assertInputSize } from "./input-size.js";
import type { ExtractPageResult } from "./types.js";

export async function handleExtractRequest(request: ExtractRequest, maxInputBytes = DEFAULT_MAX_INPUT_BYTES): Promise<HandlerResult<ExtractResponse>> {
  assertInputSize(request, maxInputBytes);
  const data = toExtractResponse(await extractPage(request));
  // An extraction that found nothing is not a success (peers report "ok" with an empty page).
  if (data.content_text.trim() === "") {
    return { failure: { code: "empty_content", message: `No main content was found in ${request.url}${data.warnings?.length ? ` (${data.warnings.join(", ")})` : ""}.`, data } };
  }
  return { data };
}

type WireSamples = NonNullable<ExtractResponse["hidden_content"]>["samples"];

/** The contract's `maxItems: 20` on `hidden_content.samples`, which the generated type spells as tuples of 0 to 20. */
function withinSampleLimit<T>(samples: T[]): samples is T[] & WireSamples {
  return samples.length <= MAX_HIDDEN_SAMPLES;
}

function toExtractResponse(result: ExtractPageResult): ExtractResponse {
  const { samples } = result.hidden_content;
  // The report keeps at most MAX_HIDDEN_SAMPLES (see hidden-report.ts), so this never throws.
  if (!withinSampleLimit(samples)) throw new Error(`The hidden-content report of ${result.url} holds ${samples.length} samples, over ${MAX_HIDDEN_SAMPLES}.`);
  return { ...result, hidden_content: { ...result.hidden_content, samples } };
}
