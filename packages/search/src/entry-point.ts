import { defineEntryPoint, type SearchBackendsRequest, type SearchBackendsResponse, type SearchRequest, type SearchResponse } from "@websift/contracts";
import { fetchUrl } from "@websift/fetch";
import { engineSettings, loadSearchConfig } from "./config/load-config.js";
import { readBraveUsage } from "./engines/brave-usage.js";
import { pendingEngineWait } from "./engines/engine-waits.js";
import { readEngineStatus } from "./engines/engine-status.js";
import { ENGINES } from "./engines/registry.js";
import { userStateDir } from "./config/paths.js";
import { selectEngines } from "./run/select-engines.js";
import { runSearch } from "./run/search-pipeline.js";

/** The search layer's contract entry point: a SearchRequest in, an Envelope out. Engines reach the network only through fetch's entry point. */
export const searchWeb = defineEntryPoint<SearchRequest, SearchResponse>({
  contract: "search",
  layer: "search",
  // The caller giving up (context.signal) stops the engines' requests in flight.
  handle: (request, context) => runSearch(request, { fetch: (fetchRequest) => fetchUrl(fetchRequest, context.signal ? { signal: context.signal } : {}), env: process.env, warn: context.warn }),
});

/** Every engine, keyless or paid, configured or not, with its correlation group; asks nothing on the network. */
export const listSearchBackends = defineEntryPoint<SearchBackendsRequest, SearchBackendsResponse>({
  contract: "search",
  layer: "search",
  requestDefinition: "backends_request",
  responseDefinition: "backends_response",
  handle: async (request) => {
    const config = loadSearchConfig(process.env);
    const stateDir = userStateDir(process.env);
    const [status, braveUsage] = await Promise.all([readEngineStatus(stateDir), readBraveUsage(stateDir)]);
    const today = new Date().toISOString().slice(0, 10);
    const backends = await Promise.all([...ENGINES.values()].map(async (engine) => {
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
        waiting: await pendingEngineWait(stateDir, engine.name),
        budget: engine.name === "brave" ? { used_today: braveUsage?.day === today ? braveUsage.requests : 0, daily_limit: settings.daily_budget ?? null } : null,
        last: status[engine.name] ?? null,
      };
    }));
    // The same choice a search makes when it names no engines (an unknown name in WEBSIFT_ENGINES or the config is invalid_config here too).
    const selection = selectEngines(request.engines, config, process.env, request.searxng_url);
    return { data: { backends, default_engines: { names: selection.names, source: selection.source } } };
  },
});
