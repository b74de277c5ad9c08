import { defineEntryPoint, type ExtractRequest, type ExtractResponse } from "@websift/contracts";
import { extractPage } from "./core/extract-page.js";
import { ExtractLayerError } from "./errors.js";

/** The extract layer's contract entry point: an ExtractRequest in, an Envelope out. */
export const extractContent = defineEntryPoint<ExtractRequest, ExtractResponse>({
  contract: "extract",
  layer: "extract",
  handle: async (request) => {
    if (request.html === undefined && request.body_base64 === undefined) {
      throw new ExtractLayerError("invalid_request", "An extract request needs the page: set `html` (decoded text) or `body_base64` (bytes, e.g. a PDF).", {
        details: { field: "html" },
      });
    }
    const data = (await extractPage(request)) as unknown as ExtractResponse;
    // An extraction that found nothing is not a success (peers report "ok" with an empty page).
    if (data.content_text.trim() === "") {
      return { failure: { code: "empty_content", message: `No main content was found in ${request.url}${data.warnings?.length ? ` (${data.warnings.join(", ")})` : ""}.`, data } };
    }
    return { data };
  },
});
