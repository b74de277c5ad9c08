import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, describeVerdicts, readPactFiles, verifyProviderPacts } from "@websift/contracts";
import { formatDocument } from "../src/index.js";

const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");

describe("format honours every consumer's pact (provider verification)", () => {
  it("has pacts to verify", () => {
    expect(readPactFiles(pactsDir).filter(({ pact }) => pact.provider === "format").length).toBeGreaterThan(0);
  });

  it("replays every recorded request and still serves every field consumers read", async () => {
    const verdicts = await verifyProviderPacts({
      provider: "format",
      pactsDir,
      handler: formatDocument,
      // format is pure: the recorded request carries the pages; only URLs and handles vary.
      states: { none: () => ({ params: { base_url: "http://127.0.0.1:9", store_dir: "/nonexistent", handle: "127.0.0.1~000000000000" } }) },
      contractVersion: CONTRACT_VERSIONS.format,
    });
    expect(verdicts.length).toBeGreaterThan(0);
    expect(describeVerdicts(verdicts)).toBe("");
  });
});
