// Retry-After shared across processes: when a host answers "wait N seconds", every instance holds off that
// host until then, instead of each learning it with a request of its own.
import { hostBackoffKey } from "./redis-keys.js";
import type { SharedFetchState } from "./shared-state.js";

/** Remaining ms of a backoff on `host` (0 when none), or undefined when Redis is unavailable. */
export async function pendingHostBackoffMs(shared: SharedFetchState, host: string): Promise<number | undefined> {
  const ttl = await shared.attempt((client) => client.pttl(hostBackoffKey(host)));
  return ttl === undefined ? undefined : Math.max(0, ttl);
}

/** Records the host's Retry-After; a longer backoff already recorded is kept (GT: only raise the expiry). */
export async function recordHostBackoff(shared: SharedFetchState, host: string, retryAfterS: number): Promise<void> {
  if (!Number.isFinite(retryAfterS) || retryAfterS <= 0) return;
  const ms = Math.round(retryAfterS * 1000);
  await shared.attempt(async (client) => {
    // SET NX then PEXPIRE GT: a fresh key gets this expiry, an existing one only a later one.
    const created = await client.set(hostBackoffKey(host), String(Date.now() + ms), "PX", ms, "NX");
    if (created !== "OK") await client.pexpire(hostBackoffKey(host), ms, "GT");
  });
}
