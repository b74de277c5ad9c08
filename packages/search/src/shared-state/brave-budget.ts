// Brave's daily budget and 1 request/second spacing on Redis: one atomic script checks the day's count,
// counts this request and reserves its start time on Redis's clock, so processes on several machines
// spend one budget between them and never send two requests within a second.
import type { Redis } from "ioredis";
import { braveBudgetKey, braveStampKey } from "./redis-keys.js";
import type { SharedSearchState } from "./shared-scope.js";

/** The count outlives its day by a day, so `websift engines` just after midnight UTC can still read it. */
const BUDGET_EXPIRY_S = 2 * 24 * 60 * 60;

// KEYS[1] the day's count, KEYS[2] the next start; ARGV[1] the budget (-1: none), ARGV[2] the spacing in ms,
// ARGV[3] the count's expiry. Returns {allowed (0/1), used today, ms to wait}.
const RESERVE_BRAVE_REQUEST = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local budget = tonumber(ARGV[1])
if budget >= 0 and used >= budget then return {0, used, 0} end
used = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[2])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
redis.call('SET', KEYS[2], slot + interval, 'PX', slot + interval - now + 1000)
return {1, used, slot - now}
`;

type BudgetClient = Redis & { websiftReserveBrave(budgetKey: string, stampKey: string, budget: number, intervalMs: number, expiryS: number): Promise<[number, number, number]> };
const defined = new WeakSet<Redis>();

function budgetClient(client: Redis): BudgetClient {
  // defineCommand sends EVALSHA and loads the script again after a Redis restart (NOSCRIPT).
  if (!defined.has(client)) {
    client.defineCommand("websiftReserveBrave", { numberOfKeys: 2, lua: RESERVE_BRAVE_REQUEST });
    defined.add(client);
  }
  return client as BudgetClient;
}

export type SharedBraveReservation = { allowed: true; used_today: number; wait_ms: number } | { allowed: false; used_today: number };

/** Reserves one Brave request; undefined when Redis is unavailable (the caller falls back to its file). */
export async function reserveSharedBraveRequest(shared: SharedSearchState, utcDay: string, budget: number | undefined, intervalMs: number): Promise<SharedBraveReservation | undefined> {
  const reply = await shared.attempt((client) => budgetClient(client).websiftReserveBrave(braveBudgetKey(utcDay), braveStampKey(), budget ?? -1, intervalMs, BUDGET_EXPIRY_S));
  if (reply === undefined) return undefined;
  const [allowed, used, wait] = reply;
  return allowed === 1 ? { allowed: true, used_today: used, wait_ms: wait } : { allowed: false, used_today: used };
}

/** Requests counted today and the last start, as `websift engines` shows them; undefined when Redis is unavailable. */
export async function readSharedBraveUsage(shared: SharedSearchState, utcDay: string, intervalMs: number): Promise<{ requests: number; last_request_ms: number | null } | undefined> {
  const reply = await shared.attempt((client) => client.mget(braveBudgetKey(utcDay), braveStampKey()));
  if (reply === undefined) return undefined;
  const [count, next] = reply;
  return { requests: Number(count ?? 0), last_request_ms: next === null || next === undefined ? null : Number(next) - intervalMs };
}
