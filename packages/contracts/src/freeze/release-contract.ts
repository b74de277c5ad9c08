import { existsSync } from "node:fs";
import { join } from "node:path";
import { ContractsError } from "../errors.js";
import type { ContractsLayout } from "../repo-paths.js";
import { readContractFiles, schemaDigest } from "../schema-files.js";
import { checkContracts } from "./check-contracts.js";
import { readLock, writeFileAtomic, writeLock } from "./lock-file.js";

export interface ReleaseResult {
  name: string;
  version: string;
  file: string;
  status: "released" | "already_released";
}

/** Freeze the current version of one contract: an immutable copy plus its digest in the lock. */
export async function releaseContract(layout: ContractsLayout, name: string): Promise<ReleaseResult> {
  const contract = readContractFiles(layout.contractsDir).find((candidate) => candidate.name === name);
  if (!contract) throw new ContractsError("not_found", `No contract named "${name}" in ${layout.contractsDir}.`);
  const problems = (await checkContracts(layout)).filter((problem) => problem.file === `contracts/${name}.schema.json`);
  if (problems.length > 0) {
    throw new ContractsError("invalid_request", `Cannot release ${name} ${contract.version}: ${problems.map((p) => p.message).join(" ")}`);
  }
  const lock = readLock(layout.lockFile);
  const relativeFile = join("released", name, `${contract.version}.json`);
  const digest = schemaDigest(contract.schema);
  const existing = lock.contracts[name]?.[contract.version];
  if (existing) {
    if (existing.digest === digest && existsSync(join(layout.contractsDir, existing.file))) {
      return { name, version: contract.version, file: existing.file, status: "already_released" };
    }
    throw new ContractsError("invalid_request", `${name} ${contract.version} is already released with different content; bump the version.`);
  }
  writeFileAtomic(join(layout.contractsDir, relativeFile), `${JSON.stringify(contract.schema, null, 2)}\n`);
  lock.contracts[name] = { ...(lock.contracts[name] ?? {}), [contract.version]: { digest, file: relativeFile } };
  writeLock(layout.lockFile, lock);
  return { name, version: contract.version, file: relativeFile, status: "released" };
}
