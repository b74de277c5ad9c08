import { AgentIoError } from "../errors.js";

/**
 * The tools an operator chose (WEBSIFT_MCP_TOOLS=web_search,web_fetch or --tools), in the server's
 * own order; none chosen means all. A name the server does not have stops the start with the list,
 * since a typo would otherwise hide a tool the operator meant to give the agent.
 */
export function selectTools<TName extends string>(chosen: readonly string[] | undefined, available: readonly TName[]): TName[] {
  if (chosen === undefined) return [...available];
  const names = chosen.map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(available as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new AgentIoError("invalid_config", `Unknown MCP tool ${unknown.map((name) => `"${name}"`).join(", ")} in WEBSIFT_MCP_TOOLS / --tools; choose from ${available.join(", ")}.`, { field: "tools" });
  }
  if (names.length === 0) throw new AgentIoError("invalid_config", `WEBSIFT_MCP_TOOLS / --tools names no tool; choose from ${available.join(", ")}, or unset it to serve all.`, { field: "tools" });
  return available.filter((name) => names.includes(name));
}
