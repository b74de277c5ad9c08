// Public API of @websift/format, exported by name: the contract entry point and the layer's error type.
export { formatDocument } from "./entry-point.js";
export { FormatLayerError } from "./errors.js";
export type { FormatRequest, FormatResponse } from "@websift/contracts";
