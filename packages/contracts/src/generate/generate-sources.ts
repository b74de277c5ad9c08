import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import type { ContractFile } from "../schema-files.js";
import { generateValidatorModule } from "./generate-validators.js";
import { declareEnumAliases, pascalCase, prepareSchemaForTypes } from "./prepare-schema.js";

const BANNER_LINES = [
  "// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:",
  "// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.",
];
const BANNER = BANNER_LINES.join("\n");

/** The TypeScript module for one contract: its `$defs` become named interfaces, each once; inline enums get named aliases. */
async function generateTypesModule(contract: ContractFile): Promise<string> {
  const prepared = prepareSchemaForTypes(contract.schema);
  const compiled = await compile(prepared.schema as never, `${pascalCase(contract.name)}Contract`, {
    bannerComment: BANNER,
    unreachableDefinitions: true,
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: true,
    // Bounded arrays stay arrays: the default spells `maxItems: 20` as 21 tuple types.
    maxItems: -1,
    cwd: "/",
  });
  const source = compiled.endsWith("\n") ? compiled : `${compiled}\n`;
  const aliases = declareEnumAliases(prepared.enumAliases);
  return aliases ? `${source}${aliases}` : source;
}

/** Every schema as data, so the runtime validates without reading files from disk. */
function generateSchemasModule(contracts: ContractFile[]): string {
  const names = contracts.map((contract) => JSON.stringify(contract.name));
  const lines = [BANNER, "", `export type ContractName = ${names.join(" | ")};`, ""];
  lines.push("export const CONTRACT_NAMES: readonly ContractName[] = [", ...names.map((name) => `  ${name},`), "];", "");
  lines.push("export const CONTRACT_VERSIONS: Record<ContractName, string> = {");
  for (const contract of contracts) lines.push(`  ${JSON.stringify(contract.name)}: ${JSON.stringify(contract.version)},`);
  lines.push("};", "");
  lines.push("export const CONTRACT_SCHEMAS: Record<ContractName, Record<string, unknown>> = {");
  for (const contract of contracts) lines.push(`  ${JSON.stringify(contract.name)}: ${JSON.stringify(contract.schema)},`);
  lines.push("};", "");
  return lines.join("\n");
}

/** The folder, inside packages/contracts/src/generated, of the per-contract validator modules (validate.ts loads them). */
const VALIDATORS_DIR = "validators";

/**
 * All generated files, keyed by path inside packages/contracts/src/generated: one types module per contract,
 * the schemas module, and `validators/<contract>.cjs` per contract (plain JavaScript, which tsc carries into
 * dist through allowJs, so validate.ts requires the same path from src under vitest and from dist).
 */
export async function generateSources(contracts: ContractFile[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const contract of contracts) {
    files.set(`${contract.name}.ts`, await generateTypesModule(contract));
  }
  files.set("schemas.ts", generateSchemasModule(contracts));
  for (const contract of contracts) {
    files.set(`${VALIDATORS_DIR}/${contract.name}.cjs`, generateValidatorModule(contract, contracts, BANNER));
  }
  return files;
}

/** The generated files now in `generatedDir`, as `generateSources` keys them: its `.ts` files and everything in validators/. */
export function presentGeneratedFiles(generatedDir: string): string[] {
  if (!existsSync(generatedDir)) return [];
  const present = readdirSync(generatedDir).filter((name) => name.endsWith(".ts"));
  const validatorsDir = join(generatedDir, VALIDATORS_DIR);
  if (existsSync(validatorsDir)) present.push(...readdirSync(validatorsDir).map((name) => `${VALIDATORS_DIR}/${name}`));
  return present;
}
