// Shared fetch state on a real redis-server (random loopback port, own data dir): two websift-fetch processes
// with separate local directories share the cache, the per-host cap, robots.txt and Retry-After; a Redis
// that is killed or hung never fails a fetch, and caching resumes once it is back.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, FetchResponse } from "@websift/contracts";
import { fetchPage } from "../src/core/fetch-page.js";
import { resolveFetchRequest } from "../src/core/resolve-request.js";
import { clearRobotsCache } from "../src/core/robots-gate.js";
import { closeRedisClients } from "../src/core/redis/redis-connection.js";
import { MAX_SHARED_CACHE_BODY_BYTES } from "../src/core/redis/redis-page-cache.js";
import { fetchUrl } from "../src/index.js";
import { locateChromium } from "../src/browser/chromium-executable.js";
import { startLocalServer, type LocalServer } from "./helpers/local-server.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../bin/websift-fetch.js", import.meta.url));
const PAGE = `<html><head><title>Shared</title></head><body><h1>Shared page</h1><p>${"A page long enough to be read as a real page and not as a bot block. ".repeat(8)}</p></body></html>`;
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));

let redis: RedisServer;
let site: LocalServer;
/** When each request reached the site, by path: the shared limits are checked where they matter, at the server. */
const arrivals = new Map<string, number[]>();
/** Requests to /paced the site is answering right now, and the most there ever were at once. */
let pacedInFlight = 0;
let pacedMaxInFlight = 0;
const tempDirs: string[] = [];

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `websift-fetch-${name}-`));
  tempDirs.push(dir);
  return dir;
}

/** One "instance": its own cache and state directories, the shared Redis. */
function instance(name: string): { cacheDir: string; env: NodeJS.ProcessEnv } {
  const cacheDir = tempDir(`${name}-cache`);
  return { cacheDir, env: { ...process.env, WEBSIFT_CACHE_DIR: cacheDir, WEBSIFT_STATE_DIR: tempDir(`${name}-state`), WEBSIFT_REDIS_URL: "" } };
}

async function fetchWithCli(who: { cacheDir: string; env: NodeJS.ProcessEnv }, url: string, ...extra: string[]): Promise<Envelope<FetchResponse>> {
  const args = [CLI, url, "--allow-private-hosts", "--cache-dir", who.cacheDir, "--redis-url", redis.url, "--retries", "0", "--json", ...extra];
  const { stdout } = await run(process.execPath, args, { env: who.env }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return JSON.parse(stdout) as Envelope<FetchResponse>;
}

const hitsOf = (pathname: string): number => site.hits.filter((hit) => hit.split("?")[0] === pathname).length;

beforeAll(async () => {
  redis = await startRedisServer();
  const record = (pathname: string): void => {
    arrivals.set(pathname, [...(arrivals.get(pathname) ?? []), Date.now()]);
  };
  const page = (request: { url?: string }, response: import("node:http").ServerResponse): void => {
    record(new URL(request.url ?? "/", "http://x").pathname);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
  };
  site = await startLocalServer({
    "/page": page,
    "/paced": (request, response) => {
      // Held 300 ms, so requests that were let through together overlap here.
      pacedInFlight += 1;
      pacedMaxInFlight = Math.max(pacedMaxInFlight, pacedInFlight);
      record("/paced");
      setTimeout(() => {
        pacedInFlight -= 1;
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
      }, 300);
    },
    "/during-outage": page,
    "/hung": page,
    "/binary": (_request, response) => response.writeHead(200, { "content-type": "application/octet-stream" }).end(BINARY),
    "/large": (_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(MAX_SHARED_CACHE_BODY_BYTES + 1)),
  });
}, 30_000);

afterAll(async () => {
  await closeRedisClients();
  await site?.close();
  await redis?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("which Redis", () => {
  it("the request's redis_url, else WEBSIFT_REDIS_URL, else none", () => {
    const env = { WEBSIFT_REDIS_URL: " redis://10.0.0.5:6379/2 " };
    expect(resolveFetchRequest({ url: "https://example.org/", redis_url: "redis://127.0.0.1:1" }, env).redisUrl).toBe("redis://127.0.0.1:1");
    expect(resolveFetchRequest({ url: "https://example.org/" }, env).redisUrl).toBe("redis://10.0.0.5:6379/2");
    expect(resolveFetchRequest({ url: "https://example.org/" }, { WEBSIFT_REDIS_URL: "" }).redisUrl).toBeUndefined();
  });
});

describe("two websift-fetch processes on one Redis", () => {
  it("the second gets a cache hit and sends nothing to the site", async () => {
    const first = await fetchWithCli(instance("a"), site.url("/page"));
    expect(first.data).toMatchObject({ outcome: "ok", fetched_via: "http" });
    const second = await fetchWithCli(instance("b"), site.url("/page"));
    expect(second.data).toMatchObject({ outcome: "ok", fetched_via: "cache", body: PAGE });
    expect(second.meta.warnings).toEqual([]);
    expect(hitsOf("/page")).toBe(1);
  });

  it.skipIf(!locateChromium().found)("a page one process rendered is served to the other from the cache, with no browser", async () => {
    const url = site.url("/page?rendered");
    const first = await fetchWithCli(instance("render-a"), url, "--tier", "2");
    expect(first.data).toMatchObject({ outcome: "ok", fetched_via: "browser" });
    const before = hitsOf("/page");
    const other = instance("render-b");
    other.env["WEBSIFT_CHROMIUM_PATH"] = path.join(other.cacheDir, "no-such-chromium");
    const second = await fetchWithCli(other, url, "--tier", "2");
    expect(second.data).toMatchObject({ outcome: "ok", fetched_via: "cache", body: first.data?.body });
    expect(hitsOf("/page")).toBe(before);
  });

  it("holds the per-host cap on requests in flight across both processes, measured at the site", async () => {
    const a = instance("pace-a");
    const b = instance("pace-b");
    // per_host_concurrency 1: one request at a time to the host, whichever process sends it.
    const replies = await Promise.all([a, b, a, b].map((who, index) => fetchWithCli(who, site.url(`/paced?n=${index}`), "--no-cache", "--per-host-concurrency", "1")));
    expect(replies.map((reply) => reply.data?.outcome)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(arrivals.get("/paced")).toHaveLength(4);
    // Unshared, each process would let one through at once: two in flight. Shared, never more than one.
    expect(pacedMaxInFlight).toBe(1);
    // And with a cap of 2, two processes may have two in flight: a cap, not a spacing.
    pacedMaxInFlight = 0;
    const two = await Promise.all([a, b].map((who, index) => fetchWithCli(who, site.url(`/paced?m=${index}`), "--no-cache", "--per-host-concurrency", "2")));
    expect(two.map((reply) => reply.data?.outcome)).toEqual(["ok", "ok"]);
    expect(pacedMaxInFlight).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe("what the shared cache keeps", () => {
  const options = { allow_private_hosts: true, retries: 0, cache: { mode: "use" as const, ttl_s: 60 } };

  it("keeps a binary body byte for byte", async () => {
    const request = { url: site.url("/binary"), ...options, redis_url: redis.url, accept_content_types: ["application/octet-stream"] };
    const fetched = await fetchPage(request);
    const cached = await fetchPage(request);
    expect(cached).toMatchObject({ outcome: "ok", fetched_via: "cache", body_encoding: "base64" });
    expect(Buffer.from(cached.body ?? "", "base64").equals(BINARY)).toBe(true);
    expect(cached.body).toBe(fetched.body);
    expect(hitsOf("/binary")).toBe(1);
  });

  it("does not write a body over the size cap", async () => {
    const request = { url: site.url("/large"), ...options, redis_url: redis.url };
    expect((await fetchPage(request)).outcome).toBe("ok");
    expect((await fetchPage(request)).fetched_via).toBe("http");
    expect(hitsOf("/large")).toBe(2);
  });
});

describe("robots.txt and Retry-After on Redis", () => {
  it("fetches an origin's robots.txt once for every process", async () => {
    const robotsSite = await startLocalServer({
      "/robots.txt": (_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nDisallow: /private\n"),
      "/open": (_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(PAGE),
    });
    try {
      const request = { allow_private_hosts: true, retries: 0, respect_robots: true, redis_url: redis.url };
      expect((await fetchPage({ ...request, url: robotsSite.url("/open") })).outcome).toBe("ok");
      clearRobotsCache(); // as a second process would start: nothing in memory
      const refused = await fetchPage({ ...request, url: robotsSite.url("/private/x") });
      expect(refused).toMatchObject({ outcome: "refused" });
      expect(robotsSite.hits.filter((hit) => hit === "/robots.txt")).toHaveLength(1);
      expect(robotsSite.hits).not.toContain("/private/x");
    } finally {
      await robotsSite.close();
    }
  });

  it("a Retry-After one fetch was given holds every fetch off that host", async () => {
    const limitedSite = await startLocalServer({
      "/limited": (_request, response) => response.writeHead(429, { "retry-after": "30", "content-type": "text/plain" }).end("slow down"),
      "/other": (_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(PAGE),
    });
    try {
      const request = { allow_private_hosts: true, retries: 0, redis_url: redis.url };
      expect(await fetchPage({ ...request, url: limitedSite.url("/limited") })).toMatchObject({ outcome: "rate_limited", retry_after_s: 30 });
      const held = await fetchPage({ ...request, url: limitedSite.url("/other") });
      expect(held).toMatchObject({ outcome: "rate_limited", status: null });
      expect(held.retry_after_s).toBeGreaterThan(25);
      expect(held.detail).toContain("not sent");
      expect(limitedSite.hits).toEqual(["/limited"]);
    } finally {
      await limitedSite.close();
    }
  });
});

describe("Redis faults", () => {
  it("killed: fetches still succeed, uncached, with a warning; after a restart caching resumes", async () => {
    const a = instance("fault-a");
    const b = instance("fault-b");
    await redis.kill();
    try {
      for (const who of [a, b]) {
        const started = Date.now();
        const reply = await fetchWithCli(who, site.url("/during-outage"));
        expect(reply.ok).toBe(true);
        expect(reply.data).toMatchObject({ outcome: "ok", fetched_via: "http" });
        expect(reply.meta.warnings.join(" ")).toMatch(/^redis_unavailable: .*127\.0\.0\.1:\d+.*local limiter only/);
        // A CLI's start-up included; a loaded two-core machine (every package's tests at once) needs the margin.
        expect(Date.now() - started).toBeLessThan(15_000);
      }
      expect(hitsOf("/during-outage")).toBe(2); // nothing was cached while Redis was down
    } finally {
      await redis.restart();
    }
    expect((await fetchWithCli(a, site.url("/during-outage"))).data).toMatchObject({ fetched_via: "http" });
    const resumed = await fetchWithCli(b, site.url("/during-outage"));
    expect(resumed.data).toMatchObject({ outcome: "ok", fetched_via: "cache" });
    expect(resumed.meta.warnings).toEqual([]);
    expect(hitsOf("/during-outage")).toBe(3);
  }, 60_000);

  it("hung (SIGSTOP): the fetch answers within the command timeout, uncached, and the process keeps working", async () => {
    // A client that is already connected, so the command is sent and then never answered.
    await fetchUrl({ url: site.url("/hung?warm"), allow_private_hosts: true, retries: 0, redis_url: redis.url });
    redis.pause();
    try {
      const started = Date.now();
      const reply = await fetchUrl({ url: site.url("/hung"), allow_private_hosts: true, retries: 0, redis_url: redis.url, cache: { mode: "use", ttl_s: 60 } });
      expect(reply.ok).toBe(true);
      expect(reply.data).toMatchObject({ outcome: "ok", fetched_via: "http" });
      expect(reply.meta.warnings.join(" ")).toContain("no reply within 2000 ms");
      // The 2 s command timeout plus a loaded machine's margin; without the timeout the fetch never answers.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      redis.resume();
    }
  }, 30_000);
});
