import { defineEntryPoint, type FormatRequest, type FormatResponse } from "@websift/contracts";
import { formatResults } from "./core/format-results.js";

/** The format layer's contract entry point: a FormatRequest in (checked against the schema first), an Envelope out. */
export const formatDocument = defineEntryPoint<FormatRequest, FormatResponse>({
  contract: "format",
  layer: "format",
  handle: async (request) => ({ data: formatResults(request) }),
});
