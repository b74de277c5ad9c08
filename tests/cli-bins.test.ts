import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runFromRoot } from "./support/repo.js";

// The bins as a user meets them: `pnpm exec <bin>` from the repo root, running the built dist/.
const bins: Array<[string, RegExp]> = [
  ["websift", /^Usage: websift <command>/],
  ["websift-search", /^Usage: websift-search <query>/],
  ["websift-fetch", /^Usage: websift-fetch <url>/],
  ["websift-extract", /^Usage: websift-extract/],
  ["websift-format", /^Usage: websift-format/],
  ["websift-store", /^Usage: websift-store/],
  ["websift-contracts", /^Usage: websift-contracts/],
];

describe("per-layer CLIs from the repo root", () => {
  it.each(bins)("pnpm exec %s --help prints usage", (bin, usage) => {
    const result = runFromRoot("pnpm", ["exec", bin, "--help"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(usage);
    expect(result.status).toBe(0);
  });

  it("websift --version prints the package version", () => {
    const result = runFromRoot("pnpm", ["exec", "websift", "--version"]);
    const { version } = JSON.parse(readFileSync(new URL("../packages/agent-io/package.json", import.meta.url), "utf8")) as { version: string };
    expect(result.stdout).toBe(`websift ${version}\n`);
    expect(result.status).toBe(0);
  });

  it("a command-line mistake gets an invalid_request Envelope naming the field, not a stack trace", () => {
    const result = runFromRoot("pnpm", ["exec", "websift-search", "--json"]);
    expect(result.status).toBe(2);
    const envelope = JSON.parse(result.stdout);
    expect(envelope).toMatchObject({ ok: false, error: { code: "invalid_request", details: { field: "query" } } });
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
