// Public API of @websift/store, exported by name: the contract entry point and the layer's error type.
export { runStoreOperation } from "./entry-point.js";
export { StoreLayerError } from "./errors.js";
export type { StoreRequest, StoreResponse } from "@websift/contracts";
