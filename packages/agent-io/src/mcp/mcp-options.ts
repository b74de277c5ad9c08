import { AgentIoError } from "../errors.js";
import type { McpServerOptions } from "./server.js";
import { MCP_SCHEMA_MODES, type McpSchemaMode } from "./tool-schemas.js";

/** The MCP surface from `websift mcp`'s flags, the environment filling what they leave out (flag > env > default). */
export function mcpServerOptionsFrom(flags: { tools?: string | undefined; schemas?: string | undefined }, env: Readonly<Record<string, string | undefined>>): McpServerOptions {
  const options: McpServerOptions = {};
  const tools = flags.tools ?? env["WEBSIFT_MCP_TOOLS"];
  if (tools !== undefined) options.tools = tools.split(",");
  const schemas = flags.schemas ?? env["WEBSIFT_MCP_SCHEMAS"];
  if (schemas !== undefined) {
    if (!(MCP_SCHEMA_MODES as readonly string[]).includes(schemas)) {
      throw new AgentIoError("invalid_config", `${flags.schemas !== undefined ? "--schemas" : "WEBSIFT_MCP_SCHEMAS"} must be ${MCP_SCHEMA_MODES.join(" or ")}, got "${schemas}".`, { field: "schemas" });
    }
    options.schemas = schemas as McpSchemaMode;
  }
  return options;
}
