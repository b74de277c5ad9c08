import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { configFilePath } from "./config-file.js";
import type { OperatorSettings } from "./operator-settings.js";

/** One setting as `websift config` reports it: its value and who decided it. */
export interface EffectiveSetting {
  name: string;
  /** Secrets are never printed: a set key or token reads `(set)`, a Redis URL loses its password. */
  value: string | boolean | string[] | null;
  /** `flag`, `env` (then `variable` names it), `file` (the config file) or `default`. */
  source: "flag" | "env" | "file" | "default";
  variable?: string;
  /** How to change it. */
  set_with: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function fromEnv(env: Env, ...names: string[]): { variable: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { variable: name, value };
  }
  return undefined;
}

function withoutPassword(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, (_match, auth: string) => `//${auth.includes(":") ? `${auth.split(":")[0]}:***` : "***"}@`);
}

/** The config file's top-level settings, or nothing when there is no file or it cannot be read. */
function readConfigFile(path: string): Record<string, unknown> {
  try {
    const parsed = parseYaml(readFileSync(path, "utf8")) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function xdg(env: Env, variable: string, fallback: string[]): string {
  const base = env[variable];
  return base && isAbsolute(base) ? base : join(homedir(), ...fallback);
}

/**
 * Every operator setting of this invocation, resolved as the layers resolve it (flag > environment >
 * config file > default), with where each came from. Reads files, never the network.
 */
export function effectiveSettings(flags: OperatorSettings, env: Env): { config_file: string; config_file_found: boolean; settings: EffectiveSetting[] } {
  const configFile = configFilePath(env);
  const configDir = dirname(configFile);
  let found = true;
  try {
    readFileSync(configFile);
  } catch {
    found = false;
  }
  const file = readConfigFile(configFile);
  const settings: EffectiveSetting[] = [];
  const add = (setting: EffectiveSetting) => settings.push(setting);
  type Value = EffectiveSetting["value"];
  const chain = (
    name: string,
    flag: Value | undefined,
    flagName: string | undefined,
    variables: string[],
    fileKey: string | undefined,
    fallback: Value,
    setWith: string,
    fromText: (text: string) => Value = (text) => text,
  ) => {
    if (flag !== undefined && flag !== null && flagName !== undefined) return add({ name, value: flag, source: "flag", set_with: setWith });
    const environment = fromEnv(env, ...variables);
    if (environment) return add({ name, value: fromText(environment.value), source: "env", variable: environment.variable, set_with: setWith });
    if (fileKey !== undefined && file[fileKey] !== undefined && file[fileKey] !== null) {
      const value = file[fileKey];
      return add({ name, value: Array.isArray(value) ? value.map(String) : typeof value === "boolean" ? value : String(value), source: "file", set_with: setWith });
    }
    return add({ name, value: fallback, source: "default", set_with: setWith });
  };

  chain("searxng_url", flags.searxngUrl, "--searxng-url", ["WEBSIFT_SEARXNG_URL", "SEARXNG_URL"], "searxng_url", null, "--searxng-url, WEBSIFT_SEARXNG_URL (or SEARXNG_URL), searxng_url in the config file");
  chain("engines", flags.engines, "--engines", ["WEBSIFT_ENGINES"], "default_engines", "keyless engines, plus SearXNG and Brave when configured", "--engines, WEBSIFT_ENGINES, default_engines in the config file", (text) => text.split(",").map((entry) => entry.trim()).filter(Boolean));
  chain("policy_file", flags.policyFile, "--policy", [], undefined, "the packaged default policy", "--policy FILE");
  chain("redis_url", flags.redisUrl === undefined ? undefined : withoutPassword(flags.redisUrl), "--redis-url", ["WEBSIFT_REDIS_URL"], undefined, null, "--redis-url, WEBSIFT_REDIS_URL", withoutPassword);
  chain("store_dir", flags.storeDir, "--store", ["WEBSIFT_STORE_DIR"], undefined, join(xdg(env, "XDG_CACHE_HOME", [".cache"]), "websift", "store"), "--store DIR, WEBSIFT_STORE_DIR (unused while redis_url is set)");
  chain("cache_dir", undefined, undefined, ["WEBSIFT_CACHE_DIR"], undefined, join(xdg(env, "XDG_CACHE_HOME", [".cache"]), "websift", "fetch"), "WEBSIFT_CACHE_DIR");
  chain("state_dir", undefined, undefined, ["WEBSIFT_STATE_DIR"], undefined, join(xdg(env, "XDG_STATE_HOME", [".local", "state"]), "websift"), "WEBSIFT_STATE_DIR");
  add({ name: "config_dir", value: configDir, source: fromEnv(env, "WEBSIFT_CONFIG_DIR") ? "env" : "default", ...(fromEnv(env, "WEBSIFT_CONFIG_DIR") ? { variable: "WEBSIFT_CONFIG_DIR" } : {}), set_with: "WEBSIFT_CONFIG_DIR" });
  chain("allow_private_hosts", flags.allowPrivateHosts === true ? true : undefined, "--allow-private-hosts", [], undefined, false, "--allow-private-hosts");
  const list = (text: string) => text.split(",").map((entry) => entry.trim()).filter(Boolean);
  chain("allowed_private_hosts", flags.allowedPrivateHosts, "--allow-private-host", ["WEBSIFT_ALLOW_PRIVATE_HOSTS"], "allowed_private_hosts", [], "--allow-private-host HOST[:PORT] (repeatable), WEBSIFT_ALLOW_PRIVATE_HOSTS, allowed_private_hosts in the config file", list);
  chain("user_agent", undefined, undefined, ["WEBSIFT_USER_AGENT"], undefined, "websift-fetch/<version> (+project URL)", "WEBSIFT_USER_AGENT");
  chain("chromium_path", undefined, undefined, ["WEBSIFT_CHROMIUM_PATH"], undefined, "chromium, chromium-browser or google-chrome on PATH", "WEBSIFT_CHROMIUM_PATH");
  chain("browser_concurrency", undefined, undefined, ["WEBSIFT_BROWSER_CONCURRENCY"], undefined, "2", "WEBSIFT_BROWSER_CONCURRENCY");
  chain("browser_idle_ms", undefined, undefined, ["WEBSIFT_BROWSER_IDLE_MS"], undefined, "30000", "WEBSIFT_BROWSER_IDLE_MS");
  chain("mcp_tools", undefined, undefined, ["WEBSIFT_MCP_TOOLS"], undefined, "every tool", "websift mcp --tools, WEBSIFT_MCP_TOOLS");
  chain("mcp_schemas", undefined, undefined, ["WEBSIFT_MCP_SCHEMAS"], undefined, "compact", "websift mcp --schemas, WEBSIFT_MCP_SCHEMAS");
  const token = fromEnv(env, "WEBSIFT_API_TOKEN_FILE", "WEBSIFT_API_TOKEN");
  add({ name: "api_token", value: token ? (token.variable === "WEBSIFT_API_TOKEN" ? "(set)" : token.value) : null, source: token ? "env" : "default", ...(token ? { variable: token.variable } : {}), set_with: "websift serve / mcp --http --token-file FILE, WEBSIFT_API_TOKEN_FILE, WEBSIFT_API_TOKEN" });
  const braveKey = fromEnv(env, "BRAVE_SEARCH_API_KEY");
  const braveFile = join(configDir, "brave.key");
  let braveFileSet = false;
  try {
    braveFileSet = readFileSync(braveFile, "utf8").trim() !== "";
  } catch {
    braveFileSet = false;
  }
  add({
    name: "brave_api_key",
    value: braveKey || braveFileSet ? "(set)" : null,
    source: braveKey ? "env" : braveFileSet ? "file" : "default",
    ...(braveKey ? { variable: "BRAVE_SEARCH_API_KEY" } : {}),
    set_with: `BRAVE_SEARCH_API_KEY, or the key in ${braveFile} (engines.brave.api_key_file in the config file), and engines.brave.enabled: true`,
  });
  return { config_file: configFile, config_file_found: found, settings };
}
