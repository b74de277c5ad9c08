// What a fetch does with the shared host state before it sends: take one of the host's shared slots
// (the cap on requests in flight across instances) and respect a Retry-After another instance was given.
import { randomUUID } from "node:crypto";
import { pendingHostBackoffMs } from "./host-backoff.js";
import { returnHostLease, takeHostLease } from "./host-pacing.js";
import type { SharedFetchState } from "./shared-state.js";

/** How often a request waiting for a full host's slot asks again. */
const LEASE_POLL_MS = 25;

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

/**
 * A function that waits for a shared slot at a host and resolves with its release. The lease lasts
 * `leaseMs` (the request's own time budget), so a process that dies mid-request frees the slot then.
 * Redis unavailable: no shared slot, the local concurrency cap (host-limiter.ts) is what remains.
 */
export function sharedHostPacer(shared: SharedFetchState, perHostConcurrency: number, leaseMs: number, signal: AbortSignal): (host: string) => Promise<() => void> {
  return async (host) => {
    const token = randomUUID();
    for (;;) {
      const taken = await takeHostLease(shared, host, perHostConcurrency, leaseMs, token);
      if (taken === undefined) return () => {};
      if (taken) return () => void returnHostLease(shared, host, token);
      await abortableSleep(LEASE_POLL_MS, signal);
    }
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
