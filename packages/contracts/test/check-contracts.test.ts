import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkContracts, contractsLayout, releaseContract, type ContractsLayout } from "../src/tooling.js";

const repoRoot = resolve(import.meta.dirname, "../../..");

/** A scratch repo holding a copy of the real contracts and generated sources. */
function scratchRepo(): ContractsLayout {
  const root = mkdtempSync(join(tmpdir(), "websift-contracts-"));
  writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
  cpSync(join(repoRoot, "contracts"), join(root, "contracts"), { recursive: true });
  cpSync(join(repoRoot, "packages/contracts/src/generated"), join(root, "packages/contracts/src/generated"), { recursive: true });
  return contractsLayout(root);
}

/** Drops every released version of `name` from the scratch repo's lock and released copies. */
function unrelease(layout: ContractsLayout, name: string): void {
  const lockPath = join(layout.contractsDir, "released", "contracts.lock.json");
  editJson(lockPath, (lock) => {
    delete lock.contracts[name];
  });
  rmSync(join(layout.contractsDir, "released", name), { recursive: true, force: true });
}

function editJson(path: string, mutate: (value: any) => void): void {
  const value = JSON.parse(readFileSync(path, "utf8"));
  mutate(value);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

describe("checkContracts", () => {
  let layout: ContractsLayout;
  beforeEach(() => {
    layout = scratchRepo();
  });
  afterEach(() => rmSync(layout.root, { recursive: true, force: true }));

  it("passes on the repository's contracts", async () => {
    expect(await checkContracts(layout)).toEqual([]);
  });

  it("fails, naming the file, when a released schema is edited in place", async () => {
    // search-policy: a contract whose current file is its released version (a draft may change freely).
    editJson(join(layout.contractsDir, "search-policy.schema.json"), (schema) => {
      schema.description = "Changed after release.";
    });
    const problems = await checkContracts(layout);
    expect(problems.map((p) => p.file)).toContain("contracts/search-policy.schema.json");
    expect(problems.find((p) => p.file === "contracts/search-policy.schema.json")?.message).toMatch(/released and frozen/);
  });

  it("fails when the immutable released copy is edited", async () => {
    editJson(join(layout.releasedDir, "envelope/1.0.0.json"), (schema) => {
      schema.description = "tampered";
    });
    const problems = await checkContracts(layout);
    expect(problems).toContainEqual(expect.objectContaining({ file: "contracts/released/envelope/1.0.0.json" }));
  });

  it("accepts an additive MINOR bump and refuses a breaking one", async () => {
    const envelopePath = join(layout.contractsDir, "envelope.schema.json");
    // The next MINOR after whatever the repository's envelope is now.
    const current = (JSON.parse(readFileSync(envelopePath, "utf8")) as { "x-contract-version": string })["x-contract-version"];
    const [major, minor] = current.split(".").map(Number) as [number, number];
    editJson(envelopePath, (schema) => {
      schema["x-contract-version"] = `${major}.${minor + 1}.0`;
      schema.$defs.meta.properties.trace_id = { type: "string", description: "A tracing id." };
    });
    // generated sources follow the schema; regenerate them in the scratch copy
    const { writeGeneratedSourcesForTest } = await import("./support/regenerate.js");
    await writeGeneratedSourcesForTest(layout);
    expect(await checkContracts(layout)).toEqual([]);

    editJson(envelopePath, (schema) => {
      delete schema.$defs.meta.properties.request_id;
      schema.$defs.meta.required = schema.$defs.meta.required.filter((name: string) => name !== "request_id");
    });
    await writeGeneratedSourcesForTest(layout);
    const problems = await checkContracts(layout);
    expect(problems.map((p) => p.message).join("\n")).toMatch(new RegExp(`breaking response change since ${current.replace(/\./g, "\\.")} .*property \`request_id\` removed`));
  });

  it("fails when generated types are stale", async () => {
    editJson(join(layout.contractsDir, "fetch.schema.json"), (schema) => {
      schema.$defs.request.properties.referrer = { type: "string", description: "Referer header." };
    });
    const problems = await checkContracts(layout);
    expect(problems).toContainEqual(expect.objectContaining({ file: "packages/contracts/src/generated/fetch.ts" }));
    expect(problems).toContainEqual(expect.objectContaining({ file: "packages/contracts/src/generated/validators/fetch.cjs" }));
  });

  it("fails while a per-contract validator module is edited, missing or extra, until regenerated", async () => {
    const generated = join(layout.root, "packages/contracts/src/generated");
    const fetchModule = join(generated, "validators/fetch.cjs");
    const fresh = readFileSync(fetchModule, "utf8");
    writeFileSync(fetchModule, fresh.replace("exports.request = ", "exports.request = () => true; exports.unused = "));
    rmSync(join(generated, "validators/extract.cjs"));
    writeFileSync(join(generated, "validators/retired.cjs"), "");
    // The single module every contract's validators were in before they were split per contract.
    writeFileSync(join(generated, "validators.ts"), "export const VALIDATORS = {};\n");
    const problems = await checkContracts(layout);
    expect(problems.map((problem) => problem.file).sort()).toEqual(
      ["validators.ts", "validators/extract.cjs", "validators/fetch.cjs", "validators/retired.cjs"].map((name) => `packages/contracts/src/generated/${name}`),
    );

    const { writeGeneratedSourcesForTest } = await import("./support/regenerate.js");
    await writeGeneratedSourcesForTest(layout);
    expect(await checkContracts(layout)).toEqual([]);
    expect(readFileSync(fetchModule, "utf8")).toBe(fresh);
    expect(existsSync(join(generated, "validators/retired.cjs"))).toBe(false);
    expect(existsSync(join(generated, "validators.ts"))).toBe(false);
    // What the runtime loads: the module's validators, each under its definition's name (the root under "").
    const extractValidators = createRequire(import.meta.url)(join(generated, "validators/extract.cjs"));
    expect(Object.keys(extractValidators).sort()).toEqual(["", "request", "response"]);
    expect(extractValidators.request({ url: "https://example.com/", html: "<p>hi</p>" })).toBe(true);
    expect(extractValidators.request({ html: "<p>no url</p>" })).toBe(false);
  });

  it("fails when a property has no description", async () => {
    editJson(join(layout.contractsDir, "store.schema.json"), (schema) => {
      schema.$defs.list_request.properties.limit = { type: "integer" };
    });
    const problems = await checkContracts(layout);
    expect(problems.map((p) => p.message).join("\n")).toMatch(/list_request\/properties\/limit has no "description"/);
  });

  it("releases a draft once: a copy plus its digest, and refuses to re-release changed content", async () => {
    // Every contract in the repository is released; forgetting extract's release in the scratch copy makes
    // its current version a draft again without touching the schema (so generated sources stay fresh).
    unrelease(layout, "extract");
    const version = JSON.parse(readFileSync(join(layout.contractsDir, "extract.schema.json"), "utf8"))["x-contract-version"];
    const first = await releaseContract(layout, "extract");
    expect(first.status).toBe("released");
    expect(await checkContracts(layout)).toEqual([]);
    expect((await releaseContract(layout, "extract")).status).toBe("already_released");
    editJson(join(layout.contractsDir, "extract.schema.json"), (schema) => {
      schema.description = "edited after release";
    });
    await expect(releaseContract(layout, "extract")).rejects.toThrow(new RegExp(`Cannot release extract ${version.replace(/\./g, "\\.")}`));
    // Two full checks of every released version: slow on a loaded 2-core machine.
  }, 120_000);
});
