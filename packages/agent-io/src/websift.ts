import type {
  AgentContentsRequest,
  AgentContentsResponse,
  AgentPageRequest,
  AgentPageResponse,
  AgentSearchRequest,
  AgentSearchResponse,
  AgentSimilarRequest,
  AgentSimilarResponse,
  Envelope,
} from "@websift/contracts";
import { createAgentEntryPoints, type AgentDefaults } from "./entry-points.js";

export type WebsiftOptions = AgentDefaults;

/** What an agent embeds: every call takes a contract request and returns an Envelope, never throws for bad input. */
export interface Websift {
  search(request: AgentSearchRequest): Promise<Envelope<AgentSearchResponse>>;
  fetch(request: AgentPageRequest): Promise<Envelope<AgentPageResponse>>;
  open(request: AgentPageRequest): Promise<Envelope<AgentPageResponse>>;
  findSimilar(request: AgentSimilarRequest): Promise<Envelope<AgentSimilarResponse>>;
  contents(request: AgentContentsRequest): Promise<Envelope<AgentContentsResponse>>;
}

/**
 * Create the embeddable websift surface. Options are defaults only; configuration files and
 * environment (SearXNG URL, keys, store dir) are read on every call, so changes apply at once.
 */
export function createWebsift(options: WebsiftOptions = {}): Websift {
  const entry = createAgentEntryPoints(options);
  return {
    search: (request) => entry.search(request),
    fetch: (request) => entry.fetch(request),
    open: (request) => entry.open(request),
    findSimilar: (request) => entry.findSimilar(request),
    contents: (request) => entry.contents(request),
  };
}
