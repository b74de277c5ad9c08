import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, describeVerdicts, readPactFiles, verifyProviderPacts, type ProviderState } from "@websift/contracts";
import { runStoreOperation } from "../src/index.js";

const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");

function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), "websift-store-pact-"));
}

/** What extract found about the article, as agent-io stores it with the page (store 3.2.0). */
const ARTICLE_META = {
  page_type: "article",
  quality_score: 0.988,
  extracted_via: "readability",
  fetched_via: "http",
  published: null,
  byline: null,
  language: "en",
  canonical_url: null,
};

const states: Record<string, () => Promise<ProviderState>> = {
  "an empty store at {{store_dir}}": async () => {
    const dir = scratchDir();
    return { params: { store_dir: dir, base_url: "http://127.0.0.1:9", fetched_at: "2026-01-01T00:00:00.000Z" }, teardown: () => rmSync(dir, { recursive: true, force: true }) };
  },
  "a store at {{store_dir}} holding the article as {{handle}}": async () => {
    const dir = scratchDir();
    const markdown = Array.from({ length: 12 }, (_, i) => `## Step ${i + 1}\n\nStep ${i + 1}: wait a random delay between zero and the current backoff ceiling, then double the ceiling up to a cap.\n`).join("\n");
    const added = await runStoreOperation({ operation: "add", store_dir: dir, pages: [{ url: "http://127.0.0.1:9/article", markdown, title: "Backoff with jitter", page_meta: ARTICLE_META }] });
    const handle = added.data?.operation === "add" ? added.data.added[0]?.handle : undefined;
    if (!handle) throw new Error(`state set-up failed: ${added.error?.message}`);
    return { params: { store_dir: dir, handle }, teardown: () => rmSync(dir, { recursive: true, force: true }) };
  },
};

describe("store honours every consumer's pact (provider verification)", () => {
  it("has pacts to verify", () => {
    expect(readPactFiles(pactsDir).filter(({ pact }) => pact.provider === "store").length).toBeGreaterThan(0);
  });

  it("replays every recorded request and still serves every field consumers read", async () => {
    const verdicts = await verifyProviderPacts({ provider: "store", pactsDir, handler: runStoreOperation, states, contractVersion: CONTRACT_VERSIONS.store });
    expect(verdicts.length).toBeGreaterThan(0);
    expect(describeVerdicts(verdicts)).toBe("");
  });
});
