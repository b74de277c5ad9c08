import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
let cacheDir: string;
beforeAll(async () => {
  server = await startFixtureServer();
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "websift-cache-"));
});
afterAll(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("file cache", () => {
  it("serves the second request from the cache with its age, without touching the server", async () => {
    const cache = { dir: cacheDir, ttl_s: 60 };
    const first = await fetchPage({ url: server.url("/counted"), ...LOCAL, cache });
    expect(first).toMatchObject({ outcome: "ok", fetched_via: "http", cache_age_s: null });
    const second = await fetchPage({ url: server.url("/counted"), ...LOCAL, cache });
    expect(second).toMatchObject({ outcome: "ok", fetched_via: "cache", body: first.body, status: 200 });
    expect(second.cache_age_s).toBeGreaterThanOrEqual(0);
    expect(second.tier_attempts).toEqual([]);
    expect(server.counters.get("/counted")).toBe(1);
    expect((await listFiles(cacheDir)).every((name) => name.endsWith(".json"))).toBe(true);
  });

  it("refresh mode refetches and rewrites; off mode ignores the cache", async () => {
    const refreshed = await fetchPage({ url: server.url("/counted"), ...LOCAL, cache: { dir: cacheDir, mode: "refresh" } });
    expect(refreshed.fetched_via).toBe("http");
    expect(refreshed.body).toContain("visit 2");
    const cached = await fetchPage({ url: server.url("/counted"), ...LOCAL, cache: { dir: cacheDir } });
    expect(cached.body).toContain("visit 2");
    const off = await fetchPage({ url: server.url("/counted"), ...LOCAL, cache: { dir: cacheDir, mode: "off" } });
    expect(off.fetched_via).toBe("http");
  });

  it("expires entries after the TTL", async () => {
    await fetchPage({ url: server.url("/hello?ttl"), ...LOCAL, cache: { dir: cacheDir, ttl_s: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await fetchPage({ url: server.url("/hello?ttl"), ...LOCAL, cache: { dir: cacheDir, ttl_s: 0 } });
    expect(again.fetched_via).toBe("http");
  });

  it("keys by relevant headers", async () => {
    const cache = { dir: cacheDir };
    await fetchPage({ url: server.url("/echo"), ...LOCAL, cache, headers: { "accept-language": "de" } });
    const other = await fetchPage({ url: server.url("/echo"), ...LOCAL, cache, headers: { "accept-language": "fr" } });
    expect(other.fetched_via).toBe("http");
    const same = await fetchPage({ url: server.url("/echo"), ...LOCAL, cache, headers: { "Accept-Language": "de" } });
    expect(same.fetched_via).toBe("cache");
  });

  it("never caches blocks or errors", async () => {
    const cache = { dir: cacheDir };
    for (const target of ["/challenge/cloudflare", "/status?code=404"]) {
      await fetchPage({ url: server.url(target), ...LOCAL, cache, tier: 0 });
      const again = await fetchPage({ url: server.url(target), ...LOCAL, cache, tier: 0 });
      expect(again.fetched_via, target).toBe("http");
    }
  });

  it("survives concurrent writers (atomic rename, no temp files left)", async () => {
    const cache = { dir: cacheDir, mode: "refresh" as const };
    const results = await Promise.all(Array.from({ length: 8 }, () => fetchPage({ url: server.url("/hello?concurrent"), ...LOCAL, cache })));
    expect(results.every((result) => result.outcome === "ok")).toBe(true);
    expect((await listFiles(cacheDir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const hit = await fetchPage({ url: server.url("/hello?concurrent"), ...LOCAL, cache: { dir: cacheDir } });
    expect(hit.fetched_via).toBe("cache");
  });
});
