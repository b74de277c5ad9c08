import { statSync, readFileSync } from "node:fs";
import { summarizeIssues, validateContractValue } from "@websift/contracts";
import { parse as parseYaml } from "yaml";
import { AgentIoError } from "../errors.js";
import type { OperatorSettings } from "./operator-settings.js";

function checkPolicyFile(path: string): void {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, "utf8")) ?? {};
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : (error as Error).message;
    throw new AgentIoError("invalid_config", `Cannot read the policy file ${path} (--policy): ${reason}.`, { field: "policy" });
  }
  const checked = validateContractValue("search-policy", undefined, raw);
  if (!checked.valid) throw new AgentIoError("invalid_config", `${summarizeIssues(`The policy file ${path} (--policy) is invalid`, checked.issues)}.`, { field: "policy" });
}

function checkSearxngUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AgentIoError("invalid_config", `--searxng-url must be an absolute http(s) URL such as http://127.0.0.1:8888, got "${value}".`, { field: "searxng_url" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AgentIoError("invalid_config", `--searxng-url must use http or https, got ${url.protocol.replace(/:$/, "")}.`, { field: "searxng_url" });
  }
}

function checkRedisUrl(value: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:")) {
    throw new AgentIoError("invalid_config", `--redis-url must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0, got "${value.replace(/\/\/[^@/]*@/, "//***@")}".`, { field: "redis_url" });
  }
}

function checkStoreDir(path: string): void {
  try {
    if (!statSync(path).isDirectory()) throw new AgentIoError("invalid_config", `The store directory ${path} (--store) exists but is not a directory.`, { field: "store" });
  } catch (error) {
    if (error instanceof AgentIoError) throw error;
    // A directory that does not exist yet is created by the store on first write.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new AgentIoError("invalid_config", `Cannot use the store directory ${path} (--store): ${(error as Error).message}.`, { field: "store" });
  }
}

// The fetch contract's rule for one entry: a host name, an IPv4 address or a bracketed IPv6 address, then an optional port.
const PRIVATE_HOST_ENTRY = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

function checkAllowedPrivateHosts(entries: string[]): void {
  for (const entry of entries) {
    if (!PRIVATE_HOST_ENTRY.test(entry)) {
      throw new AgentIoError("invalid_config", `--allow-private-host must be HOST or HOST:PORT (an IPv6 address in brackets), e.g. wiki.internal or 127.0.0.1:8080, got "${entry}".`, { field: "allow_private_host" });
    }
  }
}

/**
 * Check the operator's settings once, before a long-running server accepts its first call, so a
 * missing policy or a malformed URL stops `websift mcp` / `websift serve` with a clear message
 * instead of failing every request later.
 */
export function checkOperatorSettings(settings: OperatorSettings): void {
  if (settings.policyFile !== undefined) checkPolicyFile(settings.policyFile);
  if (settings.searxngUrl !== undefined) checkSearxngUrl(settings.searxngUrl);
  if (settings.storeDir !== undefined) checkStoreDir(settings.storeDir);
  if (settings.redisUrl !== undefined) checkRedisUrl(settings.redisUrl);
  if (settings.allowedPrivateHosts !== undefined) checkAllowedPrivateHosts(settings.allowedPrivateHosts);
  if (settings.engines !== undefined && settings.engines.length === 0) throw new AgentIoError("invalid_config", "--engines names no engine; give a comma-separated list such as duckduckgo,wikipedia.", { field: "engines" });
}

/**
 * The engines named by --engines exist (asked of the search layer's backend list, which touches no
 * network), so a typo stops `websift mcp` / `websift serve` at start-up like it stops `websift search`.
 */
export async function checkOperatorEngines(settings: OperatorSettings): Promise<void> {
  if (!settings.engines) return;
  const { listSearchBackends } = await import("@websift/search");
  const listed = await listSearchBackends({});
  const known = new Set((listed.data?.backends ?? []).map((backend) => backend.name));
  if (known.size === 0) return;
  const unknown = settings.engines.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new AgentIoError("invalid_config", `--engines names unknown engine${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; known: ${[...known].join(", ")}.`, { field: "engines" });
}
