import type { Envelope, FetchRequest, FetchResponse } from "@websift/contracts";
import type { SearchConfig } from "../config/load-config.js";
import { engineSettings } from "../config/load-config.js";
import { ENGINES } from "../engines/registry.js";
import { emptyRun, type EngineRun, type TimeRange } from "../engines/port.js";

export interface EngineRunOptions {
  query: string;
  limit: number;
  timeRange: TimeRange | undefined;
  language: string | undefined;
  searxngUrl: string | undefined;
  config: SearchConfig;
  env: NodeJS.ProcessEnv;
  stateDir: string;
  fetch(request: FetchRequest): Promise<Envelope<FetchResponse>>;
}

export interface TimedRun {
  run: EngineRun;
  elapsed_ms: number;
}

/** Run one engine; an adapter that throws is a defect, reported as that engine's failure, never as "no results". */
export async function runEngine(name: string, options: EngineRunOptions): Promise<TimedRun> {
  const started = performance.now();
  const engine = ENGINES.get(name)!;
  const settings = engineSettings(name, options.config, options.env, name === "searxng" && options.searxngUrl ? { base_url: options.searxngUrl } : {});
  let run: EngineRun;
  if (!settings.enabled) {
    run = emptyRun(name, "not_configured", `${name} is disabled in ${options.config.file ?? "the config"}; set engines.${name}.enabled: true to use it.`);
  } else {
    const availability = engine.availability(settings);
    if (!availability.configured) {
      run = emptyRun(name, "not_configured", availability.detail);
    } else {
      try {
        run = await engine.search({
          query: options.query,
          limit: options.limit,
          timeRange: options.timeRange,
          language: options.language,
          settings,
          fetch: options.fetch,
          stateDir: options.stateDir,
        });
      } catch (error) {
        run = emptyRun(name, "parse_failed", `The ${name} adapter failed while reading the reply: ${(error as Error).message}.`);
      }
    }
  }
  return { run, elapsed_ms: Math.round((performance.now() - started) * 1000) / 1000 };
}
