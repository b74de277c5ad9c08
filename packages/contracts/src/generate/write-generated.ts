import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../freeze/lock-file.js";
import type { ContractsLayout } from "../repo-paths.js";
import { readContractFiles } from "../schema-files.js";
import { generateSources, presentGeneratedFiles } from "./generate-sources.js";

/** Regenerate packages/contracts/src/generated from the schemas; returns the files that changed. */
export async function writeGeneratedSources(layout: ContractsLayout): Promise<string[]> {
  const files = await generateSources(readContractFiles(layout.contractsDir));
  const changed: string[] = [];
  for (const [name, content] of files) {
    const path = join(layout.generatedDir, name);
    if (!existsSync(path) || readFileSync(path, "utf8") !== content) {
      writeFileAtomic(path, content);
      changed.push(name);
    }
  }
  for (const name of presentGeneratedFiles(layout.generatedDir)) {
    if (!files.has(name)) {
      rmSync(join(layout.generatedDir, name), { recursive: true });
      changed.push(name);
    }
  }
  return changed;
}
