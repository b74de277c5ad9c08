// Public API of @websift/extract, exported by name: the contract entry point and the layer's error type.
export { extractContent } from "./entry-point.js";
export { ExtractLayerError } from "./errors.js";
export type { ExtractRequest, ExtractResponse } from "@websift/contracts";
