import os from "node:os";
import path from "node:path";
import { StoreLayerError } from "../errors.js";

export interface PageStoreOptions {
  /** Store directory; default env WEBSIFT_STORE_DIR, else the user cache dir. Ignored in memory. */
  dir?: string;
  inMemory?: boolean;
  /**
   * Keep the pages in Redis at this URL instead of a directory (shared by every process given it).
   * Default env WEBSIFT_REDIS_URL when neither `dir` nor `inMemory` is given.
   */
  redisUrl?: string;
  /** Seconds a page stays after it was (re-)added. Default 7 days. */
  ttl_s?: number;
  /** Size cap over page files; least-recently-used pages go first. Default 256 MiB. */
  max_bytes?: number;
  /** How long a writer waits for another writer's lock before store_locked. Default 5000. */
  lock_timeout_ms?: number;
  /** Clock in ms since epoch (tests). */
  now?: () => number;
  /** Told what the store skipped instead of failing (damaged page files, malformed manifest entries). */
  onWarning?: (message: string) => void;
}

export interface ResolvedPageStoreOptions {
  /** null in memory and on Redis. */
  dir: string | null;
  inMemory: boolean;
  redisUrl: string | null;
  ttl_s: number;
  max_bytes: number;
  lock_timeout_ms: number;
  now: () => number;
  onWarning: (message: string) => void;
}

export const DEFAULT_TTL_S = 7 * 24 * 60 * 60;
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;

const KNOWN_KEYS = new Set(["dir", "inMemory", "redisUrl", "ttl_s", "max_bytes", "lock_timeout_ms", "now", "onWarning"]);

/** `$WEBSIFT_STORE_DIR`, else `$XDG_CACHE_HOME/websift/store`, else `~/.cache/websift/store`. */
export function defaultStoreDir(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.WEBSIFT_STORE_DIR?.trim();
  if (explicit) return explicit;
  const cacheHome = env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), ".cache");
  return path.join(cacheHome, "websift", "store");
}

const REDIS_URL = /^rediss?:\/\/\S+$/;

/**
 * Where pages live, most explicit first: memory, a Redis URL, a directory, then the environment
 * (WEBSIFT_REDIS_URL before WEBSIFT_STORE_DIR, so one variable moves a deployment's store to Redis).
 */
function chooseRedisUrl(options: PageStoreOptions, env: NodeJS.ProcessEnv): string | null {
  if (options.inMemory === true) return null;
  if (options.redisUrl !== undefined) {
    if (typeof options.redisUrl !== "string" || !REDIS_URL.test(options.redisUrl)) throw invalid("redisUrl", "redisUrl must be a redis:// or rediss:// URL");
    return options.redisUrl;
  }
  if (options.dir !== undefined) return null;
  const fromEnv = env.WEBSIFT_REDIS_URL?.trim();
  if (!fromEnv) return null;
  if (!REDIS_URL.test(fromEnv)) {
    throw new StoreLayerError("invalid_config", "Cannot open store: WEBSIFT_REDIS_URL must be a redis:// or rediss:// URL.", { details: { variable: "WEBSIFT_REDIS_URL" } });
  }
  return fromEnv;
}

function invalid(field: string, message: string): StoreLayerError {
  return new StoreLayerError("invalid_request", `Cannot open store: ${message}.`, { details: { field } });
}

function positiveNumber(value: unknown, field: string, fallback: number, integer: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw invalid(field, `${field} must be a positive ${integer ? "integer" : "number"}`);
  }
  return value;
}

/** Normalises options once, rejecting unknown keys so a typo never silently means "default". */
export function resolvePageStoreOptions(options: PageStoreOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedPageStoreOptions {
  for (const key of Object.keys(options)) {
    if (!KNOWN_KEYS.has(key)) throw invalid(key, `unknown option "${key}"`);
  }
  if (options.dir !== undefined && (typeof options.dir !== "string" || options.dir.trim() === "")) {
    throw invalid("dir", "dir must be a non-empty path");
  }
  if (options.now !== undefined && typeof options.now !== "function") throw invalid("now", "now must be a function");
  if (options.onWarning !== undefined && typeof options.onWarning !== "function") throw invalid("onWarning", "onWarning must be a function");
  const inMemory = options.inMemory === true;
  const redisUrl = chooseRedisUrl(options, env);
  return {
    dir: inMemory || redisUrl !== null ? null : path.resolve(options.dir ?? defaultStoreDir(env)),
    inMemory,
    redisUrl,
    ttl_s: positiveNumber(options.ttl_s, "ttl_s", DEFAULT_TTL_S, false),
    max_bytes: positiveNumber(options.max_bytes, "max_bytes", DEFAULT_MAX_BYTES, true),
    lock_timeout_ms: options.lock_timeout_ms === 0 ? 0 : positiveNumber(options.lock_timeout_ms, "lock_timeout_ms", DEFAULT_LOCK_TIMEOUT_MS, true),
    now: options.now ?? Date.now,
    onWarning: options.onWarning ?? (() => undefined),
  };
}
