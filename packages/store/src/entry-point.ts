import { defineEntryPoint, type StoreRequest, type StoreResponse } from "@websift/contracts";
import { storeForRequest } from "./core/open-stores.js";

/**
 * The store layer's contract entry point: one StoreRequest (chosen by `operation`) in, an Envelope
 * out. The request is already valid against the store contract here; the store is kept open across
 * calls (see open-stores.ts), so `in_memory: true` means the process's one in-memory store.
 */
export const runStoreOperation = defineEntryPoint<StoreRequest, StoreResponse>({
  contract: "store",
  layer: "store",
  handle: async (request, context) => {
    const store = await storeForRequest(request);
    // Damaged pages and malformed manifest entries are skipped; the caller learns of them here.
    const warn = { warn: context.warn };
    switch (request.operation) {
      case "add":
        return { data: { operation: "add", ...(await store.add(request.pages, warn)) } };
      case "search":
        return { data: { operation: "search", ...(await store.search(request.query, { ...warn, ...pick(request, ["limit", "handle"]) })) } };
      case "get": {
        const target = "handle" in request ? { handle: request.handle } : { url: request.url };
        return { data: { operation: "get", ...(await store.get(target, { ...warn, ...pick(request, ["page", "page_size_tokens"]) })) } };
      }
      case "list":
        return { data: { operation: "list", ...(await store.list(warn)) } };
      case "remove":
        return { data: { operation: "remove", ...(await store.remove(request.handle, warn)) } };
      case "stats":
        return { data: { operation: "stats", stats: await store.stats(warn) } };
    }
  },
});

/** The named fields the request sets (exactOptionalPropertyTypes: an absent field stays absent). */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): { [P in K]?: Exclude<T[P], undefined> } {
  const picked: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key] as Exclude<T[K], undefined>;
  return picked;
}
