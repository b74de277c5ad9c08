import standaloneCode from "ajv/dist/standalone/index.js";
import { createContractAjv } from "../contract-ajv.js";
import type { ContractFile } from "../schema-files.js";
import { validatorKey } from "../validator-key.js";

/** The definitions an entry point validates: the root, `request`, `response` and any `*_request` / `*_response`. */
export function validatedDefinitions(contract: ContractFile): string[] {
  const defs = Object.keys((contract.schema["$defs"] as Record<string, unknown> | undefined) ?? {});
  return ["", ...defs.filter((name) => /(^|_)(request|response)$/.test(name)).sort()];
}

function exportName(contract: string, definition: string): string {
  return `v_${contract.replace(/-/g, "_")}__${definition || "root"}`;
}

/**
 * Precompiled validators (Ajv standalone code) for every entry point's definitions, so a CLI
 * validates without importing Ajv or compiling schemas at start-up.
 */
export function generateValidatorsModule(contracts: ContractFile[], banner: string): string {
  const ajv = createContractAjv({ source: true });
  const exports: Record<string, string> = {};
  const keys: Array<[string, string]> = [];
  for (const contract of contracts) {
    ajv.addSchema(contract.schema);
    const id = contract.schema["$id"] as string;
    for (const definition of validatedDefinitions(contract)) {
      const name = exportName(contract.name, definition);
      exports[name] = definition ? `${id}#/$defs/${definition}` : id;
      keys.push([validatorKey(contract.name, definition), name]);
    }
  }
  // Ajv exports each validator by name; they are reached only through VALIDATORS below.
  const code = standaloneCode.default(ajv, exports).replace(/\bexport const (v_\w+ = )/g, "const $1");
  return [
    banner,
    "// @ts-nocheck -- Ajv standalone output; its shape is checked by the contract tests, not by tsc.",
    "/* eslint-disable */",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    code,
    "",
    "export const VALIDATORS = {",
    ...keys.map(([key, name]) => `  ${JSON.stringify(key)}: ${name},`),
    "};",
    "",
  ].join("\n");
}
