import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerPact, type ContractName } from "@websift/contracts";
import { createAgentEntryPoints, productionLayers, type Layers } from "../src/index.js";
import { startPactWeb, type PactWeb } from "./support/pact-web.js";

// Consumer side of agent-io's contracts with search, fetch, extract and store: agent-io's real
// operations run against the real layers, and every reply field they read is recorded.
const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");
const pactFor = (provider: string, contract: ContractName) => createConsumerPact({ consumer: "agent-io", provider, contract, pactsDir });
const pacts = {
  search: pactFor("search", "search"),
  fetch: pactFor("fetch", "fetch"),
  extract: pactFor("extract", "extract"),
  store: pactFor("store", "store"),
  format: pactFor("format", "format"),
};

let web: PactWeb;
let storeDir = "";
beforeAll(async () => {
  web = await startPactWeb();
});
afterAll(async () => {
  for (const pact of Object.values(pacts)) pact.write();
  await web.close();
});

function params(request: unknown): Record<string, string> {
  const found: Record<string, string> = { base_url: web.base, store_dir: storeDir };
  const record = request as Record<string, unknown>;
  if (typeof record["handle"] === "string") found["handle"] = record["handle"];
  // Handles embed the server's random port: template every one found in the request.
  // Numbered by first appearance (request order is deterministic; the hashes are not).
  const handles = [...new Set(JSON.stringify(request).match(/127\.0\.0\.1~[0-9a-f]{12}/g) ?? [])];
  handles.forEach((handle, index) => {
    if (handle !== found["handle"]) found[`page_handle_${index + 1}`] = handle;
  });
  const pages = record["pages"] as Array<Record<string, unknown>> | undefined;
  if (pages?.[0] && typeof pages[0]["fetched_at"] === "string") found["fetched_at"] = pages[0]["fetched_at"];
  return found;
}

function watchedLayers(): Layers {
  return {
    search: pacts.search.watch(productionLayers.search, {
      describe: () => ({ description: "agent-io search reads ranked results and the policy budget", providerState: "a SearXNG-compatible server at {{base_url}} lists one local article" }),
      params,
    }),
    // Not recorded: the engine list is read by web_engines only, which no pact interaction runs.
    searchBackends: productionLayers.searchBackends,
    fetch: pacts.fetch.watch(productionLayers.fetch, {
      describe: () => ({ description: "agent-io reads a local article page", providerState: "a web server at {{base_url}} serves an article at /article" }),
      params,
    }),
    extract: pacts.extract.watch(productionLayers.extract, {
      describe: () => ({ description: "agent-io extracts an article page", providerState: "none" }),
      params,
    }),
    format: pacts.format.watch(productionLayers.format, {
      describe: () => ({ description: "agent-io folds duplicate pages", providerState: "none" }),
      params,
    }),
    store: pacts.store.watch(productionLayers.store, {
      describe: (request) => {
        const operation = (request as { operation: string }).operation;
        const state = operation === "add" ? "an empty store at {{store_dir}}" : "a store at {{store_dir}} holding the article as {{handle}}";
        const verb: Record<string, string> = { add: "adds a page to", get: "reads a page from", search: "searches passages in", list: "lists", remove: "removes a page from" };
        return { description: `agent-io ${verb[operation] ?? operation} the store`, providerState: state };
      },
      params,
    }),
  };
}

describe("agent-io's use of the layers (consumer pacts)", () => {
  it("fetch with highlights: fetch -> extract -> store add -> store get -> store search", async () => {
    storeDir = mkdtempSync(join(tmpdir(), "websift-pact-store-"));
    const entry = createAgentEntryPoints({ allowPrivateHosts: true, storeDir }, watchedLayers());
    await pacts.fetch.scenario(() =>
      pacts.extract.scenario(() =>
        pacts.store.scenario(async () => {
          const envelope = await entry.fetch({ url: `${web.base}/article`, page_size_tokens: 200, query: "random delay" });
          expect(envelope.ok).toBe(true);
          expect(envelope.data?.total_pages).toBeGreaterThan(1);
          expect(envelope.data?.highlights?.length).toBeGreaterThan(0);
        }),
      ),
    );
  });

  it("search with page reading: search -> fetch -> extract -> store add", async () => {
    storeDir = mkdtempSync(join(tmpdir(), "websift-pact-store-"));
    const entry = createAgentEntryPoints({ allowPrivateHosts: true, storeDir, searxngUrl: web.base }, watchedLayers());
    await pacts.search.scenario(() =>
      pacts.format.scenario(async () => {
        const envelope = await entry.search({ query: "backoff jitter", engines: ["searxng"] });
        expect(envelope.ok).toBe(true);
        expect(envelope.data?.results[0]?.extraction).toMatch(/^(ok|truncated)$/);
        expect(envelope.data?.results[1]?.extraction).toBe("failed:duplicate_content");
      }),
    );
  });
});
