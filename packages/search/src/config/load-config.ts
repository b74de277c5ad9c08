import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { EngineSettings } from "../engines/port.js";
import { SearchLayerError } from "../errors.js";
import { userConfigDir } from "./paths.js";
import { keyProblem } from "./placeholder-key.js";

/** One engine's section of config.yaml. */
interface EngineConfigSection {
  enabled?: boolean;
  base_url?: string;
  api_key_file?: string;
  daily_budget?: number;
  timeout_ms?: number;
}

export interface SearchConfig {
  file: string | null;
  searxng_url: string | undefined;
  /** Engines used when a request names none. */
  default_engines: string[] | undefined;
  /** Opt-in: engine -> the engine to ask when it fails. Always reported in the reply. */
  fallbacks: Record<string, string>;
  engines: Record<string, EngineConfigSection>;
}

const DEFAULT_ENGINE_TIMEOUT_MS = 8000;
const ENGINE_KEYS = new Set(["enabled", "base_url", "api_key_file", "daily_budget", "timeout_ms"]);

function configError(file: string, field: string, what: string): SearchLayerError {
  return new SearchLayerError("invalid_config", `${file}: \`${field}\` ${what}.`, { details: { field, file } });
}

function readEngineSection(file: string, name: string, value: unknown): EngineConfigSection {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw configError(file, `engines.${name}`, "must be a mapping");
  const section = value as Record<string, unknown>;
  for (const key of Object.keys(section)) {
    if (!ENGINE_KEYS.has(key)) throw configError(file, `engines.${name}.${key}`, `is not a known setting (known: ${[...ENGINE_KEYS].join(", ")})`);
  }
  if (section["enabled"] !== undefined && typeof section["enabled"] !== "boolean") throw configError(file, `engines.${name}.enabled`, "must be true or false");
  for (const key of ["base_url", "api_key_file"]) {
    if (section[key] !== undefined && typeof section[key] !== "string") throw configError(file, `engines.${name}.${key}`, "must be a string");
  }
  for (const key of ["daily_budget", "timeout_ms"]) {
    const number = section[key];
    if (number !== undefined && (!Number.isInteger(number) || (number as number) < 0)) throw configError(file, `engines.${name}.${key}`, "must be a whole number >= 0");
  }
  return section as EngineConfigSection;
}

/**
 * Read `config.yaml` from the user config dir (read on every call, so a SearXNG URL or key added
 * later is seen without a restart) and the environment. A missing file is an empty config.
 */
export function loadSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  const dir = userConfigDir(env);
  const file = join(dir, "config.yaml");
  let raw: Record<string, unknown> = {};
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = parseYaml(readFileSync(file, "utf8"));
    } catch (error) {
      throw new SearchLayerError("invalid_config", `${file} is not valid YAML: ${(error as Error).message}.`, { details: { file } });
    }
    if (parsed !== null && parsed !== undefined) {
      if (typeof parsed !== "object" || Array.isArray(parsed)) throw configError(file, "(root)", "must be a mapping");
      raw = parsed as Record<string, unknown>;
    }
  }
  for (const key of Object.keys(raw)) {
    // allowed_private_hosts is read by agent-io (the operator's single private hosts); the file is shared.
    if (!["searxng_url", "engines", "default_engines", "fallbacks", "allowed_private_hosts"].includes(key)) {
      throw configError(file, key, "is not a known setting (known: searxng_url, default_engines, engines, fallbacks, allowed_private_hosts)");
    }
  }
  const engines: Record<string, EngineConfigSection> = {};
  const enginesRaw = raw["engines"];
  if (enginesRaw !== undefined) {
    if (enginesRaw === null || typeof enginesRaw !== "object" || Array.isArray(enginesRaw)) throw configError(file, "engines", "must be a mapping of engine name to settings");
    for (const [name, section] of Object.entries(enginesRaw as Record<string, unknown>)) engines[name] = readEngineSection(file, name, section);
  }
  const defaults = raw["default_engines"];
  if (defaults !== undefined && (!Array.isArray(defaults) || defaults.some((name) => typeof name !== "string"))) throw configError(file, "default_engines", "must be a list of engine names");
  const fallbacksRaw = raw["fallbacks"] ?? {};
  if (fallbacksRaw === null || typeof fallbacksRaw !== "object" || Array.isArray(fallbacksRaw) || Object.values(fallbacksRaw).some((name) => typeof name !== "string")) {
    throw configError(file, "fallbacks", "must map an engine name to the engine that answers when it fails, e.g. `duckduckgo: brave`");
  }
  const searxngFromFile = raw["searxng_url"];
  if (searxngFromFile !== undefined && typeof searxngFromFile !== "string") throw configError(file, "searxng_url", "must be a URL string");
  return {
    file: existsSync(file) ? file : null,
    searxng_url: env["WEBSIFT_SEARXNG_URL"] || env["SEARXNG_URL"] || (searxngFromFile as string | undefined) || undefined,
    default_engines: defaults as string[] | undefined,
    fallbacks: fallbacksRaw as Record<string, string>,
    engines,
  };
}

function readKeyFile(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Resolve one engine's settings: config section, environment and key file; placeholder keys are dropped here. */
export function engineSettings(name: string, config: SearchConfig, env: NodeJS.ProcessEnv = process.env, overrides: { base_url?: string } = {}): EngineSettings {
  const section = config.engines[name] ?? {};
  let apiKey: string | undefined;
  let problem: string | undefined;
  const keyFile = name === "brave" ? (section.api_key_file ?? join(userConfigDir(env), "brave.key")) : undefined;
  if (keyFile !== undefined) {
    const candidate = env["BRAVE_SEARCH_API_KEY"] ?? readKeyFile(keyFile);
    problem = keyProblem(candidate);
    apiKey = problem ? undefined : candidate;
  }
  const baseUrl = overrides.base_url ?? (name === "searxng" ? config.searxng_url : undefined) ?? section.base_url;
  // The operator's User-Agent for every engine request; unset, the fetch layer's own honest one is sent.
  const userAgent = env["WEBSIFT_USER_AGENT"]?.trim() || undefined;
  if (userAgent !== undefined && /[\u0000-\u001f\u007f]/.test(userAgent)) {
    throw new SearchLayerError("invalid_config", "WEBSIFT_USER_AGENT holds a control character (a header value is one line of printable text).", { details: { field: "WEBSIFT_USER_AGENT" } });
  }
  return {
    base_url: baseUrl,
    api_key: apiKey,
    key_problem: problem,
    enabled: section.enabled ?? name !== "brave",
    timeout_ms: section.timeout_ms ?? DEFAULT_ENGINE_TIMEOUT_MS,
    daily_budget: section.daily_budget,
    user_agent: userAgent,
    config_file: config.file ?? join(userConfigDir(env), "config.yaml"),
    ...(keyFile !== undefined ? { key_file: keyFile } : {}),
  };
}
