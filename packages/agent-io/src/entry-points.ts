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

export interface AgentDefaults {
  /** Store directory when a request names none (else WEBSIFT_STORE_DIR, else the user cache dir). */
  storeDir?: string;
  /** Allow loopback and private targets when a request does not say. */
  allowPrivateHosts?: boolean;
  /** Called with one line per step (engines answered, pages read); the CLI prints them on a terminal. */
  onProgress?: (message: string) => void;
}

function withDefaults<T extends { allow_private_hosts?: boolean }>(request: T, defaults: AgentDefaults): T {
  return defaults.allowPrivateHosts && request.allow_private_hosts === undefined ? { ...request, allow_private_hosts: true } : request;
}

/** The five agent operations as contract entry points; configuration is read on every call. */
export function createAgentEntryPoints(defaults: AgentDefaults = {}, layers: Layers = productionLayers) {
  const storeFor = (request: { store_dir?: string }) => request.store_dir ?? defaults.storeDir;
  return {
    search: defineEntryPoint<AgentSearchRequest, AgentSearchResponse>({
      contract: "agent-search",
      layer: "agent-io",
      handle: (request) => runAgentSearch(withDefaults(request, defaults), storeFor(request), layers, defaults.onProgress),
    }),
    fetch: defineEntryPoint<AgentPageRequest, AgentPageResponse>({
      contract: "agent-page",
      layer: "agent-io",
      handle: (request) => runAgentFetch(withDefaults(request, defaults), storeFor(request), layers),
    }),
    open: defineEntryPoint<AgentPageRequest, AgentPageResponse>({
      contract: "agent-page",
      layer: "agent-io",
      handle: (request) => runAgentOpen(request, storeFor(request), layers),
    }),
    contents: defineEntryPoint<AgentContentsRequest, AgentContentsResponse>({
      contract: "agent-contents",
      layer: "agent-io",
      handle: (request) => runAgentContents(withDefaults(request, defaults), storeFor(request), layers),
    }),
    findSimilar: defineEntryPoint<AgentSimilarRequest, AgentSimilarResponse>({
      contract: "agent-similar",
      layer: "agent-io",
      handle: (request) => runAgentSimilar(withDefaults(request, defaults), storeFor(request), layers),
    }),
  };
}

export type AgentEntryPoints = ReturnType<typeof createAgentEntryPoints>;
