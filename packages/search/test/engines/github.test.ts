import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { githubEngine, githubErrorMessage, githubRetryAfterS, mapGithubReply, pushedQualifier } from "../../src/engines/github.js";
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

  it("maps a 403 with x-ratelimit-remaining: 0 to rate_limited, waiting until x-ratelimit-reset", async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    server.reply = {
      status: 403,
      headers: { "content-type": "application/json; charset=utf-8", "x-ratelimit-remaining": "0", "x-ratelimit-limit": "10", "x-ratelimit-reset": String(reset) },
      body: '{"message":"API rate limit exceeded for 127.0.0.1. (But here\'s the good news: Authenticated requests get a higher rate limit.)","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}',
    };
    const run = await githubEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.retry_after_s).toBeGreaterThanOrEqual(115);
    expect(run.retry_after_s).toBeLessThanOrEqual(121);
    expect(run.detail).toContain("HTTP 403): API rate limit exceeded for 127.0.0.1.");
  });

  it("maps a 403 whose message mentions the rate limit to rate_limited, even without headers", async () => {
    server.reply = { status: 403, headers: { "content-type": "application/json" }, body: '{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}' };
    const run = await githubEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: null });
    expect(run.detail).toMatch(/secondary rate limit/);
  });

  it("clamps a reset time already past to 0", async () => {
    server.reply = { status: 403, headers: { "content-type": "application/json", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) - 30) }, body: '{"message":"API rate limit exceeded"}' };
    expect(await githubEngine.search(await contextFor(server))).toMatchObject({ outcome: "rate_limited", retry_after_s: 0 });
  });

  it("maps any other 403 to blocked with GitHub's own message", async () => {
    server.reply = { status: 403, headers: { "content-type": "application/json", "x-ratelimit-remaining": "57" }, body: '{"message":"Repository access blocked","block":{"reason":"tos"}}' };
    const run = await githubEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "blocked", retry_after_s: null });
    expect(run.detail).toBe("GitHub refused the request (HTTP 403): Repository access blocked.");
  });

  it("maps a 403 block page (no message to read) to blocked with the block reason", async () => {
    server.reply = { status: 403, headers: { "content-type": "text/html" }, body: "<html><body>Forbidden</body></html>" };
    const run = await githubEngine.search(await contextFor(server));
    expect(run.outcome).toBe("blocked");
    expect(run.detail).toBe("GitHub refused the request (HTTP 403) (forbidden_suspected_bot).");
  });

  it("maps 429 with only x-ratelimit-reset to rate_limited, waiting until the reset", async () => {
    const reset = Math.floor(Date.now() / 1000) + 90;
    server.reply = { status: 429, headers: { "content-type": "application/json", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }, body: '{"message":"API rate limit exceeded"}' };
    const run = await githubEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.retry_after_s).toBeGreaterThanOrEqual(85);
    expect(run.retry_after_s).toBeLessThanOrEqual(91);
  });

  it("prefers Retry-After over x-ratelimit-reset, and reads messages from JSON or text", () => {
    const now = Date.UTC(2024, 0, 1);
    expect(githubRetryAfterS(60, { "x-ratelimit-reset": String(now / 1000 + 500) }, now)).toBe(60);
    expect(githubRetryAfterS(null, { "x-ratelimit-reset": String(now / 1000 + 500) }, now)).toBe(500);
    expect(githubRetryAfterS(null, { "x-ratelimit-reset": String(now / 1000 - 5) }, now)).toBe(0);
    expect(githubRetryAfterS(null, { "x-ratelimit-reset": "soon" }, now)).toBeNull();
    expect(githubRetryAfterS(null, {}, now)).toBeNull();
    expect(githubErrorMessage(JSON.stringify({ message: "  Bad\n credentials " }))).toBe("Bad credentials");
    expect(githubErrorMessage("rate limit exceeded")).toBe("rate limit exceeded");
    expect(githubErrorMessage('{"errors":[]}')).toBeNull();
    expect(githubErrorMessage(null)).toBeNull();
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
