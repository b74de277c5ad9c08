import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot, runFromRoot } from "./support/repo.js";

const depcruise = join(repoRoot, "node_modules/.bin/depcruise");

/** A scratch workspace with the repo's boundary rules and a few tiny packages. */
function scratchWorkspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "websift-boundaries-"));
  cpSync(join(repoRoot, ".dependency-cruiser.cjs"), join(root, ".dependency-cruiser.cjs"));
  cpSync(join(repoRoot, "tsconfig.base.json"), join(root, "tsconfig.base.json"));
  const base: Record<string, string> = {};
  for (const layer of ["fetch", "extract", "search", "agent-io"]) {
    base[`packages/${layer}/package.json`] = JSON.stringify({
      name: `@websift/${layer}`,
      type: "module",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
    });
    base[`packages/${layer}/src/index.ts`] = `export const ${layer.replace("-", "")}Entry = 1;\n`;
    base[`packages/${layer}/dist/index.js`] = `export const ${layer.replace("-", "")}Entry = 1;\n`;
    base[`packages/${layer}/dist/index.d.ts`] = `export declare const ${layer.replace("-", "")}Entry: number;\n`;
  }
  base["packages/fetch/src/core/transport.ts"] = "export const transport = 1;\n";
  for (const [path, content] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  // pnpm links workspace packages into node_modules; do the same for the scratch packages.
  mkdirSync(join(root, "node_modules/@websift"), { recursive: true });
  for (const layer of ["fetch", "extract", "search", "agent-io"]) symlinkSync(join(root, "packages", layer), join(root, "node_modules/@websift", layer));
  if (files["packages/test-support/package.json"]) symlinkSync(join(root, "packages/test-support"), join(root, "node_modules/@websift/test-support"));
  return root;
}

/** The private test-support package as the repo has it: "exports" pointing at a .ts source. */
const testSupport = {
  "packages/test-support/package.json": JSON.stringify({
    name: "@websift/test-support",
    private: true,
    type: "module",
    exports: { "./redis-server": "./src/redis-server.ts" },
  }),
  "packages/test-support/src/redis-server.ts": "export const startRedisServer = 1;\n",
};

function lint(root: string) {
  return runFromRoot(depcruise, ["packages", "--config", ".dependency-cruiser.cjs"], { cwd: root });
}

describe("dependency rule (pnpm lint)", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("accepts a layer that uses another only through its public entry point", () => {
    root = scratchWorkspace({ "packages/search/src/engine.ts": 'import { fetchEntry } from "@websift/fetch";\nexport const x = fetchEntry;\n' });
    const result = lint(root);
    expect(result.stdout + result.stderr).toContain("no dependency violations found");
    expect(result.status).toBe(0);
  });

  it("fails when extract imports an internal module of fetch by relative path", () => {
    root = scratchWorkspace({ "packages/extract/src/reader.ts": 'import { transport } from "../../fetch/src/core/transport.js";\nexport const x = transport;\n' });
    const result = lint(root);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("no-internal-imports-across-packages");
  });

  it("fails when extract reaches into fetch's internals through the package name", () => {
    root = scratchWorkspace({ "packages/extract/src/reader.ts": 'import { transport } from "@websift/fetch/src/core/transport.js";\nexport const x = transport;\n' });
    const result = lint(root);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/no-unresolvable-imports|no-internal-imports-across-packages/);
  });

  it("fails when a layer imports agent-io, or uses a layer it may not", () => {
    root = scratchWorkspace({
      "packages/fetch/src/up.ts": 'import { agentioEntry } from "@websift/agent-io";\nexport const x = agentioEntry;\n',
      "packages/extract/src/sideways.ts": 'import { searchEntry } from "@websift/search";\nexport const y = searchEntry;\n',
    });
    const result = lint(root);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("no-importing-agent-io");
    expect(result.stdout).toContain("layer-direction-extract");
  });

  it("lets a layer's tests use @websift/test-support, and fails when a layer's src/ does", () => {
    const useIt = 'import { startRedisServer } from "@websift/test-support/redis-server";\nexport const x = startRedisServer;\n';
    root = scratchWorkspace({ ...testSupport, "packages/fetch/test/shared.test.ts": useIt });
    const accepted = lint(root);
    expect(accepted.stdout + accepted.stderr).toContain("no dependency violations found");
    expect(accepted.status).toBe(0);

    writeFileSync(join(root, "packages/fetch/src/shared.ts"), useIt);
    const refused = lint(root);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toContain("test-support-only-in-tests");
  });

  it("fails when test support uses a layer", () => {
    root = scratchWorkspace({
      ...testSupport,
      "packages/test-support/src/redis-server.ts": 'import { fetchEntry } from "@websift/fetch";\nexport const startRedisServer = fetchEntry;\n',
    });
    const result = lint(root);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("test-support-uses-no-package");
  });
});
