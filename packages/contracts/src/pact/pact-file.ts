import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../freeze/lock-file.js";
import { readJsonFile } from "../schema-files.js";
import type { JsonTypeName } from "./read-tracker.js";

/** One field a consumer reads from a provider's reply, and the JSON types it accepts there. */
export interface PactFieldExpectation {
  path: string;
  types: JsonTypeName[];
}

export interface PactInteraction {
  description: string;
  /** Named provider state set up before the request is replayed (Pact's `providerState`). */
  provider_state: string;
  /** The request as sent; `{{name}}` placeholders are filled from the provider state's params. */
  request: unknown;
  /** Response fields the consumer read, with their types: checked by type and shape, not by value. */
  reads: PactFieldExpectation[];
}

export interface PactFile {
  $comment: string;
  consumer: string;
  provider: string;
  /** The provider contract and the version the consumer was recorded against. */
  contract: { name: string; version: string };
  interactions: PactInteraction[];
}

export const PACT_COMMENT = "Recorded by the consumer's contract test from a real provider run; do not edit by hand.";

function pactFileName(consumer: string, provider: string): string {
  return `${consumer}--${provider}.pact.json`;
}

export function readPactFiles(pactsDir: string): { path: string; pact: PactFile }[] {
  if (!existsSync(pactsDir)) return [];
  return readdirSync(pactsDir)
    .filter((name) => name.endsWith(".pact.json"))
    .sort()
    .map((name) => ({ path: join(pactsDir, name), pact: readJsonFile(join(pactsDir, name)) as PactFile }));
}

export function writePactFile(pactsDir: string, pact: PactFile): string {
  const path = join(pactsDir, pactFileName(pact.consumer, pact.provider));
  const interactions = [...pact.interactions].sort((a, b) => a.description.localeCompare(b.description));
  writeFileAtomic(path, `${JSON.stringify({ ...pact, interactions }, null, 2)}\n`);
  return path;
}
