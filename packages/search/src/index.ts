// Public API of @websift/search, exported by name: the contract entry points, the layer's error type, which engine
// outcomes count as answered, and the packaged policy's page-reading budget (agent-io's fallback when a search reply
// names no policy).
export { searchWeb, listSearchBackends } from "./entry-point.js";
export { SearchLayerError } from "./errors.js";
export { engineAnswered } from "./engines/engine-answered.js";
export { defaultExtractionBudget } from "./policy/load-policy.js";
export type { SearchRequest, SearchResponse } from "@websift/contracts";
