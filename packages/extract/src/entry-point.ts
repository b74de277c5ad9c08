import { defineEntryPoint, type ExtractRequest, type ExtractResponse } from "@websift/contracts";
import { handleExtractRequest } from "./core/handle-request.js";

/**
 * The extract layer's contract entry point, in this thread: an ExtractRequest in, an Envelope out. For
 * tests and benchmarks; a server reads hostile pages through `extractContentIsolated` (a worker with a
 * time budget), since one pathological page here blocks the event loop until it is done.
 */
export const extractContent = defineEntryPoint<ExtractRequest, ExtractResponse>({
  contract: "extract",
  layer: "extract",
  handle: (request) => handleExtractRequest(request),
});
