// The per-host politeness limiter shared by every process on one Redis: one atomic script per host key
// reserves the next start time on Redis's own clock (so instances with skewed clocks agree) and returns
// how long this request must wait for it.
import type { Redis } from "ioredis";
import { hostPaceKey } from "./redis-keys.js";
import type { SharedFetchState } from "./shared-state.js";

// next = max(now, stored next) + interval; the caller waits (slot - now). The key expires once the slot
// has passed by a margin, so idle hosts leave nothing behind.
const RESERVE_HOST_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local stored = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, stored)
redis.call('SET', KEYS[1], slot + interval, 'PX', slot + interval - now + 1000)
return slot - now
`;

type PacingClient = Redis & { websiftReserveHostSlot(key: string, intervalMs: number): Promise<number> };
const defined = new WeakSet<Redis>();

function pacingClient(client: Redis): PacingClient {
  // defineCommand sends EVALSHA and loads the script again after a Redis restart (NOSCRIPT).
  if (!defined.has(client)) {
    client.defineCommand("websiftReserveHostSlot", { numberOfKeys: 1, lua: RESERVE_HOST_SLOT });
    defined.add(client);
  }
  return client as PacingClient;
}

/**
 * The spacing between requests to one host across all processes: `per_host_concurrency` requests per
 * second, the same rate the local concurrency cap allows one process with one-second pages.
 */
export function hostIntervalMs(perHostConcurrency: number): number {
  return Math.ceil(1000 / Math.max(1, perHostConcurrency));
}

/** Reserves this request's turn at `host`; ms to wait before sending, or undefined when Redis is unavailable. */
export function reserveHostTurn(shared: SharedFetchState, host: string, intervalMs: number): Promise<number | undefined> {
  return shared.attempt((client) => pacingClient(client).websiftReserveHostSlot(hostPaceKey(host), intervalMs));
}
