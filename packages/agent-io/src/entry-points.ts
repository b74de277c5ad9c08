import {
  defineEntryPoint,
  type AgentContentsRequest,
  type AgentEnginesResponse,
  type AgentContentsResponse,
  type AgentPageFetchRequest,
  type AgentPageOpenRequest,
  type AgentPageResponse,
  type AgentSearchRequest,
  type AgentSearchResponse,
  type AgentSimilarRequest,
  type AgentSimilarResponse,
  type ContractName,
  type HandlerResult,
} from "@websift/contracts";
import { productionLayers, type Layers } from "./layers.js";
import { callScope } from "./operations/call-scope.js";
import { runAgentContents } from "./operations/contents.js";
import { runAgentEngines } from "./operations/engines.js";
import { runAgentFetch, runAgentOpen } from "./operations/page.js";
import { runAgentSearch } from "./operations/search.js";
import { runAgentSimilar } from "./operations/similar.js";
import type { OperatorSettings } from "./operator/operator-settings.js";
import { refusingOperatorFields } from "./operator/refuse-operator-fields.js";
import { layersWithRedis, operatorRedisUrl } from "./operator/shared-state-layers.js";

/** @deprecated The operator's settings; use OperatorSettings. */
export type AgentDefaults = OperatorSettings;

/**
 * The agent operations as contract entry points. `operator` holds what whoever starts websift
 * decided (private hosts, store, SearXNG, policy, default engines); requests only ask questions.
 */
export function createAgentEntryPoints(operator: OperatorSettings = {}, layers: Layers = productionLayers) {
  // A frozen copy: a caller mutating its options object later does not change a running server.
  const settings: OperatorSettings = Object.freeze({ ...operator, ...(operator.engines ? { engines: [...operator.engines] } : {}) });
  const redisUrl = operatorRedisUrl(settings.redisUrl, process.env);
  if (redisUrl !== undefined) layers = layersWithRedis(layers, redisUrl);
  // Every operation: operator fields refused by name, then the contract's own validation.
  // `requestDefinition` names the contract's request definition when it has more than one (agent-page: fetch_request, open_request).
  // Each call runs in its own scope: the caller's abort signal on every layer call, progress to the caller.
  type Run<TRequest, TResponse> = (request: TRequest, operator: OperatorSettings, callLayers: Layers) => Promise<HandlerResult<TResponse>>;
  const agentEntry = <TRequest, TResponse>(contract: ContractName, run: Run<TRequest, TResponse>, requestDefinition = "request") =>
    refusingOperatorFields(
      contract,
      defineEntryPoint<TRequest, TResponse>({
        contract,
        layer: "agent-io",
        requestDefinition,
        handle: (request, context) => {
          const scope = callScope(settings, layers, context);
          return run(request, scope.settings, scope.layers);
        },
      }),
    );
  return {
    search: agentEntry<AgentSearchRequest, AgentSearchResponse>("agent-search", runAgentSearch),
    fetch: agentEntry<AgentPageFetchRequest, AgentPageResponse>("agent-page", runAgentFetch, "fetch_request"),
    open: agentEntry<AgentPageOpenRequest, AgentPageResponse>("agent-page", runAgentOpen, "open_request"),
    contents: agentEntry<AgentContentsRequest, AgentContentsResponse>("agent-contents", runAgentContents),
    findSimilar: agentEntry<AgentSimilarRequest, AgentSimilarResponse>("agent-similar", runAgentSimilar),
    engines: agentEntry<Record<string, never>, AgentEnginesResponse>("agent-engines", (_request, operator, callLayers) => runAgentEngines(operator, callLayers)),
  };
}

export type AgentEntryPoints = ReturnType<typeof createAgentEntryPoints>;
