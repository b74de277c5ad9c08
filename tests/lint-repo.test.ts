import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runFromRoot } from "./support/repo.js";

describe("the repository itself", () => {
  it("keeps the dependency rule (the check `pnpm lint` runs)", () => {
    const result = runFromRoot(join(repoRoot, "node_modules/.bin/depcruise"), ["packages", "--config", ".dependency-cruiser.cjs"]);
    expect(result.stdout + result.stderr).toContain("no dependency violations found");
    expect(result.status).toBe(0);
  });
});
