// Public API of @websift/search, exported by name: the contract entry points and the layer's error type.
export { searchWeb, listSearchBackends } from "./entry-point.js";
export { SearchLayerError } from "./errors.js";
export type { SearchRequest, SearchResponse } from "@websift/contracts";
