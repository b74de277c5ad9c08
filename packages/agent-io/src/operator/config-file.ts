import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { AgentIoError } from "../errors.js";

type Env = Readonly<Record<string, string | undefined>>;

/** `config.yaml` in WEBSIFT_CONFIG_DIR, else $XDG_CONFIG_HOME/websift, else ~/.config/websift (as the search layer finds it). */
export function configFilePath(env: Env): string {
  const explicit = env["WEBSIFT_CONFIG_DIR"]?.trim();
  if (explicit) return join(explicit, "config.yaml");
  const xdg = env["XDG_CONFIG_HOME"];
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".config"), "websift", "config.yaml");
}

/**
 * The config file's `allowed_private_hosts` (a YAML list of HOST or HOST:PORT), or undefined when the
 * file or the key is absent. A key that is not a list of strings is the operator's mistake, said here.
 */
export function configFilePrivateHosts(env: Env): string[] | undefined {
  const path = configFilePath(env);
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(path, "utf8"));
  } catch {
    // A missing file is the common case; a malformed one is reported by the search layer, which reads it too.
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const value = (parsed as Record<string, unknown>)["allowed_private_hosts"];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) {
    throw new AgentIoError("invalid_config", `allowed_private_hosts in ${path} must be a list of HOST or HOST:PORT, e.g. [wiki.internal, "127.0.0.1:8080"].`, { field: "allowed_private_hosts" });
  }
  return value.map((entry: string) => entry.trim()).filter(Boolean);
}
