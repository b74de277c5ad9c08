import {
  defineEntryPoint,
  type AgentContentsRequest,
  type AgentContentsResponse,
  type AgentPageRequest,
  type AgentPageResponse,
  type AgentSearchRequest,
  type AgentSearchResponse,
  type AgentSimilarRequest,
  type AgentSimilarResponse,
} from "@websift/contracts";
import { productionLayers, type Layers } from "./layers.js";
import { runAgentContents } from "./operations/contents.js";
import { runAgentFetch, runAgentOpen } from "./operations/page.js";
import { runAgentSearch } from "./operations/search.js";
import { runAgentSimilar } from "./operations/similar.js";
import type { OperatorSettings } from "./operator/operator-settings.js";
import { refusingOperatorFields } from "./operator/refuse-operator-fields.js";

/** @deprecated The operator's settings; use OperatorSettings. */
export type AgentDefaults = OperatorSettings;

/**
 * The five agent operations as contract entry points. `operator` holds what whoever starts websift
 * decided (private hosts, store, SearXNG, policy, default engines); requests only ask questions.
 */
export function createAgentEntryPoints(operator: OperatorSettings = {}, layers: Layers = productionLayers) {
  // A frozen copy: a caller mutating its options object later does not change a running server.
  const settings: OperatorSettings = Object.freeze({ ...operator, ...(operator.engines ? { engines: [...operator.engines] } : {}) });
  return {
    search: refusingOperatorFields(
      "agent-search",
      defineEntryPoint<AgentSearchRequest, AgentSearchResponse>({
        contract: "agent-search",
        layer: "agent-io",
        handle: (request) => runAgentSearch(request, settings, layers),
      }),
    ),
    fetch: refusingOperatorFields(
      "agent-page",
      defineEntryPoint<AgentPageRequest, AgentPageResponse>({
        contract: "agent-page",
        layer: "agent-io",
        handle: (request) => runAgentFetch(request, settings, layers),
      }),
    ),
    open: refusingOperatorFields(
      "agent-page",
      defineEntryPoint<AgentPageRequest, AgentPageResponse>({
        contract: "agent-page",
        layer: "agent-io",
        handle: (request) => runAgentOpen(request, settings, layers),
      }),
    ),
    contents: refusingOperatorFields(
      "agent-contents",
      defineEntryPoint<AgentContentsRequest, AgentContentsResponse>({
        contract: "agent-contents",
        layer: "agent-io",
        handle: (request) => runAgentContents(request, settings, layers),
      }),
    ),
    findSimilar: refusingOperatorFields(
      "agent-similar",
      defineEntryPoint<AgentSimilarRequest, AgentSimilarResponse>({
        contract: "agent-similar",
        layer: "agent-io",
        handle: (request) => runAgentSimilar(request, settings, layers),
      }),
    ),
  };
}

export type AgentEntryPoints = ReturnType<typeof createAgentEntryPoints>;
