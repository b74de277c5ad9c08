// The engines' rate-limit waits and last outcomes on Redis: what one instance learned (Stack Exchange asked
// for a backoff; DuckDuckGo blocked us) every instance knows.
import type { Redis } from "ioredis";
import { engineStatusKey, engineWaitKey } from "./redis-keys.js";
import type { SharedSearchState } from "./shared-scope.js";

// Keeps the longer of two waits: only replaced when the new one ends later than the one running.
const RECORD_LONGER_WAIT = `
if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

type WaitClient = Redis & { websiftRecordWait(key: string, value: string, ms: number): Promise<number> };
const defined = new WeakSet<Redis>();

function waitClient(client: Redis): WaitClient {
  if (!defined.has(client)) {
    client.defineCommand("websiftRecordWait", { numberOfKeys: 1, lua: RECORD_LONGER_WAIT });
    defined.add(client);
  }
  return client as WaitClient;
}

/** The wait's remaining ms and reason (null when none runs), or undefined when Redis is unavailable. */
export async function readSharedEngineWait(shared: SharedSearchState, engine: string): Promise<{ remainingMs: number; reason: string } | null | undefined> {
  const reply = await shared.attempt(async (client) => {
    const [value, ttl] = await Promise.all([client.get(engineWaitKey(engine)), client.pttl(engineWaitKey(engine))]);
    return { value, ttl };
  });
  if (reply === undefined) return undefined;
  if (reply.value === null || reply.ttl <= 0) return null;
  let reason = "the service asked for a wait";
  try {
    const parsed = JSON.parse(reply.value) as { reason?: unknown };
    if (typeof parsed.reason === "string") reason = parsed.reason;
  } catch {
    // An unreadable value still holds the wait; only the reason is lost.
  }
  return { remainingMs: reply.ttl, reason };
}

/** True when recorded (or a longer wait already runs); undefined when Redis is unavailable. */
export async function recordSharedEngineWait(shared: SharedSearchState, engine: string, ms: number, reason: string, untilMs: number): Promise<boolean | undefined> {
  const reply = await shared.attempt((client) => waitClient(client).websiftRecordWait(engineWaitKey(engine), JSON.stringify({ until_ms: untilMs, reason }), Math.ceil(ms)));
  return reply === undefined ? undefined : true;
}

/** Every engine's last outcome as stored (JSON per engine), or undefined when Redis is unavailable. */
export function readSharedEngineStatus(shared: SharedSearchState): Promise<Record<string, string> | undefined> {
  return shared.attempt((client) => client.hgetall(engineStatusKey()));
}

/** One HSET for a search's engines; false when Redis is unavailable. */
export async function writeSharedEngineStatus(shared: SharedSearchState, outcomes: Record<string, unknown>): Promise<boolean> {
  const fields = Object.entries(outcomes).map(([name, value]) => [name, JSON.stringify(value)] as const);
  if (fields.length === 0) return true;
  const reply = await shared.attempt((client) => client.hset(engineStatusKey(), Object.fromEntries(fields)));
  return reply !== undefined;
}
