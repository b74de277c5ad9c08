import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/repo.js";

/** Every file under a directory whose name passes `keep`. */
function filesUnder(directory: string, keep: (name: string) => boolean): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("settings are documented", () => {
  it("every WEBSIFT_* variable the code reads appears in README.md or docs/", () => {
    const sources = readdirSync(join(repoRoot, "packages"))
      .flatMap((name) => {
        try {
          return filesUnder(join(repoRoot, "packages", name, "src"), (file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
        } catch {
          return [];
        }
      })
      .map((file) => readFileSync(file, "utf8"));
    // Names read from the environment: env["NAME"], env.NAME, process.env.NAME or ?.NAME after env.
    const read = new Set(sources.flatMap((text) => [...text.matchAll(/env(?:\?\.|\.|\[")(WEBSIFT_[A-Z_]+|SEARXNG_URL|BRAVE_SEARCH_API_KEY)/g)].map((match) => match[1]!)));
    expect(read.size).toBeGreaterThan(10);
    const docs = [join(repoRoot, "README.md"), ...filesUnder(join(repoRoot, "docs"), (file) => file.endsWith(".md"))].map((file) => readFileSync(file, "utf8")).join("\n");
    const missing = [...read].filter((name) => !docs.includes(name));
    expect(missing, `not documented: ${missing.join(", ")}`).toEqual([]);
  });

  it("docs hold an mcpServers block that runs websift mcp", () => {
    const mcp = readFileSync(join(repoRoot, "docs", "MCP.md"), "utf8");
    expect(mcp).toContain('"mcpServers"');
    expect(mcp).toMatch(/"args":\s*\[[^\]]*"mcp"/);
  });
});
