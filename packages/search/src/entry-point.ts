import { defineEntryPoint, type SearchBackendsRequest, type SearchBackendsResponse, type SearchRequest, type SearchResponse } from "@websift/contracts";
import { fetchUrl } from "@websift/fetch";
import { engineSettings, loadSearchConfig } from "./config/load-config.js";
import { ENGINES } from "./engines/registry.js";
import { runSearch } from "./run/search-pipeline.js";

/** The search layer's contract entry point: a SearchRequest in, an Envelope out. Engines reach the network only through fetch's entry point. */
export const searchWeb = defineEntryPoint<SearchRequest, SearchResponse>({
  contract: "search",
  layer: "search",
  handle: (request, context) => runSearch(request, { fetch: (fetchRequest) => fetchUrl(fetchRequest), env: process.env, warn: context.warn }),
});

/** Every engine, keyless or paid, configured or not, with its correlation group; asks nothing on the network. */
export const listSearchBackends = defineEntryPoint<SearchBackendsRequest, SearchBackendsResponse>({
  contract: "search",
  layer: "search",
  requestDefinition: "backends_request",
  responseDefinition: "backends_response",
  handle: async (request) => {
    const config = loadSearchConfig(process.env);
    const backends = [...ENGINES.values()].map((engine) => {
      const settings = engineSettings(engine.name, config, process.env, engine.name === "searxng" && request.searxng_url ? { base_url: request.searxng_url } : {});
      const availability = engine.availability(settings);
      const configured = settings.enabled && availability.configured;
      return {
        name: engine.name,
        kind: engine.kind,
        group: engine.group,
        configured,
        in_default_set: engine.kind === "keyed" ? configured : engine.name === "searxng" ? configured : engine.inDefaultSet,
        supports_time_range: engine.supportsTimeRange,
        detail: settings.enabled ? availability.detail : `off until enabled: set engines.${engine.name}.enabled: true in ${config.file ?? "config.yaml in the websift config dir"}${engine.kind === "keyed" ? " and provide your own API key" : ""}`,
        description: engine.describe,
      };
    });
    return { data: { backends } };
  },
});
