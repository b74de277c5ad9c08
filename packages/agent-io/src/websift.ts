import type {
  AgentContentsRequest,
  AgentContentsResponse,
  AgentPageFetchRequest,
  AgentPageOpenRequest,
  AgentPageResponse,
  AgentSearchRequest,
  AgentSearchResponse,
  AgentSimilarRequest,
  AgentSimilarResponse,
  Envelope,
} from "@websift/contracts";
import { createAgentEntryPoints } from "./entry-points.js";
import type { OperatorSettings } from "./operator/operator-settings.js";
import { resolveOperatorSettings } from "./operator/resolve-operator-settings.js";

/** The embedding program is the operator: these options are its decisions, never a request's. */
export type WebsiftOptions = OperatorSettings;

/** What an agent embeds: every call takes a contract request and returns an Envelope, never throws for bad input. */
export interface Websift {
  search(request: AgentSearchRequest): Promise<Envelope<AgentSearchResponse>>;
  fetch(request: AgentPageFetchRequest): Promise<Envelope<AgentPageResponse>>;
  open(request: AgentPageOpenRequest): Promise<Envelope<AgentPageResponse>>;
  findSimilar(request: AgentSimilarRequest): Promise<Envelope<AgentSimilarResponse>>;
  contents(request: AgentContentsRequest): Promise<Envelope<AgentContentsResponse>>;
}

/**
 * Create the embeddable websift surface. `options` are the embedding program's operator settings
 * (private hosts, store, SearXNG, policy, default engines); requests cannot change them. Engine keys
 * and the config file are read from the environment on every call, so edits apply at once.
 * Throws AgentIoError (`invalid_config`) for an unknown option, a missing policy file or a bad URL.
 */
export function createWebsift(options: WebsiftOptions = {}): Websift {
  const entry = createAgentEntryPoints(resolveOperatorSettings(options));
  return {
    search: (request) => entry.search(request),
    fetch: (request) => entry.fetch(request),
    open: (request) => entry.open(request),
    findSimilar: (request) => entry.findSimilar(request),
    contents: (request) => entry.contents(request),
  };
}
