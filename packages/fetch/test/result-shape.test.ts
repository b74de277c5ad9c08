import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCacheDir } from "../src/core/cache-dir.js";
import { fetchPage } from "../src/core/fetch-page.js";
import { proxyFromEnvironment } from "../src/core/proxy-from-env.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

const CONTRACT_FIELDS = [
  "block_reason", "blocked", "body", "body_encoding", "bytes", "cache_age_s", "charset", "content_type", "detail", "elapsed_ms",
  "error_body", "fetched_via", "final_url", "headers", "outcome", "redirects", "retry_after_s", "status", "tier_attempts", "url",
];

let server: FixtureServer;
let dir: string;
beforeAll(async () => {
  server = await startFixtureServer();
  dir = await mkdtemp(path.join(os.tmpdir(), "websift-shape-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("result shape", () => {
  it("has exactly the contract's fields for every kind of outcome", async () => {
    const results = await Promise.all([
      fetchPage({ url: server.url("/hello"), ...LOCAL }),
      fetchPage({ url: server.url("/hello") }),
      fetchPage({ url: server.url("/status?code=404"), ...LOCAL }),
      fetchPage({ url: server.url("/challenge/imperva"), ...LOCAL, tier: 0 }),
    ]);
    for (const result of results) expect(Object.keys(result).sort()).toEqual(CONTRACT_FIELDS);
  });

  it("an error page carries no body; a refused request has no fetched_via", async () => {
    const notFound = await fetchPage({ url: server.url("/status?code=404"), ...LOCAL });
    expect(notFound).toMatchObject({ outcome: "http_error", body: null, fetched_via: "http" });
    const refused = await fetchPage({ url: server.url("/hello") });
    expect(refused).toMatchObject({ outcome: "refused", fetched_via: null, status: null, final_url: server.url("/hello") });
  });

  it("bytes counts the wire bytes; the body is the decoded page", async () => {
    const result = await fetchPage({ url: server.url("/gzip"), ...LOCAL });
    expect(result.body?.length).toBeGreaterThan(result.bytes);
  });

  it("strips credentials from reported URLs", async () => {
    const result = await fetchPage({ url: `http://user:secret@127.0.0.1:${server.port}/hello`, ...LOCAL });
    expect(result.url).toBe(server.url("/hello"));
    expect(JSON.stringify(result)).not.toContain("secret");
  });
});

describe("cache policy isolation", () => {
  it("a page cached with allow_private_hosts never answers a request without it", async () => {
    const cache = { dir };
    expect((await fetchPage({ url: server.url("/hello?iso"), ...LOCAL, cache })).outcome).toBe("ok");
    expect((await fetchPage({ url: server.url("/hello?iso"), ...LOCAL, cache })).fetched_via).toBe("cache");
    const before = server.hits.length;
    const refused = await fetchPage({ url: server.url("/hello?iso"), cache });
    expect(refused.outcome).toBe("refused");
    expect(server.hits.length).toBe(before);
  });
});

describe("environment defaults", () => {
  it("takes the proxy from HTTPS_PROXY / HTTP_PROXY, honouring NO_PROXY and never for loopback", () => {
    const env = { HTTPS_PROXY: "http://proxy.corp:3128", http_proxy: "http://plain.corp:8080", NO_PROXY: "internal.corp,.svc:8443" };
    expect(proxyFromEnvironment(new URL("https://example.org/"), env)).toBe("http://proxy.corp:3128");
    expect(proxyFromEnvironment(new URL("http://example.org/"), env)).toBe("http://plain.corp:8080");
    expect(proxyFromEnvironment(new URL("https://api.internal.corp/"), env)).toBeUndefined();
    expect(proxyFromEnvironment(new URL("https://a.svc:8443/"), env)).toBeUndefined();
    expect(proxyFromEnvironment(new URL("https://a.svc/"), env)).toBe("http://proxy.corp:3128");
    expect(proxyFromEnvironment(new URL("http://127.0.0.1:8080/"), env)).toBeUndefined();
    expect(proxyFromEnvironment(new URL("http://[::1]:8080/"), env)).toBeUndefined();
    expect(proxyFromEnvironment(new URL("https://example.org/"), {})).toBeUndefined();
  });

  it("puts the cache in WEBSIFT_CACHE_DIR or the user cache dir", () => {
    expect(defaultCacheDir({ WEBSIFT_CACHE_DIR: "/tmp/ws" }, "linux")).toBe("/tmp/ws");
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/xdg" }, "linux")).toBe(path.join("/xdg", "websift", "fetch"));
    expect(defaultCacheDir({}, "linux")).toBe(path.join(os.homedir(), ".cache", "websift", "fetch"));
  });
});
