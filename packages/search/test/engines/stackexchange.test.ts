import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapStackExchangeReply, stackexchangeEngine } from "../../src/engines/stackexchange.js";
import { contextFor, fixture, json, startEngineServer, type EngineServer } from "./engine-server.js";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

describe("stackexchange adapter", () => {
  it("asks /2.3/search/advanced and maps items: entities decoded, creation_date to ISO", async () => {
    server.reply = await json("stackexchange-results.json");
    const before = server.requests.length;
    const run = await stackexchangeEngine.search(await contextFor(server, { limit: 5 }));
    const sent = server.requests[before]!;
    expect(sent.path.startsWith("/2.3/search/advanced?")).toBe(true);
    expect(Object.fromEntries(sent.query)).toEqual({ order: "desc", sort: "relevance", q: "typescript generics", site: "stackoverflow", pagesize: "5", filter: "default" });
    expect(run).toMatchObject({ outcome: "ok", detail: null, retry_after_s: null });
    expect(run.results).toEqual([
      {
        url: "https://stackoverflow.com/questions/41900/what-does-t-extends-keyof-mean",
        title: 'What does <T extends keyof U> mean & when do I "need" it?',
        snippet: "Stack Overflow question; score 412; 7 answers; answered; tags: typescript, generics.",
        published: "2017-01-01T00:00:00.000Z",
        sources: ["stackexchange"],
      },
      {
        url: "https://stackoverflow.com/questions/78000001/generic-constraint-isn-t-working",
        title: "Generic constraint isn't working",
        snippet: "Stack Overflow question; score -1; 0 answers; tags: typescript.",
        published: "2024-03-09T16:00:00.000Z",
        sources: ["stackexchange"],
      },
    ]);
  });

  it("applies the time range with fromdate and respects the limit", async () => {
    server.reply = await json("stackexchange-results.json");
    const before = server.requests.length;
    const run = await stackexchangeEngine.search(await contextFor(server, { limit: 1, timeRange: "week" }));
    const fromdate = Number(server.requests[before]!.query.get("fromdate"));
    expect(Math.abs(fromdate - (Date.now() / 1000 - 7 * 86_400))).toBeLessThan(60);
    expect(run.results).toHaveLength(1);
  });

  it("reads an empty items list as empty", async () => {
    server.reply = await json("stackexchange-empty.json");
    expect((await stackexchangeEngine.search(await contextFor(server))).outcome).toBe("empty");
  });

  it("keeps a backoff on a good reply as retry_after_s", async () => {
    server.reply = await json("stackexchange-backoff.json");
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "ok", retry_after_s: 10 });
    expect(run.detail).toMatch(/backoff/);
  });

  it("reads the API's HTTP 400 error answer through fetch: throttle_violation is rate_limited, in its own words", async () => {
    server.reply = await json("stackexchange-throttle.json", 400);
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 81234, results: [] });
    expect(run.detail).toContain("error 502 throttle_violation: too many requests from this IP, more requests available in 81234 seconds; retry after 81234 s.");
  });

  it("takes a backoff in the HTTP 400 throttle answer as retry_after_s when the message names no longer wait", async () => {
    server.reply = { status: 400, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify({ error_id: 502, error_name: "throttle_violation", error_message: "too many requests from this IP", backoff: 30 }) };
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 30 });
    expect(run.detail).toMatch(/retry after 30 s \(backoff\)/);
    // Both given: the longer wait holds (the ban in the text outlasts a short backoff).
    const reply = JSON.parse(await fixture("stackexchange-throttle.json")) as Record<string, unknown>;
    expect(mapStackExchangeReply({ ...reply, backoff: 30 }, 10).retry_after_s).toBe(81234);
  });

  it("maps an access error answer (HTTP 400, error 403 access_denied) to auth_failed with the API's message", async () => {
    server.reply = { status: 400, headers: { "content-type": "application/json" }, body: '{"error_id":403,"error_message":"Invalid access_token","error_name":"access_denied"}' };
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run.outcome).toBe("auth_failed");
    expect(run.detail).toContain("error 403 access_denied: Invalid access_token");
  });

  it("maps another API error answer to http_error with the API's own message", async () => {
    server.reply = { status: 400, headers: { "content-type": "application/json" }, body: '{"error_id":400,"error_message":"pagesize","error_name":"bad_parameter"}' };
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "http_error", retry_after_s: null });
    expect(run.detail).toBe("Stack Exchange's API answered with error 400 bad_parameter: pagesize.");
  });

  it("says the reason is unknown when an HTTP 400 carries no readable error answer", async () => {
    server.reply = { status: 400, headers: { "content-type": "text/html" }, body: "<html><body><p>Bad request</p></body></html>" };
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run.outcome).toBe("http_error");
    expect(run.detail).toMatch(/HTTP 400.*reason is unknown/);
    server.reply = { status: 400, headers: { "content-type": "application/json" }, body: '{"unexpected":true}' };
    expect((await stackexchangeEngine.search(await contextFor(server))).detail).toMatch(/reason is unknown/);
  });

  it("maps throttle_violation (error 502) to rate_limited with the backoff", async () => {
    const reply = JSON.parse(await fixture("stackexchange-throttle.json")) as Record<string, unknown>;
    expect(mapStackExchangeReply(reply, 10)).toMatchObject({ outcome: "rate_limited", retry_after_s: 81234 });
    expect(mapStackExchangeReply({ ...reply, error_message: "too many requests from this IP" }, 10)).toMatchObject({ outcome: "rate_limited", retry_after_s: null });
    expect(mapStackExchangeReply({ error_id: 403, error_name: "access_denied", error_message: "x" }, 10).outcome).toBe("auth_failed");
    // The same error served with HTTP 200 is still a failure, never empty.
    server.reply = await json("stackexchange-throttle.json", 200);
    const run = await stackexchangeEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.detail).toMatch(/throttle_violation/);
  });

  it("maps 429 with Retry-After", async () => {
    server.reply = { status: 429, headers: { "retry-after": "60" }, body: "" };
    expect(await stackexchangeEngine.search(await contextFor(server))).toMatchObject({ outcome: "rate_limited", retry_after_s: 60 });
  });

  it("maps malformed JSON and a reply without items to parse_failed", async () => {
    server.reply = await json("malformed.json");
    expect((await stackexchangeEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"quota_max":300}' };
    expect((await stackexchangeEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
  });
});
