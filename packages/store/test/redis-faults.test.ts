import type { Envelope, StoreResponse } from "@websift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedisClients, REDIS_COMMAND_TIMEOUT_MS } from "../src/core/redis/redis-connection.js";
import { runStoreOperation } from "../src/index.js";
import { replyOf } from "./helpers.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";

let redis: RedisServer;
let database = 0;
const freshUrl = (): string => `${redis.url}/${(database += 1)}`;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await closeRedisClients();
  await redis.stop();
});

const page = { url: "https://faults.example/doc", markdown: `# Faults\n\n${Array.from({ length: 200 }, (_, i) => `line ${i} about shared redis state`).join("\n")}\n` };

/** The failure every store operation must give while Redis is gone or hung: typed, retryable, quick. */
async function expectUnavailable(request: Record<string, unknown>, withinMs: number): Promise<void> {
  const started = performance.now();
  const reply: Envelope<StoreResponse> = await runStoreOperation(request);
  const elapsed = performance.now() - started;
  expect(reply.ok, JSON.stringify(reply.error)).toBe(false);
  expect(reply.error).toMatchObject({ code: "store_unavailable", retryable: true });
  expect(reply.error?.message).toContain(redis.url.replace("redis://", ""));
  expect(elapsed).toBeLessThan(withinMs);
}

/** Polls until the operation succeeds again (Redis back): recovery needs no restart and no reopening by the caller. */
async function recoveredWithin(request: Record<string, unknown>, ms: number): Promise<Envelope<StoreResponse>> {
  const deadline = performance.now() + ms;
  for (;;) {
    const reply = await runStoreOperation(request);
    if (reply.ok || performance.now() > deadline) return reply;
    expect(reply.error?.code).toBe("store_unavailable");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("page store on Redis when Redis fails", () => {
  it("answers store_unavailable (retryable) for every operation while Redis is killed, then recovers on its own after a restart on the same data", async () => {
    const url = freshUrl();
    const { handle } = replyOf(await runStoreOperation({ operation: "add", redis_url: url, pages: [page] }), "add").added[0]!;
    const before = replyOf(await runStoreOperation({ operation: "get", redis_url: url, handle, page: 2, page_size_tokens: 100 }), "get");

    await redis.kill();
    for (const request of [
      { operation: "get", redis_url: url, handle, page: 2, page_size_tokens: 100 },
      { operation: "search", redis_url: url, query: "shared redis" },
      { operation: "list", redis_url: url },
      { operation: "stats", redis_url: url },
      { operation: "remove", redis_url: url, handle },
      { operation: "add", redis_url: url, pages: [{ url: "https://faults.example/new", markdown: "# New\n\nnot stored\n" }] },
      // A store never opened in this process: opening fails typed too, and is retried on the next call.
      { operation: "list", redis_url: `${redis.url}/15` },
    ]) {
      await expectUnavailable(request, 3_000);
    }

    await redis.restart();
    const after = await recoveredWithin({ operation: "get", redis_url: url, handle, page: 2, page_size_tokens: 100 }, 5_000);
    expect(replyOf(after, "get").content).toBe(before.content);
    // Nothing the failed calls attempted happened: the page is still there, the new one was never stored.
    const listed = replyOf(await runStoreOperation({ operation: "list", redis_url: url }), "list");
    expect(listed.pages.map((entry) => entry.handle)).toEqual([handle]);
    expect(replyOf(await runStoreOperation({ operation: "search", redis_url: url, query: "shared redis", limit: 1 }), "search").passages).toHaveLength(1);
    replyOf(await runStoreOperation({ operation: "list", redis_url: `${redis.url}/15` }), "list");
  });

  it("keeps every acknowledged add across a kill -9 (AOF on the same data directory)", async () => {
    const url = freshUrl();
    const handles: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = replyOf(await runStoreOperation({ operation: "add", redis_url: url, pages: [{ url: `https://acked.example/${i}`, markdown: `# ${i}\n\nacknowledged ${i}\n` }] }), "add");
      handles.push(reply.added[0]!.handle);
    }
    await redis.kill();
    await redis.restart();
    const listed = replyOf(await recoveredWithin({ operation: "list", redis_url: url }, 5_000), "list");
    expect(listed.pages.map((entry) => entry.handle).sort()).toEqual([...handles].sort());
  });

  it("answers store_unavailable within the command timeout when Redis hangs (accepts, never replies), and recovers when it resumes", async () => {
    const url = freshUrl();
    replyOf(await runStoreOperation({ operation: "add", redis_url: url, pages: [page] }), "add");
    redis.pause();
    try {
      await expectUnavailable({ operation: "search", redis_url: url, query: "line 7" }, REDIS_COMMAND_TIMEOUT_MS + 1_500);
    } finally {
      redis.resume();
    }
    const reply = await recoveredWithin({ operation: "search", redis_url: url, query: "line 7", limit: 1 }, 5_000);
    expect(replyOf(reply, "search").passages).toHaveLength(1);
  });
});
