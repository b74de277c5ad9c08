import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot, runFromRoot } from "./support/repo.js";

// `pnpm test` runs `node scripts/run-scripts.mjs lint knip test:packages`: a failing check must
// fail the command without stopping the tests, or CI would count no tests at all.
const runner = join(repoRoot, "scripts/run-scripts.mjs");
let dir: string | undefined;

function scratchPackage(scripts: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "websift-run-scripts-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "scratch", private: true, scripts }));
  return dir;
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("scripts/run-scripts.mjs (pnpm test)", () => {
  it("runs every script after a failing one, then exits 1 naming the failure", () => {
    const cwd = scratchPackage({ lint: "node -e \"process.exit(3)\"", tests: "node -e \"require('fs').writeFileSync('ran', '')\"" });
    const result = runFromRoot("node", [runner, "lint", "tests"], { cwd });
    expect(existsSync(join(cwd, "ran"))).toBe(true);
    expect(result.stderr).toContain("Failed: pnpm lint (of lint, tests).");
    expect(result.status).toBe(1);
  });

  it("exits 0 when every script passed", () => {
    const cwd = scratchPackage({ lint: "node -e \"\"", tests: "node -e \"\"" });
    expect(runFromRoot("node", [runner, "lint", "tests"], { cwd }).status).toBe(0);
  });
});
