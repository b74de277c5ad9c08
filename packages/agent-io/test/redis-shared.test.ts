import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe, type ServeProcess } from "./rest-harness.js";
import { buildAgentIo, startPageServer, type LocalServer } from "./support/local-web.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";

// Two `websift serve` instances with their own store, cache and state directories and one Redis:
// what one reads, the other opens by handle; Redis going away is a typed, retryable 503, not a crash.
let redis: RedisServer;
let pages: LocalServer;
let scratch: string;
let first: ServeProcess;
let second: ServeProcess;

function instanceEnv(name: string): Record<string, string> {
  return {
    WEBSIFT_REDIS_URL: redis.url,
    WEBSIFT_STORE_DIR: join(scratch, name, "store"),
    WEBSIFT_CACHE_DIR: join(scratch, name, "cache"),
    WEBSIFT_STATE_DIR: join(scratch, name, "state"),
    WEBSIFT_CONFIG_DIR: join(scratch, name, "config"),
  };
}

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: { ok: boolean; data: Record<string, unknown> | null; error: { code: string; retryable: boolean } | null } }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as never };
}

beforeAll(async () => {
  buildAgentIo();
  redis = await startRedisServer();
  pages = await startPageServer();
  scratch = mkdtempSync(join(tmpdir(), "websift-redis-shared-"));
  [first, second] = await Promise.all([startServe(["--allow-private-hosts"], instanceEnv("a")), startServe(["--allow-private-hosts"], instanceEnv("b"))]);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await pages?.close();
  await redis?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("two websift serve instances on one Redis", () => {
  let handle = "";

  it("a handle the first returns opens on the second, from the shared store", async () => {
    const fetched = await getJson(`${first.base}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${pages.base}/article`, page_size_tokens: 100 }) });
    expect(fetched.status).toBe(200);
    handle = fetched.body.data!["handle"] as string;
    expect(handle).toMatch(/~[0-9a-f]{12}$/);
    const hits = pages.hits.length;
    const opened = await getJson(`${second.base}/v1/open/${encodeURIComponent(handle)}?page=2&page_size_tokens=100`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ handle, page: 2, source: "cache" });
    expect(pages.hits.length).toBe(hits);
    // The page the first read is in the shared fetch cache: the second reads it without asking the site.
    const again = await getJson(`${second.base}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${pages.base}/article` }) });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ handle });
    expect(pages.hits.filter((hit) => hit === "/article")).toHaveLength(1);
  });

  it("Redis down: open is a retryable 503 and /healthz still answers; Redis back on the same data: the page opens again", async () => {
    await redis.kill();
    const down = await getJson(`${second.base}/v1/open/${encodeURIComponent(handle)}?page=1`);
    expect(down.status).toBe(503);
    expect(down.body.ok).toBe(false);
    expect(down.body.error).toMatchObject({ code: "store_unavailable", retryable: true });
    expect((await fetch(`${second.base}/healthz`)).status).toBe(200);
    await redis.restart();
    let back = down;
    const deadline = Date.now() + 10_000;
    while (back.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      back = await getJson(`${second.base}/v1/open/${encodeURIComponent(handle)}?page=1`);
    }
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ handle, source: "cache" });
    // Neither server crashed.
    expect(first.child.exitCode).toBeNull();
    expect(second.child.exitCode).toBeNull();
  });
});
