import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, describeVerdicts, readPactFiles, verifyProviderPacts, type ProviderState } from "@websift/contracts";
import { fetchUrl } from "../src/index.js";

const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");

/** A local server for one provider state; params.base_url fills `{{base_url}}` in recorded requests. */
async function serve(handler: (path: string) => { status: number; headers?: Record<string, string>; body: string }): Promise<ProviderState> {
  const server: Server = createServer((request, response) => {
    const answer = handler(request.url ?? "/");
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    params: { base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    teardown: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const ARTICLE = `<!doctype html><html><head><title>Backoff with jitter</title></head><body><article><h1>Backoff with jitter</h1><p>Wait a random delay between zero and the current backoff ceiling.</p></article></body></html>`;

const states: Record<string, () => Promise<ProviderState>> = {
  "a web server at {{base_url}} serves an article at /article": () =>
    serve((path) => (path === "/article" ? { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: ARTICLE } : { status: 404, body: "not found" })),
  "a SearXNG-compatible server answers /search with JSON results": () =>
    serve(() => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "pact", results: [{ url: "https://example.org/a", title: "A", content: "a", engines: ["bing"] }], unresponsive_engines: [] }),
    })),
  "a SearXNG-compatible server answers 429 with Retry-After: 30": () =>
    serve(() => ({ status: 429, headers: { "retry-after": "30", "content-type": "text/plain" }, body: "Too Many Requests" })),
};

describe("fetch honours every consumer's pact (provider verification)", () => {
  it("has pacts to verify", () => {
    expect(readPactFiles(pactsDir).filter(({ pact }) => pact.provider === "fetch").length).toBeGreaterThan(0);
  });

  it("replays every recorded request and still serves every field consumers read", async () => {
    const verdicts = await verifyProviderPacts({ provider: "fetch", pactsDir, handler: fetchUrl, states, contractVersion: CONTRACT_VERSIONS.fetch });
    expect(verdicts.length).toBeGreaterThan(0);
    expect(describeVerdicts(verdicts)).toBe("");
  });
});
