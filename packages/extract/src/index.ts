// Public API of @websift/extract, exported by name: the contract entry points (in-process and isolated in
// worker threads), the pool factory, the size limit and the layer's error type.
export { extractContent } from "./entry-point.js";
export { createExtractPool, extractContentIsolated, type ExtractPool } from "./pool/extract-pool.js";
export { DEFAULT_MAX_INPUT_BYTES } from "./core/input-size.js";
export { DEFAULT_TIMEOUT_MS, type ExtractPoolOptions } from "./pool/pool-options.js";
export { ExtractLayerError, type ExtractErrorCode } from "./errors.js";
export type { ExtractRequest, ExtractResponse } from "@websift/contracts";
