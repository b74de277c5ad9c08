// Public API of @websift/search: the contract entry point, exported by name.
import { defineEntryPoint, type SearchRequest, type SearchResponse } from "@websift/contracts";

/** The search layer's contract entry point: a SearchRequest in, an Envelope out. */
export const searchWeb = defineEntryPoint<SearchRequest, SearchResponse>({
  contract: "search",
  layer: "search",
  handle: async () => ({
    failure: {
      code: "not_available",
      message: "This build has no search engines yet: the search layer arrives with issue #4 (SearXNG, keyless built-ins, Brave).",
    },
  }),
});
