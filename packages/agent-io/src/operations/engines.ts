import type { AgentEnginesResponse, HandlerResult, SearchBackendsRequest } from "@websift/contracts";
import { neutralizeMarkers } from "../fence/untrusted-fence.js";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorSearchFields } from "../operator/operator-search-fields.js";

/**
 * websift engines: every engine, configured or not, with its state on this machine (last outcome,
 * a rate-limit wait still running, Brave's daily budget) and the engines a search asks by default.
 * The search layer reads it all from the state dir; nothing goes on the network.
 */
export async function runAgentEngines(operator: OperatorSettings, layers: Layers): Promise<HandlerResult<AgentEnginesResponse>> {
  const fields = operatorSearchFields(operator);
  const request: SearchBackendsRequest = {
    ...(fields.searxng_url ? { searxng_url: fields.searxng_url } : {}),
    ...(fields.engines ? { engines: fields.engines } : {}),
  };
  const listed = await layers.searchBackends(request);
  if (!listed.ok || !listed.data) {
    return { failure: { code: listed.error?.code ?? "internal_error", message: listed.error?.message ?? "The search layer listed no engines.", ...(listed.error?.details ? { details: listed.error.details } : {}) } };
  }
  const { backends, default_engines: defaults } = listed.data;
  return {
    data: {
      engines: backends.map((backend) => ({
        name: backend.name,
        kind: backend.kind,
        configured: backend.configured,
        in_default_set: defaults.names.includes(backend.name),
        ...(backend.supports_time_range !== undefined ? { supports_time_range: backend.supports_time_range } : {}),
        detail: backend.detail,
        ...(backend.description !== undefined ? { description: backend.description } : {}),
        // A wait's reason and a last outcome's detail quote what a service said: no fence marker copy passes.
        waiting: backend.waiting ? { ...backend.waiting, reason: neutralizeMarkers(backend.waiting.reason) } : null,
        budget: backend.budget ?? null,
        last: backend.last ? { ...backend.last, detail: backend.last.detail === null ? null : neutralizeMarkers(backend.last.detail) } : null,
      })),
      // The operator's --engines reach the search layer as the request's list.
      default_engines: { names: defaults.names, source: defaults.source === "request" ? "operator" : defaults.source },
    },
  };
}
