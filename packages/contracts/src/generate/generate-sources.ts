import { compile } from "json-schema-to-typescript";
import type { ContractFile } from "../schema-files.js";
import { generateValidatorsModule } from "./generate-validators.js";

const BANNER_LINES = [
  "// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:",
  "// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.",
];
const BANNER = BANNER_LINES.join("\n");

function pascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** The TypeScript module for one contract: its `$defs` become named interfaces. */
async function generateTypesModule(contract: ContractFile): Promise<string> {
  const source = await compile(structuredClone(contract.schema) as never, `${pascalCase(contract.name)}Contract`, {
    bannerComment: BANNER,
    unreachableDefinitions: true,
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: true,
    cwd: "/",
  });
  return source.endsWith("\n") ? source : `${source}\n`;
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

/** All generated files, keyed by file name inside packages/contracts/src/generated. */
export async function generateSources(contracts: ContractFile[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const contract of contracts) {
    files.set(`${contract.name}.ts`, await generateTypesModule(contract));
  }
  files.set("schemas.ts", generateSchemasModule(contracts));
  files.set("validators.ts", generateValidatorsModule(contracts, BANNER));
  return files;
}
