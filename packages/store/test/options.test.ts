import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_MAX_BYTES, DEFAULT_TTL_S, defaultStoreDir, resolvePageStoreOptions } from "../src/core/options.js";
import { openPageStore } from "../src/core/page-store.js";

describe("store options", () => {
  it("finds the default directory from the environment", () => {
    expect(defaultStoreDir({ WEBSIFT_STORE_DIR: "/x/store" })).toBe("/x/store");
    expect(defaultStoreDir({ XDG_CACHE_HOME: "/cache" })).toBe(path.join("/cache", "websift", "store"));
    expect(defaultStoreDir({})).toMatch(/\.cache[\\/]websift[\\/]store$/);
  });

  it("fills defaults once", () => {
    const resolved = resolvePageStoreOptions({ inMemory: true });
    expect(resolved).toMatchObject({ dir: null, inMemory: true, ttl_s: DEFAULT_TTL_S, max_bytes: DEFAULT_MAX_BYTES, lock_timeout_ms: DEFAULT_LOCK_TIMEOUT_MS });
    expect(resolvePageStoreOptions({ dir: "rel/dir", lock_timeout_ms: 0 }).dir).toBe(path.resolve("rel/dir"));
  });

  it("chooses where pages live, most explicit first: memory, a Redis URL, a directory, WEBSIFT_REDIS_URL, WEBSIFT_STORE_DIR", () => {
    const env = { WEBSIFT_REDIS_URL: "redis://10.0.0.1:6379/2", WEBSIFT_STORE_DIR: "/env/store" };
    expect(resolvePageStoreOptions({ inMemory: true, redisUrl: "redis://a:1" }, env)).toMatchObject({ inMemory: true, redisUrl: null, dir: null });
    expect(resolvePageStoreOptions({ redisUrl: "rediss://a:1", dir: "/x" }, env)).toMatchObject({ redisUrl: "rediss://a:1", dir: null });
    expect(resolvePageStoreOptions({ dir: "/x" }, env)).toMatchObject({ redisUrl: null, dir: path.resolve("/x") });
    expect(resolvePageStoreOptions({}, env)).toMatchObject({ redisUrl: "redis://10.0.0.1:6379/2", dir: null });
    expect(resolvePageStoreOptions({}, { WEBSIFT_STORE_DIR: "/env/store" })).toMatchObject({ redisUrl: null, dir: path.resolve("/env/store") });
  });

  it("refuses a Redis URL that is not redis:// or rediss://: invalid_request for an option, invalid_config for the environment", () => {
    expect(() => resolvePageStoreOptions({ redisUrl: "http://a:1" }, {})).toThrow(expect.objectContaining({ code: "invalid_request" }));
    expect(() => resolvePageStoreOptions({}, { WEBSIFT_REDIS_URL: "localhost:6379" })).toThrow(expect.objectContaining({ code: "invalid_config" }));
  });

  it("returns the documented result shapes", async () => {
    const store = await openPageStore({ inMemory: true });
    const add = await store.add([{ url: "https://example.com/", markdown: "# T\n\nhello world\n", fetched_at: "2026-01-01T00:00:00Z" }]);
    expect(Object.keys(add).sort()).toEqual(["added", "evicted"]);
    expect(Object.keys(add.added[0]!).sort()).toEqual(["bytes", "canonical_url", "handle", "passages", "status", "url"]);
    const search = await store.search("hello");
    expect(Object.keys(search.passages[0]!).sort()).toEqual(["handle", "heading", "score", "span", "text", "title", "url"]);
    const got = await store.get(add.added[0]!.handle, { page: 1, page_size_tokens: 500 });
    expect(Object.keys(got).sort()).toEqual(["content", "fetched_at", "handle", "has_more", "page", "page_meta", "page_size_tokens", "span", "title", "total_pages", "url"]);
    expect(got.fetched_at).toBe("2026-01-01T00:00:00Z");
    expect(got.title).toBe("T");
    const stats = await store.stats();
    expect(Object.keys(stats).sort()).toEqual(["bytes", "dir", "evictions", "expired_pending", "in_memory", "max_bytes", "newest", "oldest", "pages", "passages", "ttl_s"]);
  });
});
