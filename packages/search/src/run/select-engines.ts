import type { SearchConfig } from "../config/load-config.js";
import { engineSettings } from "../config/load-config.js";
import { ENGINES } from "../engines/registry.js";
import { SearchLayerError } from "../errors.js";

export interface EngineSelection {
  names: string[];
  /** Where the choice came from, for the reply's warnings. */
  source: "request" | "WEBSIFT_ENGINES" | "config" | "embedded default";
}

function checkNames(names: string[], field: string): string[] {
  names.forEach((name, index) => {
    if (!ENGINES.has(name)) {
      throw new SearchLayerError("invalid_request", `\`${field}[${index}]\` names an unknown engine "${name}"; known engines: ${[...ENGINES.keys()].join(", ")}.`, {
        details: { field: `${field}[${index}]` },
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
  if (requested && requested.length > 0) return { names: checkNames(requested, "engines"), source: "request" };
  const fromEnv = env["WEBSIFT_ENGINES"]?.split(",").map((name) => name.trim()).filter(Boolean);
  if (fromEnv && fromEnv.length > 0) return { names: checkNames(fromEnv, "WEBSIFT_ENGINES"), source: "WEBSIFT_ENGINES" };
  if (config.default_engines && config.default_engines.length > 0) return { names: checkNames(config.default_engines, "default_engines"), source: "config" };
  const names = [...ENGINES.values()]
    .filter((engine) => {
      if (engine.name === "searxng") return Boolean(searxngOverride ?? config.searxng_url);
      if (engine.kind === "keyed") return engine.availability(engineSettings(engine.name, config, env)).configured;
      return engine.inDefaultSet;
    })
    .map((engine) => engine.name);
  return { names, source: "embedded default" };
}
