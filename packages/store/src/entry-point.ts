import { defineEntryPoint, type StoreRequest, type StoreResponse } from "@websift/contracts";
import { openPageStore } from "./core/page-store.js";
import type { PageInput } from "./core/types.js";

/** The store layer's contract entry point: one StoreRequest (chosen by `operation`) in, an Envelope out. */
export const runStoreOperation = defineEntryPoint<StoreRequest, StoreResponse>({
  contract: "store",
  layer: "store",
  handle: async (request, context) => {
    const store = await openPageStore({
      ...(request.store_dir ? { dir: request.store_dir } : {}),
      ...(request.in_memory ? { inMemory: true } : {}),
      // Damaged pages and malformed manifest entries are skipped; the caller learns of them here.
      onWarning: context.warn,
    });
    try {
      switch (request.operation) {
        case "add": {
          const result = await store.add(request.pages as PageInput[]);
          return { data: { operation: "add", ...result } as StoreResponse };
        }
        case "search": {
          const result = await store.search(request.query, { ...(request.limit ? { limit: request.limit } : {}), ...(request.handle ? { handle: request.handle } : {}) });
          return { data: { operation: "search", ...result } as StoreResponse };
        }
        case "get": {
          const result = await store.get(request.handle, {
            ...(request.page ? { page: request.page } : {}),
            ...(request.page_size_tokens ? { page_size_tokens: request.page_size_tokens } : {}),
          });
          return { data: { operation: "get", ...result } as StoreResponse };
        }
        case "list":
          return { data: { operation: "list", ...(await store.list()) } as StoreResponse };
        case "remove":
          return { data: { operation: "remove", ...(await store.remove(request.handle)) } as StoreResponse };
        case "stats":
          return { data: { operation: "stats", stats: { ...(await store.stats()) } } as StoreResponse };
      }
    } finally {
      await store.close();
    }
  },
});
