import type { EntryPoint, ExtractResponse, FetchResponse, SearchResponse, StoreResponse } from "@websift/contracts";
import { extractContent } from "@websift/extract";
import { fetchUrl } from "@websift/fetch";
import { searchWeb } from "@websift/search";
import { runStoreOperation } from "@websift/store";

/**
 * The layers agent-io composes, each by its contract entry point (request in, Envelope out).
 * Passed in rather than imported where used, so a consumer contract test can watch which reply
 * fields agent-io reads while the real producers answer.
 */
export interface Layers {
  search: EntryPoint<SearchResponse>;
  fetch: EntryPoint<FetchResponse>;
  extract: EntryPoint<ExtractResponse>;
  store: EntryPoint<StoreResponse>;
}

export const productionLayers: Layers = { search: searchWeb, fetch: fetchUrl, extract: extractContent, store: runStoreOperation };
