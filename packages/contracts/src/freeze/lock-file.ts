import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { readJsonFile } from "../schema-files.js";

/** contracts/released/contracts.lock.json: every released version of every contract and its digest. */
export interface ContractsLock {
  $comment?: string;
  contracts: Record<string, Record<string, { digest: string; file: string }>>;
}

const LOCK_COMMENT =
  "Released contract versions. Written only by `pnpm contracts:release <name>`; a released version never changes.";

export function readLock(lockFile: string): ContractsLock {
  if (!existsSync(lockFile)) return { contracts: {} };
  const lock = readJsonFile(lockFile) as ContractsLock;
  return { ...lock, contracts: lock.contracts ?? {} };
}

/** Write a file so a reader sees either the old or the new content, never half of it. */
export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

export function writeLock(lockFile: string, lock: ContractsLock): void {
  const contracts: ContractsLock["contracts"] = {};
  for (const name of Object.keys(lock.contracts).sort()) {
    const versions = lock.contracts[name]!;
    contracts[name] = Object.fromEntries(Object.keys(versions).sort().map((version) => [version, versions[version]!]));
  }
  writeFileAtomic(lockFile, `${JSON.stringify({ $comment: LOCK_COMMENT, contracts }, null, 2)}\n`);
}
