import type { ContractName } from "@websift/contracts";
import { compactEnvelopeSchemaOf, compactRequestSchemaOf, envelopeSchemaOf, requestSchemaOf, type JsonObject } from "./contract-schemas.js";

/** How much schema tools/list carries: `compact` (default) keeps it small, `full` is every contract keyword. */
export type McpSchemaMode = "compact" | "full";

export const MCP_SCHEMA_MODES: readonly McpSchemaMode[] = ["compact", "full"];

/** The input and output schemas a tool registers, in the server's schema mode. */
export interface ToolSchemas {
  input(contract: ContractName, definition?: string): JsonObject & { type: "object" };
  output(contract: ContractName): JsonObject & { type: "object" };
}

export function toolSchemas(mode: McpSchemaMode): ToolSchemas {
  return mode === "full"
    ? { input: requestSchemaOf, output: envelopeSchemaOf }
    : { input: compactRequestSchemaOf, output: (contract) => compactEnvelopeSchemaOf(contract) };
}
