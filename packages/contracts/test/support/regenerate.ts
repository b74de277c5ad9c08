import type { ContractsLayout } from "../../src/tooling.js";
import { writeGeneratedSources } from "../../src/generate/write-generated.js";

/** Regenerate the scratch copy's generated sources, as `pnpm contracts:generate` does in the repo. */
export async function writeGeneratedSourcesForTest(layout: ContractsLayout): Promise<void> {
  await writeGeneratedSources(layout);
}
