import type { SearchConfig } from "../config/load-config.js";
import { engineSettings } from "../config/load-config.js";
import { ENGINES } from "../engines/registry.js";
import { SearchLayerError } from "../errors.js";

export interface EngineSelection {
  names: string[];
  /** Where the choice came from, for the reply's warnings. */
  source: "request" | "WEBSIFT_ENGINES" | "config" | "embedded default";
}

/**
 * Engine names from the operator's environment or config file (a request's names are held to the
 * engines by the search contract's enum): an unknown one is the operator's mistake.
 */
function checkConfiguredNames(names: string[], setting: string): string[] {
  names.forEach((name, index) => {
    if (!ENGINES.has(name)) {
      throw new SearchLayerError("invalid_config", `${setting} names an unknown engine "${name}" (entry ${index + 1}); known engines: ${[...ENGINES.keys()].join(", ")}.`, {
        details: { setting },
      });
    }
  });
  return [...new Set(names)];
}

/**
 * Which engines run: the request's list, else WEBSIFT_ENGINES, else config `default_engines`,
 * else the embedded default — every keyless built-in, plus SearXNG when a URL is configured and
 * Brave when the person's config enables it.
 */
export function selectEngines(requested: string[] | undefined, config: SearchConfig, env: NodeJS.ProcessEnv, searxngOverride: string | undefined): EngineSelection {
  if (requested && requested.length > 0) return { names: [...new Set(requested)], source: "request" };
  const fromEnv = env["WEBSIFT_ENGINES"]?.split(",").map((name) => name.trim()).filter(Boolean);
  if (fromEnv && fromEnv.length > 0) return { names: checkConfiguredNames(fromEnv, "WEBSIFT_ENGINES"), source: "WEBSIFT_ENGINES" };
  if (config.default_engines && config.default_engines.length > 0) return { names: checkConfiguredNames(config.default_engines, "default_engines in the config file"), source: "config" };
  const names = [...ENGINES.values()]
    .filter((engine) => {
      if (engine.name === "searxng") return Boolean(searxngOverride ?? config.searxng_url);
      if (engine.kind === "keyed") return engine.availability(engineSettings(engine.name, config, env)).configured;
      return engine.inDefaultSet;
    })
    .map((engine) => engine.name);
  return { names, source: "embedded default" };
}
