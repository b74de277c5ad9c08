import standaloneCode from "ajv/dist/standalone/index.js";
import { createContractAjv } from "../contract-ajv.js";
import type { ContractFile } from "../schema-files.js";

/** The definitions an entry point validates: the root, `request`, `response` and any `*_request` / `*_response`. */
export function validatedDefinitions(contract: ContractFile): string[] {
  const defs = Object.keys((contract.schema["$defs"] as Record<string, unknown> | undefined) ?? {});
  return ["", ...defs.filter((name) => /(^|_)(request|response)$/.test(name)).sort()];
}

/**
 * Precompiled validators (Ajv standalone code) for one contract's validated definitions, as a CommonJS
 * module exporting each validator under its definition's name (the root under ""). One module per contract,
 * so a process loads (synchronously, through require) only the validators of the contracts it validates;
 * `$ref`s into other contracts are compiled into the module, so shared definitions repeat across modules.
 */
export function generateValidatorModule(contract: ContractFile, contracts: ContractFile[], banner: string): string {
  // A fresh Ajv per module: its generated names (validate20, schema31, ...) then depend only on this
  // contract and the definitions it reaches, not on the others compiled before it.
  const ajv = createContractAjv({ source: true, esm: false });
  for (const each of contracts) ajv.addSchema(each.schema);
  const id = contract.schema["$id"] as string;
  const exports: Record<string, string> = {};
  for (const definition of validatedDefinitions(contract)) exports[definition] = definition ? `${id}#/$defs/${definition}` : id;
  return [banner, "// @ts-nocheck -- Ajv standalone output; its shape is checked by the contract tests, not by tsc.", "/* eslint-disable */", standaloneCode.default(ajv, exports), ""].join("\n");
}
