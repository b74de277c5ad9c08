import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPageStore, type PageStore } from "../src/core/page-store.js";
import { closeRedisClients } from "../src/core/redis/redis-connection.js";
import { runStoreOperation } from "../src/index.js";
import { errorCode, fakeClock, replyOf, tempStoreDir } from "./helpers.js";
import { assertStoreBuilt } from "./support/assert-built.js";
import { REDIS_QUERIES, redisCorpus } from "./support/redis-corpus.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let redis: RedisServer;
let database = 0;
/** Each test gets its own Redis database, so tests share a server but never pages. */
const freshUrl = (): string => `${redis.url}/${(database += 1)}`;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await closeRedisClients();
  await redis.stop();
});

/** The built CLI in another process, with its own store and cache directories: only Redis is shared. */
function cliInOtherProcess(args: string[]): Promise<Record<string, any>> {
  assertStoreBuilt(packageDir);
  const env: NodeJS.ProcessEnv = { ...process.env, WEBSIFT_STORE_DIR: tempStoreDir(), XDG_CACHE_HOME: tempStoreDir() };
  delete env["WEBSIFT_REDIS_URL"];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(packageDir, "bin/websift-store.js"), ...args, "--json"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out));
      } catch (error) {
        reject(new Error(`websift-store printed no JSON: ${out}`, { cause: error }));
      }
    });
  });
}

async function joinAllPages(store: PageStore, handle: string, pageSizeTokens: number): Promise<string> {
  let text = "";
  for (let page = 1; ; page += 1) {
    const reply = await store.get(handle, { page, page_size_tokens: pageSizeTokens });
    text += reply.content;
    if (!reply.has_more) return text;
  }
}

describe("page store on Redis", () => {
  it("two store instances (different local directories) share handles, and pages join back byte for byte", async () => {
    const url = freshUrl();
    const first = await openPageStore({ redisUrl: url, dir: tempStoreDir() });
    const second = await openPageStore({ redisUrl: url, dir: tempStoreDir() });
    const pages = redisCorpus(12);
    const { added } = await first.add(pages);
    for (const [at, page] of added.entries()) {
      expect(await joinAllPages(second, page.handle, 60)).toBe(pages[at]!.markdown);
    }
    // By any URL twin too: the handle comes from the one canonical URL, wherever it is computed.
    const byUrl = await second.get({ url: pages[3]!.url.replace("?utm_source=x", "") });
    expect(byUrl.handle).toBe(added[3]!.handle);

    // Another process, with its own store directory, reads page 2 of the same handle.
    const handle = added[5]!.handle;
    const reply = await cliInOtherProcess(["get", handle, "--page", "2", "--page-size-tokens", "60", "--redis-url", url]);
    expect(reply.ok).toBe(true);
    const local = await second.get(handle, { page: 2, page_size_tokens: 60 });
    expect(reply.data.content).toBe(local.content);
    expect(reply.data.total_pages).toBe(local.total_pages);
  });

  it("ranks the same stored pages exactly as the directory store does (same BM25 scores, same order)", async () => {
    const pages = redisCorpus(40);
    const onDisk = await openPageStore({ dir: tempStoreDir() });
    const url = freshUrl();
    const onRedis = await openPageStore({ redisUrl: url });
    await onDisk.add(pages.slice(0, 25));
    await onDisk.add(pages.slice(25));
    await onRedis.add(pages.slice(0, 25));
    await onRedis.add(pages.slice(25));
    // A second Redis instance builds its index from the records alone.
    const reader = await openPageStore({ redisUrl: url });
    for (const query of REDIS_QUERIES) {
      for (const limit of [3, 10, 50]) {
        const expected = (await onDisk.search(query, { limit })).passages;
        expect(expected.length, query).toBeGreaterThan(0);
        expect((await onRedis.search(query, { limit })).passages, `${query} limit ${limit}`).toEqual(expected);
        expect((await reader.search(query, { limit })).passages, `${query} limit ${limit} (fresh reader)`).toEqual(expected);
      }
    }
    await onDisk.close();
  });

  it("keeps each instance's search index in sync with the shared generation: adds, replacements and removals elsewhere are seen on the next call", async () => {
    const url = freshUrl();
    const writer = await openPageStore({ redisUrl: url });
    const reader = await openPageStore({ redisUrl: url });
    const [page] = await writer.add([{ url: "https://sync.example/a", markdown: "# A\n\nalpha bravo charlie\n" }]).then((reply) => reply.added);
    expect((await reader.search("bravo")).passages.map((passage) => passage.handle)).toEqual([page!.handle]);

    await writer.add([{ url: "https://sync.example/a", markdown: "# A\n\ndelta echo foxtrot\n" }]);
    expect((await reader.search("bravo")).passages).toEqual([]);
    expect((await reader.search("echo")).passages[0]?.text).toContain("delta echo foxtrot");

    await writer.add([{ url: "https://sync.example/b", markdown: "# B\n\necho again\n" }]);
    expect((await reader.search("echo")).passages).toHaveLength(2);

    await reader.remove(page!.handle);
    expect(await errorCode(writer.get(page!.handle))).toBe("not_found");
    expect((await writer.search("echo")).passages).toHaveLength(1);
  });

  it("serialises writers of different instances through the Redis lock: every concurrent add is committed", async () => {
    const url = freshUrl();
    const stores = await Promise.all([0, 1, 2].map(() => openPageStore({ redisUrl: url, lock_timeout_ms: 20_000 })));
    await Promise.all(
      stores.map((store, s) =>
        (async () => {
          for (let batch = 0; batch < 5; batch += 1) {
            await store.add([0, 1].map((i) => ({ url: `https://w${s}.example/${batch}/${i}`, markdown: `# W${s} ${batch} ${i}\n\nwriter${s} batch${batch} item${i}\n` })));
          }
        })(),
      ),
    );
    const listed = await stores[0]!.list();
    expect(listed.pages).toHaveLength(30);
    expect((await stores[2]!.search("writer1 batch4 item1", { limit: 1 })).passages[0]?.text).toContain("writer1 batch4 item1");
  });

  it("keeps the recency touches of instances that flush at once (merged inside Redis), so LRU sees both", async () => {
    const url = freshUrl();
    const clock = fakeClock();
    const [writer, first, second] = await Promise.all([0, 1, 2].map(() => openPageStore({ redisUrl: url, now: clock.now })));
    const added = (await writer!.add([1, 2].map((n) => ({ url: `https://lru.example/${n}`, markdown: `# ${n}\n\npage ${n}\n` })))).added;
    clock.advance(10_000);
    await first!.get(added[0]!.handle);
    await second!.get(added[1]!.handle);
    await Promise.all([first!.close(), second!.close()]);
    // The next commit folds the recorded touches into the manifest.
    await writer!.add([{ url: "https://lru.example/3", markdown: "# 3\n\npage 3\n" }]);
    const listed = await writer!.list();
    expect(listed.pages).toHaveLength(3);
    for (const page of added) expect(listed.pages.find((entry) => entry.handle === page.handle)?.last_access).toBe(new Date(clock.now()).toISOString());
  });

  it("is chosen by redis_url in a request (store_dir ignored) and reports no directory", async () => {
    const url = freshUrl();
    const added = replyOf(await runStoreOperation({ operation: "add", redis_url: url, store_dir: tempStoreDir(), pages: [{ url: "https://req.example/", markdown: "# R\n\nrequest field\n" }] }), "add");
    expect(added.added[0]?.status).toBe("added");
    const stats = replyOf(await runStoreOperation({ operation: "stats", redis_url: url }), "stats").stats;
    expect(stats).toMatchObject({ dir: null, in_memory: false, pages: 1 });
    const elsewhere = replyOf(await runStoreOperation({ operation: "stats", store_dir: tempStoreDir() }), "stats").stats;
    expect(elsewhere.pages).toBe(0);
  });
});
