// What a fetch does with the shared host state before it sends: wait its turn at the host (the shared
// limiter) and respect a Retry-After another instance was given.
import { hostIntervalMs, reserveHostTurn } from "./host-pacing.js";
import { pendingHostBackoffMs } from "./host-backoff.js";
import type { SharedFetchState } from "./shared-state.js";

/** Rejects with the signal's reason when it fires, so a deadline inside a wait becomes a `timeout`. */
function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function sharedHostPacer(shared: SharedFetchState, perHostConcurrency: number, signal: AbortSignal): (host: string) => Promise<void> {
  const interval = hostIntervalMs(perHostConcurrency);
  return async (host) => {
    // Redis unavailable: the local concurrency cap (host-limiter.ts) is what remains.
    const wait = await reserveHostTurn(shared, host, interval);
    if (wait !== undefined && wait > 0) await abortableSleep(wait, signal);
  };
}

export type BackoffDecision = { send: true } | { send: false; remainingS: number };

/**
 * A host under a shared Retry-After: wait it out when the wait is within this request's retry_after_cap_s
 * and deadline (as a retry would), otherwise do not send at all and say how long is left.
 */
export async function respectSharedBackoff(shared: SharedFetchState, host: string, retryAfterCapS: number, deadlineAt: number, signal: AbortSignal): Promise<BackoffDecision> {
  const remainingMs = await pendingHostBackoffMs(shared, host);
  if (remainingMs === undefined || remainingMs === 0) return { send: true };
  if (remainingMs <= retryAfterCapS * 1000 && Date.now() + remainingMs + 50 < deadlineAt) {
    await abortableSleep(remainingMs, signal).catch(() => undefined);
    return { send: true };
  }
  return { send: false, remainingS: Math.ceil(remainingMs / 1000) };
}
