// Each engine meets its service's documented replies (fixtures written from the services' documented shapes),
// called the way the acceptance checks call it: ENGINES.get(name).search({query, limit, stateDir, fetch,
// settings}) with an injected fetch. No request leaves the process.
import type { FetchRequest } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../../src/engines/registry.js";
import type { EngineContext } from "../../src/engines/port.js";
import { fixture, stateDir } from "./engine-server.js";
import { injectedContext, type ServiceReply } from "./injected-fetch.js";

const BRAVE = { enabled: true, api_key: "BSAtest0123456789abcdefghijklmnopq" };

function search(name: string, context: EngineContext) {
  const engine = ENGINES.get(name);
  if (!engine) throw new Error(`no engine ${name}`);
  return engine.search(context);
}

async function reply(name: string, status: number, extra: Partial<ServiceReply> = {}): Promise<ServiceReply> {
  return { status, body: await fixture(name), ...extra };
}

describe("brave: documented error answers", () => {
  it("422 SUBSCRIPTION_TOKEN_INVALID is auth_failed with Brave's own reason", async () => {
    const run = await search("brave", await injectedContext(await reply("brave-error-token-invalid.json", 422), { settings: BRAVE }));
    expect(run).toMatchObject({ outcome: "auth_failed", retry_after_s: null, results: [] });
    expect(run.detail).toContain("SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid");
    expect(run.detail).toContain("HTTP 422");
  });

  it("reads the reference's other shape too: errors[] instead of error", async () => {
    const body = JSON.stringify({ type: "ErrorResponse", errors: [{ id: "x", code: "SUBSCRIPTION_TOKEN_INVALID", detail: "The provided subscription token is invalid.", status: 422, meta: { component: "authentication" } }], time: 1 });
    const run = await search("brave", await injectedContext({ status: 422, body }, { settings: BRAVE }));
    expect(run.outcome).toBe("auth_failed");
    expect(run.detail).toContain("The provided subscription token is invalid");
  });

  it("422 VALIDATION about the key header is auth_failed; about a parameter it is http_error naming the parameter", async () => {
    const header = await search("brave", await injectedContext(await reply("brave-error-validation-header.json", 422), { settings: BRAVE }));
    expect(header.outcome).toBe("auth_failed");
    expect(header.detail).toContain("VALIDATION: Unable to validate request parameter(s)");
    const query = await search("brave", await injectedContext(await reply("brave-error-validation-query.json", 422), { settings: BRAVE }));
    expect(query.outcome).toBe("http_error");
    expect(query.detail).toContain("query q");
  });

  it("404 SUBSCRIPTION_NOT_FOUND is auth_failed", async () => {
    const body = JSON.stringify({ type: "ErrorResponse", error: { id: "x", status: 404, code: "SUBSCRIPTION_NOT_FOUND", detail: "No subscription found.", meta: { component: "subscriptions" } } });
    const run = await search("brave", await injectedContext({ status: 404, body }, { settings: BRAVE }));
    expect(run.outcome).toBe("auth_failed");
    expect(run.detail).toContain("No subscription found");
  });

  it("429 RATE_LIMITED is rate_limited with the wait from X-RateLimit-Reset (the window that is spent)", async () => {
    const headers = { "X-RateLimit-Limit": "1, 15000", "X-RateLimit-Remaining": "0, 14000", "X-RateLimit-Reset": "1, 1419704" };
    const run = await search("brave", await injectedContext(await reply("brave-error-rate-limited.json", 429, { outcome: "rate_limited", headers }), { settings: BRAVE }));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 1 });
    expect(run.detail).toContain("RATE_LIMITED: Request rate limit exceeded for plan");
    // Retry-After, when sent, wins over the per-window figures.
    const withRetryAfter = await search("brave", await injectedContext(await reply("brave-error-rate-limited.json", 429, { headers: { ...headers, "Retry-After": "3" } }), { settings: BRAVE }));
    expect(withRetryAfter).toMatchObject({ outcome: "rate_limited", retry_after_s: 3 });
  });

  it("429 QUOTA_LIMITED is quota_exhausted, waiting for the monthly window", async () => {
    const headers = { "X-RateLimit-Limit": "1, 2000", "X-RateLimit-Remaining": "1, 0", "X-RateLimit-Reset": "1, 1419704" };
    const run = await search("brave", await injectedContext(await reply("brave-error-quota-limited.json", 429, { headers }), { settings: BRAVE }));
    expect(run).toMatchObject({ outcome: "quota_exhausted", retry_after_s: 1419704 });
    expect(run.detail).toContain("QUOTA_LIMITED: Request quota limit exceeded for plan");
  });

  it("a 422 without a readable body is still the key, not a bare HTTP error", async () => {
    const run = await search("brave", await injectedContext({ status: 422, body: "" }, { settings: BRAVE }));
    expect(run.outcome).toBe("auth_failed");
  });

  it("success replies still parse fully", async () => {
    const run = await search("brave", await injectedContext(await reply("brave-results.json", 200), { settings: BRAVE }));
    expect(run.outcome).toBe("ok");
    expect(run.results.length).toBeGreaterThan(0);
    for (const result of run.results) if (result.published !== null) expect(result.published).toMatch(/Z$/);
  });
});

describe("stackexchange: throttle and backoff", () => {
  it("the throttle_violation reply is rate_limited with the wait parsed from its message", async () => {
    const run = await search("stackexchange", await injectedContext(await reply("stackexchange-throttle-ip.json", 400)));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 67194, results: [] });
    expect(run.detail).toContain("more requests available in 67194 seconds");
  });

  it("honours the ban: within it the next search sends nothing and reports the remaining wait", async () => {
    const dir = await stateDir();
    await search("stackexchange", await injectedContext(await reply("stackexchange-throttle-ip.json", 400), { stateDir: dir }));
    const sent: FetchRequest[] = [];
    const next = await search("stackexchange", await injectedContext(await reply("stackexchange-results.json", 200), { stateDir: dir, sent }));
    expect(sent).toEqual([]);
    expect(next.outcome).toBe("rate_limited");
    expect(next.retry_after_s).toBeGreaterThan(67_000);
    expect(next.retry_after_s).toBeLessThanOrEqual(67_194);
    expect(next.detail).toMatch(/nothing was sent/);
  });

  it("honours `backoff` on a good reply: the answer counts, the next call within the backoff is not sent", async () => {
    const dir = await stateDir();
    const first = await search("stackexchange", await injectedContext(await reply("stackexchange-backoff.json", 200), { stateDir: dir }));
    expect(first).toMatchObject({ outcome: "ok", retry_after_s: 10 });
    expect(first.results).toHaveLength(1);
    const sent: FetchRequest[] = [];
    const second = await search("stackexchange", await injectedContext(await reply("stackexchange-results.json", 200), { stateDir: dir, sent }));
    expect(sent).toEqual([]);
    expect(second.outcome).toBe("rate_limited");
    expect(second.retry_after_s).toBeGreaterThan(0);
    expect(second.retry_after_s).toBeLessThanOrEqual(10);
    expect(second.detail).toMatch(/backoff/);
    // Another state dir (another machine's view) has no such wait.
    expect((await search("stackexchange", await injectedContext(await reply("stackexchange-results.json", 200)))).outcome).toBe("ok");
  });

  it("says '1 answer', not '1 answers'", async () => {
    const run = await search("stackexchange", await injectedContext(await reply("stackexchange-backoff.json", 200)));
    expect(run.results[0]!.snippet).toBe("Stack Overflow question; score 3; 1 answer; answered; tags: node.js.");
  });
});

describe("github: primary and secondary rate limits", () => {
  it("a secondary-limit 403 with Retry-After: 60 is rate_limited/60, in GitHub's words, with one closing period", async () => {
    const run = await search("github", await injectedContext(await reply("github-secondary-rate-limit.json", 403, { headers: { "Retry-After": "60" } })));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 60 });
    expect(run.detail).toBe("GitHub's rate limit was hit (HTTP 403): You have exceeded a secondary rate limit. Please wait a few minutes before you try again; retry after 60 s.");
    expect(run.detail).not.toMatch(/\.\./);
  });

  it("the same reply filed by fetch as rate_limited or blocked stays rate_limited/60", async () => {
    for (const outcome of ["rate_limited", "blocked"] as const) {
      const run = await search("github", await injectedContext(await reply("github-secondary-rate-limit.json", 403, { outcome, headers: { "retry-after": "60" } })));
      expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 60 });
    }
  });

  it("a primary-limit 403 waits until x-ratelimit-reset", async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    const run = await search("github", await injectedContext(await reply("github-primary-rate-limit.json", 403, { headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) } })));
    expect(run.outcome).toBe("rate_limited");
    expect(run.retry_after_s).toBeGreaterThanOrEqual(118);
    expect(run.retry_after_s).toBeLessThanOrEqual(120);
    expect(run.detail).toContain("API rate limit exceeded for 203.0.113.7");
  });

  it("success replies still parse fully", async () => {
    const run = await search("github", await injectedContext(await reply("github-results.json", 200)));
    expect(run.outcome).toBe("ok");
    for (const result of run.results) expect(result.published).toMatch(/Z$/);
  });
});

describe("hackernews and wikipedia: 429 and 5xx", () => {
  it("Algolia's 429 is rate_limited in its own words, with Retry-After when sent", async () => {
    const run = await search("hackernews", await injectedContext(await reply("hackernews-error-429.json", 429, { headers: { "Retry-After": "30" } })));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 30 });
    expect(run.detail).toContain("Too many requests");
  });

  it("a 5xx is server_error, keeping a Retry-After", async () => {
    const hn = await search("hackernews", await injectedContext({ status: 503, body: '{"message":"Service Unavailable","status":503}', headers: { "Retry-After": "120" } }));
    expect(hn).toMatchObject({ outcome: "server_error", retry_after_s: 120 });
    expect(hn.detail).toContain("Service Unavailable");
    const wiki = await search("wikipedia", await injectedContext({ status: 502, body: "", contentType: "text/html" }));
    expect(wiki.outcome).toBe("server_error");
  });

  it("Wikimedia's 429 is rate_limited; its API's ratelimited error at HTTP 200 too", async () => {
    const limited = await search("wikipedia", await injectedContext({ status: 429, body: "Too many requests. Please comply with the User-Agent policy.", contentType: "text/plain", headers: { "retry-after": "5" } }));
    expect(limited).toMatchObject({ outcome: "rate_limited", retry_after_s: 5 });
    expect(limited.detail).toContain("Please comply with the User-Agent policy");
    const api = await search("wikipedia", await injectedContext(await reply("wikipedia-error-ratelimited.json", 200)));
    expect(api.outcome).toBe("rate_limited");
  });

  it("success replies still parse fully, dates with a zone", async () => {
    for (const [name, file] of [["hackernews", "hackernews-results.json"], ["wikipedia", "wikipedia-results.json"]] as const) {
      const run = await search(name, await injectedContext(await reply(file, 200)));
      expect(run.outcome).toBe("ok");
      for (const result of run.results) if (result.published !== null) expect(result.published).toMatch(/Z$/);
    }
  });
});

describe("searxng: dates", () => {
  it("normalises publishedDate to ISO 8601 in UTC; null and non-dates stay null", async () => {
    const run = await search("searxng", await injectedContext(await reply("searxng-dates.json", 200), { settings: { base_url: "http://127.0.0.1:8888" } }));
    expect(run.outcome).toBe("ok");
    expect(run.results.map((result) => result.published)).toEqual([
      "2025-03-14T09:30:00.000Z",
      "2025-03-14T09:30:00.123Z",
      "2025-03-14T09:30:00.000Z",
      null,
      null,
    ]);
  });
});

describe("duckduckgo: the bot check by its structure", () => {
  it("a results page whose snippets quote the bot-check text is ok with all its results", async () => {
    const page = await reply("duckduckgo-results-quoting-bot-check.html", 200, { contentType: "text/html" });
    const run = await search("duckduckgo", await injectedContext(page));
    expect(run.outcome).toBe("ok");
    expect(run.results.map((result) => result.url)).toEqual([
      "https://forum.example.net/t/duckduckgo-captcha/812",
      "https://scraper.example.org/docs/anomaly-modal",
      "https://news.example.com/2024/search-engines-vs-bots",
    ]);
    expect(run.results[0]!.snippet).toContain("Unfortunately, bots use DuckDuckGo too.");
    expect(run.results[0]!.published).toBe("2025-11-02T00:00:00.000Z");
  });

  it("the 202 bot-check page is blocked, handed on as a body or as an error answer", async () => {
    const ok = await search("duckduckgo", await injectedContext(await reply("duckduckgo-anomaly.html", 202, { outcome: "ok", contentType: "text/html" })));
    expect(ok.outcome).toBe("blocked");
    expect(ok.detail).toMatch(/bot check.*HTTP 202/);
    const error = await search("duckduckgo", await injectedContext(await reply("duckduckgo-anomaly.html", 202, { outcome: "http_error", contentType: "text/html" })));
    expect(error.outcome).toBe("blocked");
  });

  it("a challenge form alone (no modal text) is the bot check; the wording alone on a page without results is too", async () => {
    const form = '<html><body><form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html" method="POST"><button type="submit">Go</button></form></body></html>';
    expect((await search("duckduckgo", await injectedContext({ status: 200, body: form, contentType: "text/html" }))).outcome).toBe("blocked");
    const wording = "<html><body><div class=\"challenge\"><h1>Unfortunately, bots use DuckDuckGo too.</h1></div></body></html>";
    expect((await search("duckduckgo", await injectedContext({ status: 202, body: wording, contentType: "text/html" }))).outcome).toBe("blocked");
  });

  it("posts the browser form's fields and Referer; sends the operator's User-Agent only when configured", async () => {
    const sent: FetchRequest[] = [];
    const page = await reply("duckduckgo-results.html", 200, { contentType: "text/html" });
    await search("duckduckgo", await injectedContext(page, { sent }));
    const request = sent[0]!;
    expect(request).toMatchObject({ url: "https://html.duckduckgo.com/html/", method: "POST" });
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ q: "typescript generics", b: "", kl: "wt-wt", df: "" });
    expect(request.headers).toMatchObject({ "content-type": "application/x-www-form-urlencoded", referer: "https://html.duckduckgo.com/", origin: "https://html.duckduckgo.com" });
    expect(request.headers?.["user-agent"]).toBeUndefined();
    for (const name of Object.keys(request.headers ?? {})) expect(name).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
    await search("duckduckgo", await injectedContext(page, { sent, settings: { user_agent: "ExampleBot/1.0 (+https://ops.example/contact)" } }));
    expect(sent[1]!.headers?.["user-agent"]).toBe("ExampleBot/1.0 (+https://ops.example/contact)");
  });
});
