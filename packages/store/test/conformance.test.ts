import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { Redis } from "ioredis";
import { validateContractValue } from "@websift/contracts";
import { oneFieldBreak, requestArbitrary } from "@websift/contracts/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedisClients } from "../src/core/redis/redis-connection.js";
import { runStoreOperation } from "../src/index.js";
import { replyOf } from "./helpers.js";
import { startRedisServer, type RedisServer } from "@websift/test-support/redis-server";

// Generated requests name random store directories: every one is pointed into this scratch directory
// instead, so the property never writes outside it.
const scratch = mkdtempSync(path.join(os.tmpdir(), "websift-store-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Generated requests name random Redis URLs too: each is pointed at a real Redis on loopback, so the
// property runs the Redis backend as well as the directory and memory ones.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await closeRedisClients();
  await redis.stop();
});

function insideScratch(request: unknown): Record<string, unknown> {
  const copy = { ...(request as Record<string, unknown>) };
  if (copy["store_dir"] !== undefined) copy["store_dir"] = path.join(scratch, "store");
  if (copy["redis_url"] !== undefined) copy["redis_url"] = redis.url;
  return copy;
}

// A schema-valid request may still name a page that is not there; those answers are typed, never a refusal.
const TYPED_OUTCOMES = new Set(["not_found"]);

describe("store entry point conforms to its contract (requests generated from the request schema)", () => {
  it("answers every schema-valid request with a reply valid against the response schema, or a typed not_found", async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary("store"), async (generated) => {
        const reply = await runStoreOperation(insideScratch(generated));
        if (reply.ok) {
          expect(validateContractValue("store", "response", reply.data)).toEqual({ valid: true });
          expect(reply.data?.operation).toBe((generated as { operation: string }).operation);
        } else {
          expect(reply.error?.code, JSON.stringify({ generated, error: reply.error })).toSatisfy((code: string) => TYPED_OUTCOMES.has(code));
        }
      }),
      { numRuns: 150, seed: 13 },
    );
  });

  it("refuses a request broken in one field with invalid_request naming that field, inside the operation union too", async () => {
    await fc.assert(
      fc.asyncProperty(oneFieldBreak("store"), async ({ request, field }) => {
        const reply = await runStoreOperation(field === "store_dir" || field === "redis_url" ? request : insideScratch(request));
        expect(reply.ok).toBe(false);
        expect(reply.error?.code).toBe("invalid_request");
        expect(reply.error?.details?.["field"], JSON.stringify({ request, error: reply.error })).toBe(field);
      }),
      { numRuns: 150, seed: 14 },
    );
  });

  it("names the field in the issue's examples", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ operation: "get", handle: "example.org~0123456789ab", page_size_tokens: 10 }, "page_size_tokens"],
      [{ operation: "get", handle: "not a handle" }, "handle"],
      [{ operation: "add", pages: [{ url: "https://example.org/", markdown: "x" }, { url: "/relative", markdown: "x" }] }, "pages[1].url"],
      [{ operation: "get", handle: "example.org~0123456789ab", url: "https://example.org/" }, "(root)"],
      [{ operation: "fetch" }, "operation"],
    ];
    for (const [request, field] of cases) {
      const reply = await runStoreOperation({ in_memory: true, ...request });
      expect(reply.error, JSON.stringify(request)).toMatchObject({ code: "invalid_request", details: { field } });
    }
    const both = await runStoreOperation({ in_memory: true, operation: "get", handle: "example.org~0123456789ab", url: "https://example.org/" });
    expect(both.error?.message).toContain("exactly one of `handle`, `url`");
  });
});

describe("one URL identity", () => {
  it("gives the three URL twins one handle from one add, and finds the page by any twin", async () => {
    const dir = path.join(scratch, "twins");
    const twins = ["https://example.org/a?id=3", "https://example.org/a?spm=1.2&id=3", "https://www.example.org/a?id=3&_ga=GA1.2"];
    const added = replyOf(await runStoreOperation({ operation: "add", store_dir: dir, pages: twins.map((url) => ({ url, markdown: `# Twin\n\nThe same page, reached as ${url}.\n` })) }), "add");
    expect(new Set(added.added.map((page) => page.handle)).size).toBe(1);
    expect(new Set(added.added.map((page) => page.canonical_url))).toEqual(new Set(["https://example.org/a?id=3"]));
    expect(replyOf(await runStoreOperation({ operation: "list", store_dir: dir }), "list").pages).toHaveLength(1);
    for (const url of [...twins, "HTTPS://EXAMPLE.ORG:443/a?utm_source=x&id=3#top"]) {
      const got = replyOf(await runStoreOperation({ operation: "get", store_dir: dir, url }), "get");
      expect(got.handle).toBe(added.added[0]!.handle);
    }
    const missing = await runStoreOperation({ operation: "get", store_dir: dir, url: "https://example.org/b" });
    expect(missing.error).toMatchObject({ code: "not_found", details: { reason: "unknown_url" } });
  });
});

describe("in_memory across calls", () => {
  it("is the process's one in-memory store: pages added in one call are read in the next, and never touch the disk", async () => {
    const added = replyOf(await runStoreOperation({ operation: "add", in_memory: true, pages: [{ url: "https://memory.example/page", markdown: "# Kept in memory\n\nquokka facts\n" }] }), "add");
    const handle = added.added[0]!.handle;
    expect(replyOf(await runStoreOperation({ operation: "get", in_memory: true, handle }), "get").content).toContain("quokka");
    expect(replyOf(await runStoreOperation({ operation: "search", in_memory: true, query: "quokka" }), "search").passages[0]?.handle).toBe(handle);
    expect(replyOf(await runStoreOperation({ operation: "stats", in_memory: true }), "stats").stats).toMatchObject({ in_memory: true, dir: null });
    // A directory store does not see it.
    const onDisk = await runStoreOperation({ operation: "get", store_dir: path.join(scratch, "disk"), handle });
    expect(onDisk.error?.code).toBe("not_found");
  });
});

/** A stored page's extraction metadata (store 3.2.0), as agent-io passes it from its fetch reply. */
const META = {
  page_type: "article",
  quality_score: 0.83,
  extracted_via: "readability",
  fetched_via: "http",
  published: { value: "2026-11-30T08:00:00Z", source: "json-ld" },
  byline: "Ada Lovelace",
  language: "en",
  canonical_url: "https://meta.example/story",
};

describe("page_meta on every backend (store 3.2.0)", () => {
  const backends: Array<[string, () => Record<string, unknown>]> = [
    ["directory", () => ({ store_dir: mkdtempSync(path.join(scratch, "meta-")) })],
    ["in memory", () => ({ in_memory: true })],
    ["redis", () => ({ redis_url: `${redis.url}/${(redisDatabase += 1)}` })],
  ];
  let redisDatabase = 0;

  for (const [name, where] of backends) {
    it(`${name}: keeps it, gives it back on every page, updates it on re-add, answers null without it`, async () => {
      const at = where();
      const url = `https://meta.example/${name.replace(/ /g, "-")}/story?id=1`;
      const markdown = `# Story\n\n${"A paragraph about the stored metadata of a page. ".repeat(60)}\n`;
      const added = replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url, markdown, page_meta: META }] }), "add");
      const handle = added.added[0]!.handle;
      const first = replyOf(await runStoreOperation({ operation: "get", ...at, handle, page_size_tokens: 100 }), "get");
      expect(first.page_meta).toEqual(META);
      expect(first.has_more).toBe(true);
      expect(replyOf(await runStoreOperation({ operation: "get", ...at, url, page: 2, page_size_tokens: 100 }), "get").page_meta).toEqual(META);

      // Same Markdown with new metadata: updated; fields left out are kept as null.
      const renewed = { page_type: "documentation", byline: null, published: null };
      const again = replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url, markdown, page_meta: renewed }] }), "add");
      expect(again.added[0]!.status).toBe("updated");
      const complete = { page_type: "documentation", quality_score: null, extracted_via: null, fetched_via: null, published: null, byline: null, language: null, canonical_url: null };
      expect(replyOf(await runStoreOperation({ operation: "get", ...at, handle }), "get").page_meta).toEqual(complete);
      // Same Markdown, same metadata: unchanged. Same Markdown without metadata: the kept one stays.
      expect(replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url, markdown, page_meta: renewed }] }), "add").added[0]!.status).toBe("unchanged");
      expect(replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url, markdown }] }), "add").added[0]!.status).toBe("unchanged");
      expect(replyOf(await runStoreOperation({ operation: "get", ...at, handle }), "get").page_meta).toEqual(complete);
      // New Markdown without metadata: what was kept described the old text, so none is kept.
      replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url, markdown: `${markdown}\nA new paragraph.\n` }] }), "add");
      const bare = replyOf(await runStoreOperation({ operation: "get", ...at, handle }), "get");
      expect(bare.page_meta).toBeNull();
      expect(validateContractValue("store", "response", bare)).toEqual({ valid: true });

      // A page stored without it answers null.
      const plain = replyOf(await runStoreOperation({ operation: "add", ...at, pages: [{ url: `${url}&plain=1`, markdown: "# Plain\n\nNo metadata here.\n" }] }), "add");
      expect(replyOf(await runStoreOperation({ operation: "get", ...at, handle: plain.added[0]!.handle }), "get").page_meta).toBeNull();
    });
  }

  it("refuses a bad page_meta naming the field", async () => {
    const page = { url: "https://meta.example/bad", markdown: "# Bad\n" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...META, author: "x" }, "pages[0].page_meta.author"],
      [{ quality_score: 1.5 }, "pages[0].page_meta.quality_score"],
      [{ published: { value: "2026-01-01" } }, "pages[0].page_meta.published.source"],
      [{ byline: 7 }, "pages[0].page_meta.byline"],
    ];
    for (const [pageMeta, field] of cases) {
      const reply = await runStoreOperation({ operation: "add", in_memory: true, pages: [{ ...page, page_meta: pageMeta }] });
      expect(reply.error, JSON.stringify(pageMeta)).toMatchObject({ code: "invalid_request", details: { field } });
    }
  });

  it("reads a page stored by store 3.1.0 (a manifest entry without page_meta) as null, on disk and on Redis", async () => {
    const page = { url: "https://meta.example/older", markdown: "# Older\n\nStored before page_meta existed.\n", page_meta: META };
    // Directory: the manifest as 3.1.0 wrote it, with no page_meta key in the entry.
    const dir = mkdtempSync(path.join(scratch, "older-"));
    const handle = replyOf(await runStoreOperation({ operation: "add", store_dir: dir, pages: [page] }), "add").added[0]!.handle;
    const manifestPath = path.join(dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { pages: Record<string, Record<string, unknown>> };
    delete manifest.pages[handle]!["page_meta"];
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const fromDisk = replyOf(await runStoreOperation({ operation: "get", store_dir: dir, handle }), "get");
    expect(fromDisk.page_meta).toBeNull();
    expect(fromDisk.content).toContain("Stored before page_meta existed.");
    expect(validateContractValue("store", "response", fromDisk)).toEqual({ valid: true });

    // Redis: the same manifest JSON under the manifest key, with a new commit token so readers see it.
    const redisUrl = `${redis.url}/15`;
    replyOf(await runStoreOperation({ operation: "add", redis_url: redisUrl, pages: [page] }), "add");
    const client = new Redis(redisUrl);
    try {
      const key = "websift:{websift-store}:manifest";
      const stored = JSON.parse((await client.get(key)) ?? "null") as { pages: Record<string, Record<string, unknown>> };
      delete stored.pages[handle]!["page_meta"];
      await client.set(key, JSON.stringify(stored));
      await client.set("websift:{websift-store}:commit", `older-${Date.now()}`);
    } finally {
      client.disconnect();
    }
    const fromRedis = replyOf(await runStoreOperation({ operation: "get", redis_url: redisUrl, handle }), "get");
    expect(fromRedis.page_meta).toBeNull();
    expect(validateContractValue("store", "response", fromRedis)).toEqual({ valid: true });
    // Adding it again with metadata fills it in.
    expect(replyOf(await runStoreOperation({ operation: "add", redis_url: redisUrl, pages: [page] }), "add").added[0]!.status).toBe("updated");
    expect(replyOf(await runStoreOperation({ operation: "get", redis_url: redisUrl, handle }), "get").page_meta).toEqual(META);
  });
});
