import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wikipediaEngine, wikipediaTitlePath } from "../../src/engines/wikipedia.js";
import { contextFor, json, startEngineServer, type EngineServer } from "./engine-server.js";

let server: EngineServer;
beforeAll(async () => {
  server = await startEngineServer();
});
afterAll(() => server.close());

describe("wikipedia adapter", () => {
  it("asks list=search and maps titles to /wiki/ URLs, snippets to plain text, timestamps to ISO", async () => {
    server.reply = await json("wikipedia-results.json");
    const before = server.requests.length;
    const run = await wikipediaEngine.search(await contextFor(server, { limit: 7 }));
    const sent = server.requests[before]!;
    expect(sent.path.startsWith("/w/api.php?")).toBe(true);
    expect(Object.fromEntries(sent.query)).toMatchObject({ action: "query", list: "search", srsearch: "typescript generics", srlimit: "7", format: "json", utf8: "1" });
    expect(run.outcome).toBe("ok");
    expect(run.results.map((result) => result.url)).toEqual([
      `${server.origin}/wiki/TypeScript`,
      `${server.origin}/wiki/Generic_programming`,
      `${server.origin}/wiki/C%2B%2B_(programming_language)`,
      `${server.origin}/wiki/Ender%27s_Game/AC:DC_test`,
    ]);
    expect(run.results[0]!.snippet).toBe(
      "TypeScript (abbreviated as TS) is a free and open-source high-level programming language developed by Microsoft that adds static typing with optional type annotations to JavaScript & more.",
    );
    expect(run.results[1]!.snippet).toContain('to-be-specified-later "T"');
    expect(run.results[2]!.snippet).toBe("C++ templates 'generics' compared with TypeScript");
    expect(run.results[0]!.published).toBe("2024-05-02T18:31:07.000Z");
    expect(run.results[0]!.sources).toEqual(["wikipedia"]);
    expect(run.suggestions).toEqual(["typescript generic"]);
  });

  it("respects the limit even when the reply has more", async () => {
    server.reply = await json("wikipedia-results.json");
    expect((await wikipediaEngine.search(await contextFor(server, { limit: 2 }))).results).toHaveLength(2);
  });

  it("reads an empty search list as empty", async () => {
    server.reply = await json("wikipedia-empty.json");
    const run = await wikipediaEngine.search(await contextFor(server));
    expect(run.outcome).toBe("empty");
  });

  it("reads an API error object (HTTP 200) as a failure, not as empty", async () => {
    server.reply = await json("wikipedia-error-ratelimited.json");
    const run = await wikipediaEngine.search(await contextFor(server));
    expect(run.outcome).toBe("rate_limited");
    expect(run.detail).toMatch(/ratelimited/);
  });

  it("maps 429 with Retry-After", async () => {
    server.reply = { status: 429, headers: { "retry-after": "120", "content-type": "text/plain" }, body: "Too many requests" };
    const run = await wikipediaEngine.search(await contextFor(server));
    expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 120 });
  });

  it("maps malformed JSON and an HTML page to parse_failed", async () => {
    server.reply = await json("malformed.json");
    expect((await wikipediaEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "text/html" }, body: "<html><body>Wikimedia Error</body></html>" };
    expect((await wikipediaEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
    server.reply = { status: 200, headers: { "content-type": "application/json" }, body: '{"batchcomplete":""}' };
    expect((await wikipediaEngine.search(await contextFor(server))).outcome).toBe("parse_failed");
  });

  it("maps 503 to server_error", async () => {
    server.reply = { status: 503, headers: { "content-type": "text/html", "retry-after": "5" }, body: "<html><body>" + "Our servers are currently under maintenance. ".repeat(100) + "</body></html>" };
    expect((await wikipediaEngine.search(await contextFor(server))).outcome).toBe("server_error");
  });

  it("uses the language subdomain on the public endpoint", async () => {
    const context = await contextFor(server, { language: "de-AT", settings: { base_url: undefined } });
    const urls: string[] = [];
    await wikipediaEngine.search({ ...context, fetch: async (request) => (urls.push(request.url), context.fetch({ ...request, url: "http://127.0.0.1:1/" })) });
    expect(urls[0]).toMatch(/^https:\/\/de\.wikipedia\.org\/w\/api\.php\?/);
    expect(wikipediaEngine.supportsTimeRange).toBe(false);
  });

  it("encodes titles the way MediaWiki does", () => {
    expect(wikipediaTitlePath("Café au lait")).toBe("Caf%C3%A9_au_lait");
    expect(wikipediaTitlePath("AC/DC")).toBe("AC/DC");
    expect(wikipediaTitlePath("100% & more?")).toBe("100%25_%26_more%3F");
  });
});
