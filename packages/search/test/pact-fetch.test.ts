import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerPact, type FetchRequest } from "@websift/contracts";
import { fetchUrl } from "@websift/fetch";
import type { EngineContext } from "../src/engines/port.js";
import { searxngEngine } from "../src/engines/searxng.js";
import { startFakeSearxng, searxngReply, type FakeSearxng } from "./support/fake-searxng.js";

// Consumer side of the search -> fetch contract: the SearXNG adapter's real code reads real fetch
// replies; the fields it reads are recorded in contracts/pacts/search--fetch.pact.json.
const pact = createConsumerPact({ consumer: "search", provider: "fetch", contract: "fetch", pactsDir: resolve(import.meta.dirname, "../../../contracts/pacts") });

let server: FakeSearxng;
beforeAll(async () => {
  server = await startFakeSearxng((query) =>
    query === "slow down" ? { status: 429, headers: { "retry-after": "30" }, body: "Too Many Requests" } : { body: searxngReply([{ url: "https://example.org/a", engines: ["bing"] }]) },
  );
});
afterAll(async () => {
  pact.write();
  await server.close();
});

function context(query: string, fetch: EngineContext["fetch"]): EngineContext {
  return {
    query,
    limit: 10,
    timeRange: undefined,
    language: undefined,
    settings: { base_url: server.url, api_key: undefined, key_problem: undefined, enabled: true, timeout_ms: 8000, daily_budget: undefined },
    fetch,
    stateDir: "/nonexistent",
  };
}

/** The exact request the adapter sends, captured from the adapter itself. */
async function requestSentBy(query: string): Promise<FetchRequest> {
  let sent: FetchRequest | undefined;
  await searxngEngine.search(context(query, async (request) => {
    sent = request;
    return fetchUrl(request);
  }));
  return sent!;
}

describe("search reads fetch replies (consumer pact)", () => {
  it("a SearXNG JSON reply", async () => {
    await pact.interaction({
      description: "searxng adapter reads a JSON result list",
      providerState: "a SearXNG-compatible server answers /search with JSON results",
      params: { base_url: server.url },
      request: await requestSentBy("pact"),
      produce: (request) => fetchUrl(request),
      consume: async (envelope) => {
        const run = await searxngEngine.search(context("pact", async () => envelope));
        expect(run.outcome).toBe("ok");
        expect(run.results.map((result) => result.url)).toEqual(["https://example.org/a"]);
      },
    });
  });

  it("a 429 with Retry-After", async () => {
    await pact.interaction({
      description: "searxng adapter reads a rate limit",
      providerState: "a SearXNG-compatible server answers 429 with Retry-After: 30",
      params: { base_url: server.url },
      request: await requestSentBy("slow down"),
      produce: (request) => fetchUrl(request),
      consume: async (envelope) => {
        const run = await searxngEngine.search(context("slow down", async () => envelope));
        expect(run).toMatchObject({ outcome: "rate_limited", retry_after_s: 30 });
      },
    });
  });
});
