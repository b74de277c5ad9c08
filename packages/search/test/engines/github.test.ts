import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { githubEngine, mapGithubReply, pushedQualifier } from "../../src/engines/github.js";
import { contextFor, json, startEngineServer, type EngineServer } from "./engine-server.js";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

describe("github adapter", () => {
  it("asks /search/repositories with the GitHub media type and maps items", async () => {
    server.reply = await json("github-results.json");
    const before = server.requests.length;
    const run = await githubEngine.search(await contextFor(server, { limit: 5 }));
    const sent = server.requests[before]!;
    expect(sent.path.startsWith("/search/repositories?")).toBe(true);
    expect(sent.query.get("q")).toBe("typescript generics");
    expect(sent.query.get("per_page")).toBe("5");
    expect(sent.headers["accept"]).toBe("application/vnd.github+json");
    expect(run.outcome).toBe("ok");
    expect(run.results).toEqual([
      {
        url: "https://github.com/microsoft/TypeScript",
        title: "microsoft/TypeScript",
        snippet: "TypeScript is a superset of JavaScript that compiles to clean JavaScript output. (TypeScript, 98765 stars)",
        published: "2024-05-03T07:12:45.000Z",
        sources: ["github"],
      },
      {
        url: "https://github.com/someone/a-b",
        title: "someone/a-b",
        // Descriptions are plain text: nothing is decoded or stripped.
        snippet: "Parses <T> generics &amp; more (plain text, not HTML) (3 stars, archived)",
        published: "2023-01-01T00:00:00.000Z",
        sources: ["github"],
      },
    ]);
  });

  it("applies the time range as a pushed:> qualifier", async () => {
    server.reply = await json("github-results.json");
    const before = server.requests.length;
    await githubEngine.search(await contextFor(server, { timeRange: "month" }));
    expect(server.requests[before]!.query.get("q")).toMatch(/^typescript generics pushed:>\d{4}-\d{2}-\d{2}$/);
    expect(pushedQualifier("week", Date.UTC(2024, 4, 10))).toBe("pushed:>2024-05-03");
  });

  it("reads an empty items list as empty, and an incomplete empty list as timeout", async () => {
    server.reply = await json("github-empty.json");
    expect((await githubEngine.search(await contextFor(server))).outcome).toBe("empty");
    expect(mapGithubReply({ total_count: 0, incomplete_results: true, items: [] }, 10).outcome).toBe("timeout");
  });

  it("maps 403 with Retry-After (secondary rate limit) to rate_limited", async () => {
    server.reply = { status: 403, headers: { "content-type": "application/json", "retry-after": "60" }, body: '{"message":"You have exceeded a secondary rate limit.","documentation_url":"https://docs.github.com/rest"}' };
    expect(await githubEngine.search(await contextFor(server))).toMatchObject({ outcome: "rate_limited", retry_after_s: 60 });
  });

  it("maps a bare 403 to blocked and says it is most likely the rate limit", async () => {
    server.reply = { status: 403, headers: { "content-type": "application/json", "x-ratelimit-remaining": "0" }, body: '{"message":"API rate limit exceeded for 127.0.0.1."}' };
    const run = await githubEngine.search(await contextFor(server));
    expect(run.outcome).toBe("blocked");
    expect(run.detail).toMatch(/rate limit/);
  });

  it("maps 429 with Retry-After", async () => {
    server.reply = { status: 429, headers: { "retry-after": "45", "content-type": "application/json" }, body: '{"message":"API rate limit exceeded"}' };
    expect(await githubEngine.search(await contextFor(server))).toMatchObject({ outcome: "rate_limited", retry_after_s: 45 });
  });

  it("maps malformed JSON and a reply without items to parse_failed", async () => {
    server.reply = await json("malformed.json");
    expect((await githubEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"message":"Not a search reply"}' };
    expect((await githubEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
  });

  it("maps 422 to http_error", async () => {
    server.reply = { status: 422, headers: { "content-type": "application/json" }, body: '{"message":"Validation Failed"}' };
    expect((await githubEngine.search(await contextFor(server))).outcome).toBe("http_error");
  });
});
