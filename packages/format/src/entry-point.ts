import { defineEntryPoint, type FormatRequest, type FormatResponse } from "@websift/contracts";
import { formatResults } from "./core/format-results.js";
import type { FormatRequest as CoreFormatRequest } from "./core/types.js";

/** The format layer's contract entry point: a FormatRequest in, an Envelope out. */
export const formatDocument = defineEntryPoint<FormatRequest, FormatResponse>({
  contract: "format",
  layer: "format",
  handle: async (request) => {
    const coreRequest = { ...request, query: request.query ?? "" } as CoreFormatRequest;
    return { data: formatResults(coreRequest) as unknown as FormatResponse };
  },
});
