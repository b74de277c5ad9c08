import { CONTRACT_SCHEMAS, type SearchRequest, type SearchRequestEnginesItem } from "@websift/contracts";
import { AgentIoError } from "../errors.js";
import type { OperatorSettings } from "./operator-settings.js";

/** The engine names the search contract accepts, read from its schema (the one place they are listed). */
const ENGINE_NAMES: ReadonlySet<string> = new Set(
  ((CONTRACT_SCHEMAS.search["$defs"] as Record<string, { properties: Record<string, { items: { enum: string[] } }> }>)["request"]!).properties["engines"]!.items.enum,
);

function isEngineName(name: string): name is SearchRequestEnginesItem {
  return ENGINE_NAMES.has(name);
}

/** The operator's engine names were checked at start-up; one that still is not an engine is their setting's fault. */
function engineNames(names: readonly string[]): SearchRequestEnginesItem[] {
  return names.map((name) => {
    if (!isEngineName(name)) throw new AgentIoError("invalid_config", `--engines names unknown engine ${name}; known: ${[...ENGINE_NAMES].join(", ")}.`, { field: "engines" });
    return name;
  });
}

/**
 * The search layer's request fields the operator decides, for every route that searches (agent
 * search, similar, the compatibility route), so none of them can quietly fall back to the public
 * default engines when the operator chose a private SearXNG.
 */
export function operatorSearchFields(operator: OperatorSettings, requestedEngines?: string[]): Partial<SearchRequest> {
  const fields: Partial<SearchRequest> = {};
  const engines = requestedEngines ?? operator.engines;
  if (engines) fields.engines = engineNames(engines);
  if (operator.searxngUrl) fields.searxng_url = operator.searxngUrl;
  if (operator.policyFile) fields.policy_file = operator.policyFile;
  if (operator.allowPrivateHosts) fields.allow_private_hosts = true;
  return fields;
}
