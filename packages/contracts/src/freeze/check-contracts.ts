import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { findBreakingChanges } from "../compat/find-breaking-changes.js";
import type { ContractsLayout } from "../repo-paths.js";
import { compareSemver, readContractFiles, readJsonFile, schemaDigest, SEMVER_PATTERN, type ContractFile, type JsonSchema } from "../schema-files.js";
import { createContractAjv } from "../contract-ajv.js";
import { readLock, type ContractsLock } from "./lock-file.js";

export interface CheckProblem {
  /** Repo-relative path of the file at fault. */
  file: string;
  message: string;
}

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** Every property in the schema must say what it means. */
function findUndescribedProperties(node: unknown, location: string, out: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, index) => findUndescribedProperties(child, `${location}/${index}`, out));
    return;
  }
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  const properties = record["properties"];
  if (properties && typeof properties === "object") {
    for (const [name, schema] of Object.entries(properties as Record<string, unknown>)) {
      const description = (schema as Record<string, unknown> | undefined)?.["description"];
      if (typeof description !== "string" || description.trim() === "") out.push(`${location}/properties/${name}`);
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== "enum" && key !== "const" && key !== "examples" && key !== "default") findUndescribedProperties(child, `${location}/${key}`, out);
  }
}

function checkSchemaShape(contract: ContractFile, file: string, problems: CheckProblem[]): void {
  const { schema } = contract;
  if (schema["$schema"] !== DRAFT_2020_12) problems.push({ file, message: `"$schema" must be "${DRAFT_2020_12}".` });
  const expectedId = `https://websift.dev/contracts/${contract.name}.schema.json`;
  if (schema["$id"] !== expectedId) problems.push({ file, message: `"$id" must be "${expectedId}".` });
  if (!SEMVER_PATTERN.test(contract.version)) problems.push({ file, message: `"x-contract-version" must be a semver version such as "1.0.0".` });
  const undescribed: string[] = [];
  findUndescribedProperties(schema, "#", undescribed);
  for (const location of undescribed) problems.push({ file, message: `property ${location} has no "description".` });
  const defs = (schema["$defs"] as Record<string, unknown> | undefined) ?? {};
  if (contract.name !== "envelope" && !("request" in defs) && !("response" in defs) && schema["$ref"] === undefined) {
    problems.push({ file, message: `a contract needs "$defs.request" and "$defs.response", or a root "$ref" to its document shape.` });
  }
  try {
    const ajv = createContractAjv();
    ajv.addSchema(schema);
    ajv.getSchema(expectedId);
    for (const name of Object.keys(defs)) ajv.getSchema(`${expectedId}#/$defs/${name}`);
  } catch (error) {
    problems.push({ file, message: `does not compile with Ajv 2020 in strict mode: ${(error as Error).message}.` });
  }
}

function checkReleasedCopies(layout: ContractsLayout, lock: ContractsLock, problems: CheckProblem[]): void {
  for (const [name, versions] of Object.entries(lock.contracts)) {
    for (const [version, entry] of Object.entries(versions)) {
      const path = join(layout.contractsDir, entry.file);
      const file = relative(layout.root, path);
      if (!existsSync(path)) {
        problems.push({ file, message: `released copy of ${name} ${version} is missing; released versions are immutable.` });
        continue;
      }
      const digest = schemaDigest(readJsonFile(path));
      if (digest !== entry.digest) {
        problems.push({ file, message: `released copy of ${name} ${version} was edited (digest ${digest} differs from the lock's ${entry.digest}); restore it from git.` });
      }
    }
  }
}

function checkAgainstReleases(layout: ContractsLayout, lock: ContractsLock, contract: ContractFile, file: string, problems: CheckProblem[]): void {
  const released = lock.contracts[contract.name] ?? {};
  const entry = released[contract.version];
  if (entry) {
    if (schemaDigest(contract.schema) !== entry.digest) {
      problems.push({
        file,
        message: `${contract.name} ${contract.version} is released and frozen, but this file differs from the release. Revert the change, or bump "x-contract-version" (MINOR for additive changes, MAJOR for breaking ones) and run \`pnpm contracts:release ${contract.name}\`.`,
      });
    }
    return;
  }
  const versions = Object.keys(released).sort(compareSemver);
  const latest = versions.at(-1);
  if (latest && compareSemver(contract.version, latest) < 0) {
    problems.push({ file, message: `version ${contract.version} is lower than the released ${latest}; versions only move forward.` });
    return;
  }
  const major = contract.version.split(".")[0];
  const sameMajor = versions.filter((version) => version.split(".")[0] === major).at(-1);
  if (!sameMajor) return; // a new MAJOR may break anything
  const previous = readJsonFile(join(layout.contractsDir, released[sameMajor]!.file)) as JsonSchema;
  for (const change of findBreakingChanges(previous, contract.schema, contract.name)) {
    problems.push({
      file,
      message: `breaking ${change.direction} change since ${sameMajor} at ${change.location}: ${change.change}. A MINOR or PATCH bump must be additive; bump MAJOR instead.`,
    });
  }
}

async function checkGeneratedSources(layout: ContractsLayout, contracts: ContractFile[], problems: CheckProblem[]): Promise<void> {
  // Loaded on demand: the generator pulls in json-schema-to-typescript and prettier, which entry points never need.
  const { generateSources, presentGeneratedFiles } = await import("../generate/generate-sources.js");
  const expected = await generateSources(contracts);
  const present = presentGeneratedFiles(layout.generatedDir);
  for (const [name, content] of expected) {
    const path = join(layout.generatedDir, name);
    if (!existsSync(path) || readFileSync(path, "utf8") !== content) {
      problems.push({ file: relative(layout.root, path), message: "generated file is stale; run `pnpm contracts:generate`." });
    }
  }
  for (const name of present) {
    if (!expected.has(name)) problems.push({ file: relative(layout.root, join(layout.generatedDir, name)), message: "generated file has no schema; run `pnpm contracts:generate`." });
  }
}

/** Everything `pnpm contracts:check` verifies; an empty list means the contracts are sound. */
export async function checkContracts(layout: ContractsLayout): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  const contracts = readContractFiles(layout.contractsDir);
  const lock = readLock(layout.lockFile);
  for (const contract of contracts) {
    const file = relative(layout.root, contract.path);
    checkSchemaShape(contract, file, problems);
    if (SEMVER_PATTERN.test(contract.version)) checkAgainstReleases(layout, lock, contract, file, problems);
  }
  for (const name of Object.keys(lock.contracts)) {
    if (!contracts.some((contract) => contract.name === name)) {
      problems.push({ file: `contracts/${name}.schema.json`, message: `${name} has released versions but its schema file is gone; a released contract cannot be deleted.` });
    }
  }
  checkReleasedCopies(layout, lock, problems);
  await checkGeneratedSources(layout, contracts, problems);
  return problems;
}
