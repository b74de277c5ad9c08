import type { EntryPoint, ExtractResponse, FetchResponse, FormatResponse, SearchBackendsResponse, SearchResponse, StoreResponse } from "@websift/contracts";

/**
 * The layers agent-io composes, each by its contract entry point (request in, Envelope out).
 * Passed in rather than imported where used, so a consumer contract test can watch which reply
 * fields agent-io reads while the real producers answer.
 */
export interface Layers {
  search: EntryPoint<SearchResponse>;
  /** The search layer's engine list and state (`backends_request`); no network. */
  searchBackends: EntryPoint<SearchBackendsResponse>;
  fetch: EntryPoint<FetchResponse>;
  extract: EntryPoint<ExtractResponse>;
  store: EntryPoint<StoreResponse>;
  format: EntryPoint<FormatResponse>;
}

/**
 * A layer's entry point, imported on first use: `websift open` needs only the store, and each
 * layer's start-up (DOM, HTTP client, tokenizer vocabulary) costs tenths of a second.
 */
function lazily<T>(load: () => Promise<EntryPoint<T>>): EntryPoint<T> {
  let loaded: Promise<EntryPoint<T>> | undefined;
  return async (input, options) => {
    loaded ??= load();
    return (await loaded)(input, options);
  };
}

export const productionLayers: Layers = {
  search: lazily(async () => (await import("@websift/search")).searchWeb),
  searchBackends: lazily(async () => (await import("@websift/search")).listSearchBackends),
  fetch: lazily(async () => (await import("@websift/fetch")).fetchUrl),
  // In worker threads with a per-page time budget: no page can stall the process (issue 12).
  extract: lazily(async () => (await import("@websift/extract")).extractContentIsolated),
  store: lazily(async () => (await import("@websift/store")).runStoreOperation),
  format: lazily(async () => (await import("@websift/format")).formatDocument),
};
