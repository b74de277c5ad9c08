// Which Redis, if any, holds the search layer's shared state for the work in progress. The search pipeline
// opens a scope per search (its request's `redis_url`, else WEBSIFT_REDIS_URL) and the engine state modules
// read it from there, so every engine, and what runs after the reply (the engine status write), uses the
// search's own choice without threading it through the engine port. Outside a search (the engine list),
// WEBSIFT_REDIS_URL decides.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Redis } from "ioredis";
import { describeRedisFailure, describeRedisUrl, sharedRedisClient } from "./redis-connection.js";

/** After a failure, skip Redis for this long, so a search's many state calls do not each wait for a reconnect. */
const SKIP_AFTER_FAILURE_MS = 1_000;
const failedAt = new Map<string, { at: number; reason: string }>();

export interface SharedSearchState {
  readonly url: string;
  /** Runs one Redis operation; undefined when Redis is unavailable (the caller then uses its local file). */
  attempt<T>(operation: (client: Redis) => Promise<T>): Promise<T | undefined>;
  /** Says once per search that Redis was unavailable (also for a failure the fetch layer reported). */
  noteUnavailable(reason: string): void;
}

const scope = new AsyncLocalStorage<SharedSearchState | null>();

export function resolveSearchRedisUrl(explicit: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (explicit !== undefined) return explicit;
  const fromEnvironment = env["WEBSIFT_REDIS_URL"]?.trim();
  return fromEnvironment === undefined || fromEnvironment === "" ? undefined : fromEnvironment;
}

function openSharedSearchState(url: string, warn: (message: string) => void): SharedSearchState {
  let warned = false;
  const noteUnavailable = (reason: string): void => {
    if (warned) return;
    warned = true;
    warn(`redis_unavailable: the shared search state at ${describeRedisUrl(url)} did not answer (${reason}); this search used the local state files (Brave budget, engine waits and status are per machine until it is back).`);
  };
  return {
    url,
    noteUnavailable,
    async attempt<T>(operation: (client: Redis) => Promise<T>): Promise<T | undefined> {
      const recent = failedAt.get(url);
      if (recent !== undefined && Date.now() - recent.at < SKIP_AFTER_FAILURE_MS) {
        noteUnavailable(recent.reason);
        return undefined;
      }
      try {
        const result = await operation(await sharedRedisClient(url));
        failedAt.delete(url);
        return result;
      } catch (error) {
        const reason = describeRedisFailure(error);
        failedAt.set(url, { at: Date.now(), reason });
        noteUnavailable(reason);
        return undefined;
      }
    },
  };
}

/** Runs one search with its shared state (none when `url` is undefined: local files, as before). */
export function withSharedSearchState<T>(url: string | undefined, warn: (message: string) => void, work: () => Promise<T>): Promise<T> {
  return scope.run(url === undefined ? null : openSharedSearchState(url, warn), work);
}

/** The shared state of the search in progress; outside one, WEBSIFT_REDIS_URL's (warnings go nowhere). */
export function currentSharedSearchState(env: NodeJS.ProcessEnv = process.env): SharedSearchState | undefined {
  const current = scope.getStore();
  if (current !== undefined) return current ?? undefined;
  const url = resolveSearchRedisUrl(undefined, env);
  return url === undefined ? undefined : openSharedSearchState(url, () => undefined);
}
