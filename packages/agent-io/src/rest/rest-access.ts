import { AgentIoError } from "../errors.js";
import { readTokenFile } from "./bearer-token.js";
import { HostCheck, parseAuthority, type HostAuthority } from "./host-check.js";
import { isLoopbackAddress } from "./loopback.js";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_REQUEST_TARGET_BYTES } from "./rest-defaults.js";

/** Who may reach the REST server, and how much it takes on: the operator's choice, never a request's. */
export interface RestAccessOptions {
  /** Bearer token every route but /healthz requires. Required when binding beyond loopback. */
  token?: string;
  /** Host names accepted beside the bound address, `NAME` (any port) or `NAME:PORT`. */
  allowedHosts?: readonly string[];
  /** Requests running at once; more get 503 busy with Retry-After (default DEFAULT_MAX_CONCURRENCY). */
  maxConcurrency?: number;
  /** Largest request body (default DEFAULT_MAX_BODY_BYTES); larger is 413. */
  maxBodyBytes?: number;
  /** Longest request target, path and query (default DEFAULT_MAX_REQUEST_TARGET_BYTES); longer is 414. */
  maxRequestTargetBytes?: number;
}

/** RestAccessOptions checked and completed once, at start-up. */
export interface ResolvedRestAccess {
  token: string | undefined;
  hostCheck: HostCheck;
  maxConcurrency: number;
  maxBodyBytes: number;
  maxRequestTargetBytes: number;
}

function positiveInteger(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new AgentIoError("invalid_config", `${name} must be a whole number from 1 to ${max}, got ${value}.`, { field: name });
  return value;
}

/**
 * Check the access options and fill in defaults. With `bindHost` (the address the server will
 * listen on), binding beyond loopback without a token is refused: anyone on the network could
 * then drive the server.
 */
const MIN_TOKEN_LENGTH = 16;

export function resolveRestAccess(options: RestAccessOptions, bindHost?: string): ResolvedRestAccess {
  const token = options.token;
  if (token !== undefined && (token.trim() === "" || /\s/.test(token))) throw new AgentIoError("invalid_config", "The API token is empty or holds whitespace; a bearer token is one word.", { field: "token" });
  // A short token is guessable over a few thousand requests; `openssl rand -hex 32` gives 64 characters.
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) throw new AgentIoError("invalid_config", `The API token has ${token.length} characters; use at least ${MIN_TOKEN_LENGTH} (e.g. openssl rand -hex 32).`, { field: "token" });
  const allowed: HostAuthority[] = (options.allowedHosts ?? []).map((entry) => {
    const parsed = parseAuthority(entry);
    if (!parsed) throw new AgentIoError("invalid_config", `--allowed-host must be NAME or NAME:PORT (e.g. websift.internal:8787), got "${entry}".`, { field: "allowed_host" });
    return parsed;
  });
  if (bindHost !== undefined && token === undefined && !isLoopbackAddress(bindHost)) {
    throw new AgentIoError(
      "invalid_config",
      `Binding to ${bindHost} reaches beyond this machine and needs an API token: set WEBSIFT_API_TOKEN, or --token-file FILE / WEBSIFT_API_TOKEN_FILE (or bind to 127.0.0.1).`,
      { field: "host" },
    );
  }
  return {
    token,
    hostCheck: new HostCheck(bindHost, allowed),
    maxConcurrency: positiveInteger("max_concurrency", options.maxConcurrency, DEFAULT_MAX_CONCURRENCY, 1024),
    maxBodyBytes: positiveInteger("max_body_bytes", options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 64 * 1024 * 1024),
    maxRequestTargetBytes: positiveInteger("max_request_target_bytes", options.maxRequestTargetBytes, DEFAULT_MAX_REQUEST_TARGET_BYTES, 16 * 1024),
  };
}

/** The `websift serve` flags that concern access; the environment fills what they leave out. */
export interface RestAccessFlags {
  tokenFile?: string;
  allowedHosts?: readonly string[];
  maxConcurrency?: number;
}

/**
 * Access options from `websift serve`'s flags and the environment (passed in, not read here):
 * the token from exactly one of --token-file, WEBSIFT_API_TOKEN_FILE or WEBSIFT_API_TOKEN;
 * allowed hosts from --allowed-host and WEBSIFT_ALLOWED_HOSTS (a comma list).
 */
export function restAccessFromFlags(flags: RestAccessFlags, env: Readonly<Record<string, string | undefined>>): RestAccessOptions {
  const sources = [
    flags.tokenFile !== undefined ? "--token-file" : undefined,
    env["WEBSIFT_API_TOKEN_FILE"] !== undefined ? "WEBSIFT_API_TOKEN_FILE" : undefined,
    env["WEBSIFT_API_TOKEN"] !== undefined ? "WEBSIFT_API_TOKEN" : undefined,
  ].filter((source): source is string => source !== undefined);
  if (sources.length > 1) throw new AgentIoError("invalid_config", `The API token is given twice (${sources.join(" and ")}); set only one.`, { field: "token" });
  let token: string | undefined;
  if (flags.tokenFile !== undefined) token = readTokenFile(flags.tokenFile, "--token-file");
  else if (env["WEBSIFT_API_TOKEN_FILE"] !== undefined) token = readTokenFile(env["WEBSIFT_API_TOKEN_FILE"], "WEBSIFT_API_TOKEN_FILE");
  else if (env["WEBSIFT_API_TOKEN"] !== undefined) {
    token = env["WEBSIFT_API_TOKEN"].trim();
    if (token === "") throw new AgentIoError("invalid_config", "WEBSIFT_API_TOKEN is set but empty; set a token or unset it.", { field: "token" });
  }
  const fromEnv = (env["WEBSIFT_ALLOWED_HOSTS"] ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  const allowedHosts = [...(flags.allowedHosts ?? []), ...fromEnv];
  return {
    ...(token !== undefined ? { token } : {}),
    ...(allowedHosts.length > 0 ? { allowedHosts } : {}),
    ...(flags.maxConcurrency !== undefined ? { maxConcurrency: flags.maxConcurrency } : {}),
  };
}
