import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, describeVerdicts, readPactFiles, verifyProviderPacts } from "@websift/contracts";
import { extractContent } from "../src/index.js";

const pactsDir = resolve(import.meta.dirname, "../../../contracts/pacts");

describe("extract honours every consumer's pact (provider verification)", () => {
  it("has pacts to verify", () => {
    expect(readPactFiles(pactsDir).filter(({ pact }) => pact.provider === "extract").length).toBeGreaterThan(0);
  });

  it("replays every recorded request and still serves every field consumers read", async () => {
    const verdicts = await verifyProviderPacts({
      provider: "extract",
      pactsDir,
      handler: extractContent,
      // extract is pure: the recorded request carries the page itself; only the base URL varies.
      states: { none: () => ({ params: { base_url: "http://127.0.0.1:9" } }) },
      contractVersion: CONTRACT_VERSIONS.extract,
    });
    expect(verdicts.length).toBeGreaterThan(0);
    expect(describeVerdicts(verdicts)).toBe("");
  });
});
