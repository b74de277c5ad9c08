import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAVE_USAGE_FILE } from "../../src/engines/brave-usage.js";
import { braveEngine } from "../../src/engines/brave.js";
import { contextFor, json, startEngineServer, stateDir, type EngineServer } from "./engine-server.js";

const KEY = "BSAtestKey0123456789abcdef";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

function keyed(options: Parameters<typeof contextFor>[1] = {}) {
  return contextFor(server, { ...options, settings: { api_key: KEY, ...options.settings } });
}

describe("brave adapter", () => {
  it("is keyed, outside the default set, and in its own group", () => {
    expect(braveEngine).toMatchObject({ name: "brave", kind: "keyed", inDefaultSet: false, group: "brave", supportsTimeRange: true });
  });

  it("sends the key in X-Subscription-Token, caps count at 20, and maps web.results", async () => {
    server.reply = await json("brave-results.json");
    const before = server.requests.length;
    const run = await braveEngine.search(await keyed({ limit: 50, timeRange: "month" }));
    const sent = server.requests[before]!;
    expect(sent.path.startsWith("/res/v1/web/search?")).toBe(true);
    expect(Object.fromEntries(sent.query)).toEqual({ q: "typescript generics", count: "20", freshness: "pm" });
    expect(sent.headers["x-subscription-token"]).toBe(KEY);
    expect(sent.headers["accept"]).toBe("application/json");
    expect(run).toMatchObject({ outcome: "ok", detail: null });
    // The third result has no address: it is skipped, never invented.
    expect(run.results).toEqual([
      {
        url: "https://www.typescriptlang.org/docs/handbook/2/generics.html",
        title: "TypeScript: Documentation - Generics",
        snippet: "Being able to create a component that can work over a variety of types rather than a single one. Generics & constraints.",
        published: "2024-03-05T10:20:30.000Z",
        sources: ["brave"],
      },
      {
        url: "https://blog.example.org/ts-generics/",
        title: "Generics in TypeScript – a guide",
        snippet: "A guide to <T> in TypeScript.",
        published: "2023-01-02T00:00:00.000Z",
        sources: ["brave"],
      },
    ]);
  });

  it("does not run unless the config enables it, and sends nothing", async () => {
    const before = server.requests.length;
    const run = await braveEngine.search(await keyed({ settings: { enabled: false } }));
    expect(run.outcome).toBe("not_configured");
    expect(run.detail).toMatch(/enable/);
    expect(server.requests.length).toBe(before);
  });

  it.each(["", "   ", "CHANGE_ME", "YOUR_BRAVE_KEY", "todo", "xxxx", "<your-api-key>"])("treats the placeholder key %j as not configured and sends nothing", async (placeholder) => {
    const before = server.requests.length;
    const run = await braveEngine.search(await keyed({ settings: { api_key: placeholder } }));
    expect(run.outcome).toBe("not_configured");
    expect(server.requests.length).toBe(before);
    if (placeholder.trim() !== "") expect(run.detail).not.toContain(placeholder);
  });

  it("honours a key problem the config already found, and a missing key", async () => {
    const before = server.requests.length;
    const fromConfig = await braveEngine.search(await keyed({ settings: { api_key: undefined, key_problem: "the key is a placeholder (it contains CHANGE)" } }));
    expect(fromConfig.outcome).toBe("not_configured");
    expect(fromConfig.detail).toMatch(/placeholder/);
    expect((await braveEngine.search(await keyed({ settings: { api_key: undefined } }))).outcome).toBe("not_configured");
    expect(server.requests.length).toBe(before);
    expect(braveEngine.availability({ base_url: undefined, api_key: undefined, key_problem: undefined, enabled: true, timeout_ms: 1, daily_budget: undefined }).configured).toBe(false);
  });

  it("spends the local daily budget, then reports quota_exhausted without sending anything", async () => {
    server.reply = await json("brave-results.json");
    const dir = await stateDir();
    const before = server.requests.length;
    const first = await braveEngine.search(await keyed({ stateDir: dir, settings: { daily_budget: 1 } }));
    expect(first.outcome).toBe("ok");
    const second = await braveEngine.search(await keyed({ stateDir: dir, settings: { daily_budget: 1 } }));
    expect(second.outcome).toBe("quota_exhausted");
    expect(second.detail).toMatch(/budget of 1/);
    expect(server.requests.length).toBe(before + 1);
    const usage = JSON.parse(await readFile(join(dir, BRAVE_USAGE_FILE), "utf8")) as Record<string, unknown>;
    expect(usage).toMatchObject({ day: new Date().toISOString().slice(0, 10), requests: 1 });
  });

  it("sends nothing with a budget of 0", async () => {
    const before = server.requests.length;
    expect((await braveEngine.search(await keyed({ settings: { daily_budget: 0 } }))).outcome).toBe("quota_exhausted");
    expect(server.requests.length).toBe(before);
  });

  it("starts a new count on a new UTC day", async () => {
    server.reply = await json("brave-results.json");
    const dir = await stateDir();
    await writeFile(join(dir, BRAVE_USAGE_FILE), JSON.stringify({ day: "2000-01-01", requests: 5, last_request_ms: 0 }));
    expect((await braveEngine.search(await keyed({ stateDir: dir, settings: { daily_budget: 5 } }))).outcome).toBe("ok");
  });

  it("keeps requests at least one second apart, also when they run in parallel", async () => {
    server.reply = await json("brave-results.json");
    const dir = await stateDir();
    const started = Date.now();
    const runs = await Promise.all([braveEngine.search(await keyed({ stateDir: dir })), braveEngine.search(await keyed({ stateDir: dir }))]);
    expect(runs.map((run) => run.outcome)).toEqual(["ok", "ok"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("maps 401 and 403 to auth_failed", async () => {
    server.reply = { status: 401, headers: { "content-type": "application/json" }, body: '{"type":"ErrorResponse","error":{"id":"x","status":401,"code":"SUBSCRIPTION_TOKEN_INVALID","detail":"The provided subscription token is invalid."},"time":1712345678}' };
    expect((await braveEngine.search(await keyed())).outcome).toBe("auth_failed");
    server.reply = { status: 403, headers: { "content-type": "application/json" }, body: '{"type":"ErrorResponse","error":{"status":403,"code":"OPTION_NOT_IN_PLAN"}}' };
    expect((await braveEngine.search(await keyed())).outcome).toBe("auth_failed");
  });

  it("maps 402 to quota_exhausted", async () => {
    server.reply = { status: 402, headers: { "content-type": "application/json" }, body: '{"type":"ErrorResponse","error":{"status":402,"code":"QUOTA_LIMITED","detail":"Monthly quota exceeded."}}' };
    expect((await braveEngine.search(await keyed())).outcome).toBe("quota_exhausted");
  });

  it("maps 429 with Retry-After to rate_limited", async () => {
    server.reply = { status: 429, headers: { "content-type": "application/json", "retry-after": "7" }, body: '{"type":"ErrorResponse","error":{"status":429,"code":"RATE_LIMITED"}}' };
    expect(await braveEngine.search(await keyed())).toMatchObject({ outcome: "rate_limited", retry_after_s: 7 });
  });

  it("follows no redirect: the key is never carried elsewhere", async () => {
    server.reply = { status: 302, headers: { location: `${server.origin}/elsewhere` }, body: "" };
    const before = server.requests.length;
    const run = await braveEngine.search(await keyed());
    expect(run.outcome).toBe("refused");
    expect(server.requests.length).toBe(before + 1);
  });

  it("reads a reply without web results as empty", async () => {
    server.reply = await json("brave-empty.json");
    expect((await braveEngine.search(await keyed())).outcome).toBe("empty");
  });

  it("maps malformed JSON, a foreign reply and results without addresses to parse_failed", async () => {
    server.reply = await json("malformed.json");
    expect((await braveEngine.search(await keyed())).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"results":[]}' };
    expect((await braveEngine.search(await keyed())).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"type":"search","web":{"type":"search","results":[{"title":"no url"}]}}' };
    expect((await braveEngine.search(await keyed())).outcome).toBe("parse_failed");
  });
});
