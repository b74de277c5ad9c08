import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, describeVerdicts, readPactFiles, verifyProviderPacts, type ProviderState } from "@websift/contracts";
import { searchWeb } from "../src/index.js";
import { startFakeSearxng, searxngReply } from "./support/fake-searxng.js";

const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");

const states: Record<string, () => Promise<ProviderState>> = {
  "a SearXNG-compatible server at {{base_url}} lists one local article": async () => {
    const server = await startFakeSearxng(() => ({ body: searxngReply([{ url: "http://127.0.0.1:9/article", title: "Backoff with jitter", engines: ["google"] }]) }));
    return { params: { base_url: server.url }, teardown: () => server.close() };
  },
};

describe("search honours every consumer's pact (provider verification)", () => {
  it("has pacts to verify", () => {
    expect(readPactFiles(pactsDir).filter(({ pact }) => pact.provider === "search").length).toBeGreaterThan(0);
  });

  it("replays every recorded request and still serves every field consumers read", async () => {
    const verdicts = await verifyProviderPacts({ provider: "search", pactsDir, handler: searchWeb, states, contractVersion: CONTRACT_VERSIONS.search });
    expect(verdicts.length).toBeGreaterThan(0);
    expect(describeVerdicts(verdicts)).toBe("");
  });
});
