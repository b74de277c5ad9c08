import type { SearchRequest } from "@websift/contracts";
import type { OperatorSettings } from "./operator-settings.js";

/**
 * The search layer's request fields the operator decides, for every route that searches (agent
 * search, similar, the compatibility route), so none of them can quietly fall back to the public
 * default engines when the operator chose a private SearXNG.
 */
export function operatorSearchFields(operator: OperatorSettings, requestedEngines?: string[]): Partial<SearchRequest> {
  const fields: Partial<SearchRequest> = {};
  const engines = requestedEngines ?? operator.engines;
  if (engines) fields.engines = engines;
  if (operator.searxngUrl) fields.searxng_url = operator.searxngUrl;
  if (operator.policyFile) fields.policy_file = operator.policyFile;
  if (operator.allowPrivateHosts) fields.allow_private_hosts = true;
  return fields;
}
