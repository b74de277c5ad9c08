import type { EntryPoint, ExtractResponse, FetchResponse, FormatResponse, SearchResponse, StoreResponse } from "@websift/contracts";
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
  format: EntryPoint<FormatResponse>;
}

/** The format layer loads its tokenizer vocabulary on import (~0.3 s): only searches that read pages pay for it. */
const formatDocumentLazily: EntryPoint<FormatResponse> = async (input, options) => {
  const { formatDocument } = await import("@websift/format");
  return formatDocument(input, options);
};

export const productionLayers: Layers = { search: searchWeb, fetch: fetchUrl, extract: extractContent, store: runStoreOperation, format: formatDocumentLazily };
