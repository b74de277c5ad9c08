import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hackernewsEngine } from "../../src/engines/hackernews.js";
import { contextFor, json, startEngineServer, type EngineServer } from "./engine-server.js";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

describe("hackernews adapter", () => {
  it("asks Algolia for stories and maps hits; a text post links to its discussion", async () => {
    server.reply = await json("hackernews-results.json");
    const before = server.requests.length;
    const run = await hackernewsEngine.search(await contextFor(server, { limit: 20 }));
    const sent = server.requests[before]!;
    expect(sent.path.startsWith("/api/v1/search?")).toBe(true);
    expect(Object.fromEntries(sent.query)).toEqual({ query: "typescript generics", tags: "story", hitsPerPage: "20" });
    expect(run.outcome).toBe("ok");
    expect(run.results).toEqual([
      {
        url: "https://devblogs.microsoft.com/typescript/announcing-typescript-5-0/",
        title: "TypeScript 5.0",
        snippet: "Hacker News story; 812 points, 321 comments.",
        published: "2023-03-16T17:10:00.000Z",
        sources: ["hackernews"],
      },
      {
        url: "https://news.ycombinator.com/item?id=36000000",
        title: "Ask HN: Is TypeScript worth it?",
        snippet: "I'm weighing TypeScript vs plain JS & JSDoc. Thoughts?",
        published: "2023-05-20T08:00:00.000Z",
        sources: ["hackernews"],
      },
    ]);
  });

  it("applies the time range with numericFilters and respects the limit", async () => {
    server.reply = await json("hackernews-results.json");
    const before = server.requests.length;
    const run = await hackernewsEngine.search(await contextFor(server, { limit: 1, timeRange: "day" }));
    const filter = server.requests[before]!.query.get("numericFilters") ?? "";
    expect(filter).toMatch(/^created_at_i>\d+$/);
    expect(Math.abs(Number(filter.split(">")[1]) - (Date.now() / 1000 - 86_400))).toBeLessThan(60);
    expect(run.results).toHaveLength(1);
  });

  it("reads an empty hits list as empty", async () => {
    server.reply = await json("hackernews-empty.json");
    expect((await hackernewsEngine.search(await contextFor(server))).outcome).toBe("empty");
  });

  it("maps 429 with Retry-After", async () => {
    server.reply = { status: 429, headers: { "retry-after": "15", "content-type": "application/json" }, body: '{"message":"Too many requests","status":429}' };
    expect(await hackernewsEngine.search(await contextFor(server))).toMatchObject({ outcome: "rate_limited", retry_after_s: 15 });
  });

  it("maps malformed JSON and a reply without hits to parse_failed", async () => {
    server.reply = await json("malformed.json");
    expect((await hackernewsEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"message":"index does not exist"}' };
    expect((await hackernewsEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
  });

  it("maps 400 to http_error and 502 to server_error", async () => {
    server.reply = { status: 400, headers: { "content-type": "application/json" }, body: '{"message":"invalid numericFilters","status":400}' };
    expect((await hackernewsEngine.search(await contextFor(server))).outcome).toBe("http_error");
    server.reply = { status: 502, headers: { "content-type": "text/html" }, body: "<html><body>" + "Bad gateway. ".repeat(400) + "</body></html>" };
    expect((await hackernewsEngine.search(await contextFor(server))).outcome).toBe("server_error");
  });
});
