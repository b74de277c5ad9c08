// The per-host concurrency cap shared by every process on one Redis: at most `per_host_concurrency`
// requests to a host are in flight across all instances, the same cap one process keeps locally
// (host-limiter.ts). A request holds a lease in the host's sorted set (score = when it lapses, on
// Redis's own clock, so a process that dies holding one frees it at the lease's end) and removes it
// when its exchange is over. A cap on requests in flight, not a spacing: a fast self-hosted SearXNG
// answers as many searches as the cap lets through, a slow site gets no more than the cap at once.
import type { Redis } from "ioredis";
import { hostPaceKey } from "./redis-keys.js";
import type { SharedFetchState } from "./shared-state.js";

// Drop lapsed leases; take one if fewer than the cap are held. Returns 1 when taken, 0 when full.
const TAKE_HOST_LEASE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 1000)
return 1
`;

type LeaseClient = Redis & { websiftTakeHostLease(key: string, cap: number, leaseMs: number, token: string): Promise<number> };
const defined = new WeakSet<Redis>();

function leaseClient(client: Redis): LeaseClient {
  // defineCommand sends EVALSHA and loads the script again after a Redis restart (NOSCRIPT).
  if (!defined.has(client)) {
    client.defineCommand("websiftTakeHostLease", { numberOfKeys: 1, lua: TAKE_HOST_LEASE });
    defined.add(client);
  }
  return client as LeaseClient;
}

/** Takes a lease at `host`: true when taken, false when the cap is reached, undefined when Redis is unavailable. */
export async function takeHostLease(shared: SharedFetchState, host: string, cap: number, leaseMs: number, token: string): Promise<boolean | undefined> {
  const taken = await shared.attempt((client) => leaseClient(client).websiftTakeHostLease(hostPaceKey(host), Math.max(1, cap), leaseMs, token));
  return taken === undefined ? undefined : taken === 1;
}

/** Gives the lease back (best effort: an unreachable Redis lets it lapse on its own). */
export async function returnHostLease(shared: SharedFetchState, host: string, token: string): Promise<void> {
  await shared.attempt((client) => client.zrem(hostPaceKey(host), token));
}
