import { AgentIoError } from "../errors.js";
import { checkOperatorSettings } from "./check-operator-settings.js";
import type { OperatorSettings } from "./operator-settings.js";

const KINDS: Record<keyof OperatorSettings, "string" | "boolean" | "string[]" | "function"> = {
  storeDir: "string",
  redisUrl: "string",
  allowPrivateHosts: "boolean",
  allowedPrivateHosts: "string[]",
  searxngUrl: "string",
  policyFile: "string",
  engines: "string[]",
  onProgress: "function",
};

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return value.every((item) => typeof item === "string") ? "string[]" : "array";
  return typeof value;
}

/**
 * The embedding program's options, checked once when websift is created: unknown keys (a misspelt
 * `allowPrivateHost` would otherwise silently stay false), wrong types, a missing policy file or a
 * malformed SearXNG URL throw here rather than failing every call later.
 */
export function resolveOperatorSettings(options: unknown): OperatorSettings {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new AgentIoError("invalid_config", "createWebsift(options) takes an object of operator settings.");
  for (const [key, value] of Object.entries(options)) {
    const expected = KINDS[key as keyof OperatorSettings];
    if (!expected) throw new AgentIoError("invalid_config", `createWebsift: unknown option \`${key}\`; the options are ${Object.keys(KINDS).join(", ")}.`, { field: key });
    if (value !== undefined && kindOf(value) !== expected) throw new AgentIoError("invalid_config", `createWebsift: option \`${key}\` must be a ${expected}, got ${kindOf(value)}.`, { field: key });
  }
  const settings = options as OperatorSettings;
  checkOperatorSettings(settings);
  return settings;
}
