import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ContractsError } from "./errors.js";

export interface ContractsLayout {
  root: string;
  contractsDir: string;
  releasedDir: string;
  lockFile: string;
  pactsDir: string;
  generatedDir: string;
}

/** Describe where the contract files live for a repo root. */
export function contractsLayout(root: string): ContractsLayout {
  const contractsDir = join(root, "contracts");
  return {
    root,
    contractsDir,
    releasedDir: join(contractsDir, "released"),
    lockFile: join(contractsDir, "released", "contracts.lock.json"),
    pactsDir: join(contractsDir, "pacts"),
    generatedDir: join(root, "packages", "contracts", "src", "generated"),
  };
}

/** Walk up from `start` to the repository that holds `contracts/envelope.schema.json`. */
export function findRepoRoot(start: string = process.cwd()): string {
  let current = resolve(start);
  for (;;) {
    if (existsSync(join(current, "contracts", "envelope.schema.json")) && existsSync(join(current, "pnpm-workspace.yaml"))) {
      return current;
    }
    const parent = dirname(current);
    if (parent === current) {
      throw new ContractsError(
        "not_found",
        `No websift repository found above ${resolve(start)}: run this from the repo (a folder with contracts/envelope.schema.json) or pass --root.`,
      );
    }
    current = parent;
  }
}
