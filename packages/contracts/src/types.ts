// Contract types generated from contracts/*.schema.json, re-exported by name: every `$def` once under
// its title, and every inline enum under a path-derived alias (e.g. `FetchResponseOutcome`).
export type * from "./generated/envelope.js";
export type * from "./generated/fetch.js";
export type * from "./generated/search.js";
export type * from "./generated/search-policy.js";
export type * from "./generated/extract.js";
export type * from "./generated/format.js";
export type * from "./generated/store.js";
export type * from "./generated/agent-search.js";
export type * from "./generated/agent-page.js";
export type * from "./generated/agent-contents.js";
export type * from "./generated/agent-similar.js";
export type * from "./generated/agent-engines.js";
