import { describe, expect, it } from "vitest";
import { repoRoot, runFromRoot } from "./support/repo.js";

describe("pnpm contracts:check", () => {
  it("passes on the committed contracts, lock, released copies and generated types", () => {
    const result = runFromRoot("node", ["packages/contracts/bin/websift-contracts.js", "check", "--root", repoRoot]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("contracts check passed.");
    expect(result.status).toBe(0);
  });
});
