import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContractValue } from "@websift/contracts";
import { startFakeSearxng, searxngReply, type FakeSearxng } from "./support/fake-searxng.js";
import { runSearchCli } from "./support/run-cli.js";

// Replies chosen by query, in SearXNG's real JSON shape.
const scenarios: Record<string, () => { status?: number; headers?: Record<string, string>; body: string | object }> = {
  ranking: () => ({
    body: searxngReply([
      { url: "https://medium.com/@someone/http-429", engines: ["google", "bing"] },
      { url: "https://www.bestbuy.com/site/router", engines: ["google"] },
      { url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429?utm_source=google", engines: ["google"] },
      { url: "https://stackoverflow.com/questions/1/retry-after", engines: ["bing"] },
      { url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429?utm_medium=feed&fbclid=x", engines: ["mojeek"] },
      { url: "https://github.com/octo/retry", engines: ["mojeek"] },
      { url: "https://forum.example.org/t/rate-limits/42", engines: ["bing"] },
      { url: "https://news.ycombinator.com/item?id=7", engines: ["google"] },
      { url: "https://example.net/", engines: ["bing"] },
    ]),
  }),
  "json-off": () => ({ status: 403, body: "<html><body><h1>403 Forbidden</h1></body></html>" }),
  "all-failed": () => ({ body: searxngReply([], { unresponsive_engines: [["google", "Suspended: CAPTCHA"], ["bing", "timeout"]] }) }),
  nothing: () => ({ body: searxngReply([]) }),
  partial: () => ({ body: searxngReply([{ url: "https://example.org/a", engines: ["bing"] }], { unresponsive_engines: [["google", "Suspended: access denied"]] }) }),
  "not-json": () => ({ body: "<!doctype html><html><head><title>Welcome</title></head><body><p>nginx default page with plenty of text</p></body></html>" }),
  "rate-limited": () => ({ status: 429, headers: { "retry-after": "30" }, body: "Too Many Requests" }),
  "no-count": () => ({ body: { ...searxngReply([{ url: "https://example.org/b" }]), number_of_results: 0 } }),
  "angle one": () => ({ body: searxngReply([{ url: "https://one.example/a", engines: ["google"] }, { url: "https://both.example/x", engines: ["google"] }]) }),
  "angle two": () => ({ body: searxngReply([{ url: "https://both.example/x?utm_source=a2", engines: ["bing"] }, { url: "https://two.example/b", engines: ["bing"] }]) }),
};

let server: FakeSearxng;
let policyFile: string;

beforeAll(async () => {
  server = await startFakeSearxng((query) => (scenarios[query] ?? scenarios["nothing"]!)());
  policyFile = join(mkdtempSync(join(tmpdir(), "websift-policy-")), "policy.yaml");
  writeFileSync(
    policyFile,
    ["non_answer: {hosts: [bestbuy.com], host_root: true}", "demote_domains: [medium.com]", "prefer_domains: [developer.mozilla.org]", ""].join("\n"),
  );
});
afterAll(() => server.close());

function search(query: string, ...extra: string[]) {
  return runSearchCli([query, "--engines", "searxng", "--searxng-url", `${server.url}/searx`, "--json", ...extra]);
}

describe("websift-search against a SearXNG-compatible server", () => {
  it("applies the policy: drops, demotion, tracking-parameter merge, source types; three runs identical", async () => {
    const runs = await Promise.all([1, 2, 3].map(() => search("ranking", "--policy", policyFile, "--explain")));
    const [first] = runs;
    expect(first!.status).toBe(0);
    const data = first!.json.data;
    expect(validateContractValue("search", "response", data)).toEqual({ valid: true });
    const urls = data.results.map((result: { url: string }) => result.url);
    expect(urls.some((url: string) => url.includes("bestbuy"))).toBe(false);
    expect(data.dropped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: "https://bestbuy.com/site/router", reason: "non_answer_host (bestbuy.com)" }),
        expect.objectContaining({ url: "https://example.net/", reason: "navigational_host_root" }),
      ]),
    );
    expect(data.dropped_count).toBe(2);
    const medium = data.results.findIndex((result: { host: string }) => result.host === "medium.com");
    expect(medium).toBe(data.results.length - 1);
    const mdn = data.results.filter((result: { host: string }) => result.host === "developer.mozilla.org");
    expect(mdn).toHaveLength(1);
    expect(mdn[0].url).toBe("https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429");
    expect(mdn[0].engines).toEqual(["google", "mojeek"]);
    expect(mdn[0].rank).toBe(1);
    const types = Object.fromEntries(data.results.map((result: { host: string; source_type: string }) => [result.host, result.source_type]));
    expect(types).toMatchObject({
      "medium.com": "content-farm",
      "stackoverflow.com": "qa",
      "github.com": "code",
      "forum.example.org": "forum",
      "news.ycombinator.com": "discussion",
      "developer.mozilla.org": "official",
    });
    expect(data.raw_result_count).toBe(9);
    expect(data.returned_count).toBe(data.results.length);
    for (const other of runs.slice(1)) expect(JSON.stringify(other.json.data.results)).toBe(JSON.stringify(data.results));
    // the operator-configured origin (loopback) is trusted, and the path prefix is kept
    expect(server.requests.some((path) => path.startsWith("/searx/search?q=ranking&format=json"))).toBe(true);
  });

  it("403 (JSON turned off) is blocked, tells the operator what to change, exit 2", async () => {
    const result = await search("json-off");
    expect(result.status).toBe(2);
    const engine = result.json.data.engines[0];
    expect(engine).toMatchObject({ name: "searxng", outcome: "blocked" });
    expect(engine.detail).toMatch(/search\.formats.*settings\.yml/);
    expect(result.json.error.code).toBe("engines_failed");
  });

  it("no results with unresponsive upstream engines is engines_failed, naming them, exit 2", async () => {
    const result = await search("all-failed");
    expect(result.status).toBe(2);
    expect(result.json.data.outcome).toBe("engines_failed");
    const engine = result.json.data.engines[0];
    expect(engine.outcome).toBe("engines_failed");
    expect(engine.upstream_failures).toEqual([
      { engine: "bing", reason: "timeout", suspended: false },
      { engine: "google", reason: "Suspended: CAPTCHA", suspended: true },
    ]);
    expect(result.json.error.message).toMatch(/google/);
  });

  it("no results and no failures is empty, exit 1", async () => {
    const result = await search("nothing");
    expect(result.status).toBe(1);
    expect(result.json.ok).toBe(true);
    expect(result.json.data).toMatchObject({ outcome: "empty", returned_count: 0 });
    expect(result.json.data.engines[0].outcome).toBe("empty");
  });

  it("results plus unresponsive engines is partial, exit 0", async () => {
    const result = await search("partial");
    expect(result.status).toBe(0);
    expect(result.json.data.outcome).toBe("partial");
    expect(result.json.data.engines[0]).toMatchObject({ outcome: "partial", upstream_failures: [{ engine: "google", suspended: true }] });
  });

  it("a page that is not SearXNG JSON is parse_failed, exit 2", async () => {
    const result = await search("not-json");
    expect(result.status).toBe(2);
    expect(result.json.data.engines[0].outcome).toBe("parse_failed");
  });

  it("429 with Retry-After is rate_limited with retry_after_s, exit 2", async () => {
    const result = await search("rate-limited");
    expect(result.status).toBe(2);
    expect(result.json.data.engines[0]).toMatchObject({ outcome: "rate_limited", retry_after_s: 30 });
    expect(result.json.error.retryable).toBe(true);
  });

  it("works whatever number_of_results says", async () => {
    const result = await search("no-count");
    expect(result.status).toBe(0);
    expect(result.json.data.returned_count).toBe(1);
  });

  it("--tier deep runs every angle from --angles and fuses them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "websift-angles-"));
    const anglesFile = join(dir, "angles.yaml");
    writeFileSync(anglesFile, "- angle one\n- angle two\n");
    const result = await search("ignored", "--tier", "deep", "--angles", anglesFile);
    expect(result.status).toBe(0);
    expect(result.json.data.angles).toEqual(["angle one", "angle two"]);
    const urls = result.json.data.results.map((entry: { url: string }) => entry.url);
    expect(urls[0]).toBe("https://both.example/x");
    expect(urls).toEqual(expect.arrayContaining(["https://one.example/a", "https://two.example/b"]));
    expect(result.json.data.results[0].engines).toEqual(["bing", "google"]);
  });

  it("a fallback runs only when configured, and the reply says it stood in", async () => {
    const { createServer } = await import("node:http");
    const wiki = createServer((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ batchcomplete: "", query: { searchinfo: { totalhits: 1 }, search: [{ ns: 0, title: "Retry-After", pageid: 7, snippet: "The <span class=\"searchmatch\">Retry-After</span> header", timestamp: "2024-01-01T00:00:00Z" }] } }),
      ),
    );
    await new Promise<void>((resolve) => wiki.listen(0, "127.0.0.1", resolve));
    const wikiUrl = `http://127.0.0.1:${(wiki.address() as { port: number }).port}`;
    const configDir = mkdtempSync(join(tmpdir(), "websift-config-"));
    writeFileSync(join(configDir, "config.yaml"), `fallbacks:\n  searxng: wikipedia\nengines:\n  wikipedia:\n    base_url: ${wikiUrl}\n`);
    try {
      const failing = await runSearchCli(["json-off", "--engines", "searxng", "--searxng-url", server.url, "--json"], { WEBSIFT_CONFIG_DIR: configDir });
      expect(failing.status).toBe(0);
      expect(failing.json.data.outcome).toBe("partial");
      expect(failing.json.data.engines.map((engine: { name: string; outcome: string; fallback_for?: string | null }) => [engine.name, engine.outcome, engine.fallback_for ?? null])).toEqual([
        ["searxng", "blocked", null],
        ["wikipedia", "ok", "searxng"],
      ]);
      expect(failing.json.meta.warnings.join(" ")).toMatch(/wikipedia answered because searxng failed/);
      const healthy = await runSearchCli(["ranking", "--engines", "searxng", "--searxng-url", server.url, "--json"], { WEBSIFT_CONFIG_DIR: configDir });
      expect(healthy.json.data.engines.map((engine: { name: string }) => engine.name)).toEqual(["searxng"]);
    } finally {
      await new Promise<void>((resolve) => wiki.close(() => resolve()));
    }
  });

  it("bad input is an invalid_request Envelope naming the field, exit 2", async () => {
    const unknownEngine = await runSearchCli(["q", "--engines", "altavista", "--json"]);
    expect(unknownEngine.status).toBe(2);
    expect(unknownEngine.json.error).toMatchObject({ code: "invalid_request", details: { field: "engines[0]" } });
    const badTier = await runSearchCli(["q", "--tier", "ludicrous", "--json"]);
    expect(badTier.json.error).toMatchObject({ code: "invalid_request", details: { field: "tier" } });
    const badPolicy = await runSearchCli(["q", "--engines", "searxng", "--searxng-url", server.url, "--policy", "/nonexistent/policy.yaml", "--json"]);
    expect(badPolicy.status).toBe(2);
    expect(badPolicy.json.error.code).toBe("invalid_config");
  });

  it("--backends lists every engine and asks nothing on the network", async () => {
    const before = server.requests.length;
    const result = await runSearchCli(["--backends", "--json", "--searxng-url", server.url]);
    expect(result.status).toBe(0);
    const names = result.json.data.backends.map((backend: { name: string }) => backend.name);
    expect(names).toEqual(expect.arrayContaining(["searxng", "duckduckgo", "wikipedia", "brave"]));
    expect(result.json.data.backends.find((backend: { name: string }) => backend.name === "searxng").configured).toBe(true);
    expect(result.json.data.backends.find((backend: { name: string }) => backend.name === "brave")).toMatchObject({ kind: "keyed", configured: false });
    expect(server.requests.length).toBe(before);
  });

  it("--backends tells each engine's last outcome on this machine and a wait still running, from the state dir", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "websift-engine-state-"));
    const env = { WEBSIFT_STATE_DIR: stateDir };
    const fresh = await runSearchCli(["--backends", "--json"], env);
    expect(fresh.json.data.backends.every((backend: { last: unknown; waiting: unknown }) => backend.last === null && backend.waiting === null)).toBe(true);
    expect(fresh.json.data.backends.find((backend: { name: string }) => backend.name === "brave").budget).toEqual({ used_today: 0, daily_limit: null });
    expect(fresh.json.data.default_engines).toEqual({ names: ["duckduckgo", "wikipedia", "stackexchange", "github", "hackernews"], source: "embedded default" });
    const chosen = await runSearchCli(["--backends", "--json"], { ...env, WEBSIFT_ENGINES: "wikipedia,github" });
    expect(chosen.json.data.default_engines).toEqual({ names: ["wikipedia", "github"], source: "WEBSIFT_ENGINES" });

    const limited = await runSearchCli(["rate-limited", "--engines", "searxng", "--searxng-url", `${server.url}/searx`, "--json"], env);
    expect(limited.json.data.engines[0].outcome).toBe("rate_limited");
    // Stack Exchange asked for a wait in an earlier search (the file its adapter writes).
    writeFileSync(join(stateDir, "engine-waits.json"), JSON.stringify({ stackexchange: { until_ms: Date.now() + 600_000, reason: "throttle_violation: too many requests" } }));
    const after = await runSearchCli(["--backends", "--json", "--searxng-url", `${server.url}/searx`], env);
    expect(validateContractValue("search", "backends_response", after.json.data)).toEqual({ valid: true });
    const byName = new Map(after.json.data.backends.map((backend: { name: string }) => [backend.name, backend]));
    expect(byName.get("searxng")).toMatchObject({ last: { outcome: "rate_limited", result_count: 0 } });
    expect((byName.get("searxng") as { last: { at: string } }).last.at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(byName.get("stackexchange")).toMatchObject({ waiting: { reason: "throttle_violation: too many requests" }, last: null });
    expect((byName.get("stackexchange") as { waiting: { seconds: number } }).waiting.seconds).toBeGreaterThan(590);
    const text = await runSearchCli(["--backends"], env);
    expect(text.stdout).toMatch(/searxng .*last rate_limited at/);
    // Six CLI runs one after the other: generous for a loaded machine.
  }, 120_000);
});
