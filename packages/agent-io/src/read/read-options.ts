// The options of one page read, from the operator's settings and the request: private access (all private
// hosts, or the operator's single hosts from createWebsift / --allow-private-host / WEBSIFT_ALLOW_PRIVATE_HOSTS)
// and whether to render in the browser tier. Private access never comes from a request.
import type { Layers } from "../layers.js";
import { configFilePrivateHosts } from "../operator/config-file.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { operatorRedisUrl } from "../operator/shared-state-layers.js";
import type { ReadOptions, RenderMode } from "./read-page.js";

/**
 * The operator's single private hosts: the settings' list (flag or createWebsift), else
 * WEBSIFT_ALLOW_PRIVATE_HOSTS (comma-separated), else `allowed_private_hosts` in the config file.
 */
function operatorPrivateHosts(operator: OperatorSettings, env: NodeJS.ProcessEnv = process.env): string[] {
  if (operator.allowedPrivateHosts !== undefined) return [...operator.allowedPrivateHosts];
  const fromEnv = (env["WEBSIFT_ALLOW_PRIVATE_HOSTS"] ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  if (fromEnv.length > 0) return fromEnv;
  return configFilePrivateHosts(env) ?? [];
}

export function pageReadOptions(operator: OperatorSettings, layers: Layers, read: { timeoutMs: number; render: RenderMode | undefined; storeDir?: string | undefined }): ReadOptions {
  return {
    layers,
    allowPrivateHosts: operator.allowPrivateHosts === true,
    allowedPrivateHosts: operatorPrivateHosts(operator),
    storeDir: "storeDir" in read ? read.storeDir : operator.storeDir,
    timeoutMs: read.timeoutMs,
    render: read.render ?? "auto",
    cachePrivatePages: operatorRedisUrl(operator.redisUrl, process.env) !== undefined,
  };
}
