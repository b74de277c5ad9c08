// Public API of @websift/fetch, exported by name: the contract entry point and the layer's error type.
export { fetchUrl } from "./entry-point.js";
export { FetchLayerError } from "./errors.js";
export type { FetchRequest, FetchResponse } from "@websift/contracts";
