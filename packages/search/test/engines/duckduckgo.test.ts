import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duckduckgoEngine, unwrapDuckDuckGoHref } from "../../src/engines/duckduckgo.js";
import { htmlToText } from "../../src/engines/text.js";
import { contextFor, html, startEngineServer, type EngineServer } from "./engine-server.js";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

describe("duckduckgo adapter", () => {
  it("POSTs the form to /html/ and maps results: unwrapped urls, decoded text, ads skipped", async () => {
    server.reply = await html("duckduckgo-results.html");
    const before = server.requests.length;
    const run = await duckduckgoEngine.search(await contextFor(server, { timeRange: "week" }));
    const sent = server.requests[before]!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/html/");
    expect(new URLSearchParams(sent.body).get("q")).toBe("typescript generics");
    expect(new URLSearchParams(sent.body).get("df")).toBe("w");
    expect(run.outcome).toBe("ok");
    expect(run.detail).toBeNull();
    expect(run.results.map((result) => result.url)).toEqual([
      "https://www.typescriptlang.org/docs/handbook/2/generics.html",
      "https://stackoverflow.com/questions/12345/what-are-generics?tab=votes#answers",
      "https://blog.example.org/ts-generics/",
    ]);
    expect(run.results[0]).toEqual({
      url: "https://www.typescriptlang.org/docs/handbook/2/generics.html",
      title: "TypeScript: Documentation - Generics",
      snippet: "A major part of software engineering is building components that not only have well-defined & consistent APIs, but are also reusable. Generics let you write <T> once.",
      published: "2024-03-05T00:00:00.000Z",
      sources: ["duckduckgo"],
    });
    expect(run.results[1]!.title).toBe('What are "generics" in TypeScript? - Stack Overflow');
    expect(run.results[1]!.snippet).toBe('It\'s a way to say "this function works for any type".');
    expect(run.results[2]!.title).toBe("Understanding TypeScript Generics — a gentle guide");
    expect(run.results[2]!.published).toBeNull();
  });

  it("respects the limit", async () => {
    server.reply = await html("duckduckgo-results.html");
    const run = await duckduckgoEngine.search(await contextFor(server, { limit: 2 }));
    expect(run.results).toHaveLength(2);
  });

  it("reads DDG's 'No results.' page as empty", async () => {
    server.reply = await html("duckduckgo-no-results.html");
    const run = await duckduckgoEngine.search(await contextFor(server));
    expect(run.outcome).toBe("empty");
    expect(run.results).toEqual([]);
  });

  it("reads HTTP 202 with an empty page as rate limiting, not as no results", async () => {
    server.reply = { status: 202, headers: { "content-type": "text/html; charset=utf-8" }, body: "" };
    const run = await duckduckgoEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.detail).toMatch(/202/);
  });

  it("reports the anomaly/CAPTCHA page as blocked", async () => {
    server.reply = await html("duckduckgo-anomaly.html", 202);
    const run = await duckduckgoEngine.search(await contextFor(server));
    expect(run.outcome).toBe("blocked");
    expect(run.detail).toMatch(/bot check/);
    expect(run.results).toEqual([]);
  });

  it("reports the anomaly page as blocked even when served with 200", async () => {
    server.reply = await html("duckduckgo-anomaly.html", 200);
    expect((await duckduckgoEngine.search(await contextFor(server))).outcome).toBe("blocked");
  });

  it("reads a non-empty page without result__a links as parse_failed", async () => {
    server.reply = await html("duckduckgo-changed-markup.html");
    const run = await duckduckgoEngine.search(await contextFor(server));
    expect(run.outcome).toBe("parse_failed");
    expect(run.detail).toMatch(/result__a/);
  });

  it("reads an empty 200 page as parse_failed", async () => {
    server.reply = { status: 200, headers: { "content-type": "text/html" }, body: "" };
    expect((await duckduckgoEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "text/html" }, body: "<p>Service temporarily unavailable</p>" };
    expect((await duckduckgoEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
  });

  it("maps 429 with Retry-After to rate_limited with retry_after_s", async () => {
    server.reply = { status: 429, headers: { "content-type": "text/html", "retry-after": "30" }, body: "<html><body>Too Many Requests</body></html>" };
    const run = await duckduckgoEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.retry_after_s).toBe(30);
  });

  it("maps 403 to blocked", async () => {
    server.reply = { status: 403, headers: { "content-type": "text/html" }, body: "<html><body>Forbidden</body></html>" };
    expect((await duckduckgoEngine.search(await contextFor(server))).outcome).toBe("blocked");
  });

  it("does not trust loopback unless the operator set the base URL", async () => {
    const context = await contextFor(server, { settings: { base_url: undefined } });
    const requests: unknown[] = [];
    const run = await duckduckgoEngine.search({ ...context, fetch: async (request) => (requests.push(request), context.fetch({ ...request, url: server.origin })) });
    expect(requests[0]).toMatchObject({ url: "https://html.duckduckgo.com/html/", allow_private_hosts: false, retries: 0 });
    // Loopback without the operator's word is refused by the SSRF guard, never read as results or nothing.
    expect(run.outcome).toBe("refused");
  });
});

describe("duckduckgo helpers", () => {
  it("unwraps uddg links and skips ads", () => {
    expect(unwrapDuckDuckGoHref("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=abc")).toBe("https://a.example/x?y=1");
    expect(unwrapDuckDuckGoHref("https://duckduckgo.com/y.js?ad_domain=x.com")).toBeNull();
    expect(unwrapDuckDuckGoHref("//duckduckgo.com/l/?uddg=javascript%3Aalert(1)")).toBeNull();
    expect(unwrapDuckDuckGoHref("https://direct.example/page")).toBe("https://direct.example/page");
  });

  it("turns HTML fragments into plain text", () => {
    expect(htmlToText("a <b>b</b> &amp; &lt;c&gt; &#39;d&#39;&nbsp;e")).toBe("a b & <c> 'd' e");
  });
});
