// One fetch's view of the shared state on Redis. Redis is an optimisation of politeness and speed, never a
// dependency: any failure makes this fetch carry on locally (uncached, limited by the local host limiter)
// with one warning, and the next fetch tries Redis again.
import type { Redis } from "ioredis";
import { describeRedisFailure, describeRedisUrl, sharedRedisClient } from "./redis-connection.js";

/**
 * After a failure, skip Redis for this long: while it is down each fetch would otherwise wait for a
 * reconnect attempt (up to the 1 s connect timeout, or 2 s for a hung server) at every step.
 */
const SKIP_AFTER_FAILURE_MS = 1_000;
const failedAt = new Map<string, { at: number; reason: string }>();

export interface SharedFetchState {
  readonly url: string;
  /** Runs one Redis operation; undefined when Redis failed now or moments ago (this fetch then stays local). */
  attempt<T>(operation: (client: Redis) => Promise<T>): Promise<T | undefined>;
}

export function openSharedFetchState(url: string, warn: (message: string) => void): SharedFetchState {
  let downForThisFetch = false;
  const fallBack = (reason: string): undefined => {
    if (!downForThisFetch) {
      downForThisFetch = true;
      warn(`redis_unavailable: the shared fetch state at ${describeRedisUrl(url)} did not answer (${reason}); this fetch ran without the shared cache and host limits (local limiter only).`);
    }
    return undefined;
  };
  return {
    url,
    async attempt<T>(operation: (client: Redis) => Promise<T>): Promise<T | undefined> {
      if (downForThisFetch) return undefined;
      const recent = failedAt.get(url);
      if (recent !== undefined && Date.now() - recent.at < SKIP_AFTER_FAILURE_MS) return fallBack(recent.reason);
      try {
        const result = await operation(await sharedRedisClient(url));
        failedAt.delete(url);
        return result;
      } catch (error) {
        const reason = describeRedisFailure(error);
        failedAt.set(url, { at: Date.now(), reason });
        return fallBack(reason);
      }
    },
  };
}
