// Brave is paid per request: a daily budget and a 1 request/second stamp. With a Redis URL they live in Redis
// (shared-state/brave-budget.ts: one atomic script, shared by every instance); otherwise, or while Redis is
// unavailable, in the state dir so they hold across runs and processes on this machine. File writes are
// atomic (temp file + rename) so a crash never leaves half a file, and a lock file serialises
// read-modify-write between processes that search at the same time.
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readSharedBraveUsage, reserveSharedBraveRequest } from "../shared-state/brave-budget.js";
import { currentSharedSearchState } from "../shared-state/shared-scope.js";

export const BRAVE_USAGE_FILE = "brave-usage.json";
const LOCK_FILE = "brave-usage.lock";
const MIN_INTERVAL_MS = 1000;
// A lock older than this belongs to a process that died while holding it.
const STALE_LOCK_MS = 10_000;
const LOCK_POLL_MS = 25;

export interface BraveUsageState {
  /** UTC day the count belongs to, YYYY-MM-DD: the budget resets at 00:00 UTC. */
  day: string;
  requests: number;
  /** When the last request was let through, ms since the epoch. */
  last_request_ms: number | null;
}

export type BraveReservation =
  | { allowed: true; waited_ms: number; used_today: number }
  | { allowed: false; used_today: number; budget: number };

export interface UsageClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: UsageClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

// Same-process callers (parallel query angles) queue here, so each waits for the previous stamp.
const queues = new Map<string, Promise<unknown>>();

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export async function readBraveUsage(stateDir: string, now = Date.now()): Promise<BraveUsageState | undefined> {
  const shared = currentSharedSearchState();
  if (shared !== undefined) {
    const today = utcDay(now);
    const usage = await readSharedBraveUsage(shared, today, MIN_INTERVAL_MS);
    if (usage !== undefined) return { day: today, ...usage };
  }
  try {
    const parsed = JSON.parse(await readFile(join(stateDir, BRAVE_USAGE_FILE), "utf8")) as Partial<BraveUsageState>;
    if (typeof parsed.day !== "string" || typeof parsed.requests !== "number") return undefined;
    return { day: parsed.day, requests: parsed.requests, last_request_ms: typeof parsed.last_request_ms === "number" ? parsed.last_request_ms : null };
  } catch {
    // Missing or unreadable: start a fresh count (nothing better is known).
    return undefined;
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  await rename(temp, path);
}

async function withFileLock<T>(stateDir: string, clock: UsageClock, work: () => Promise<T>): Promise<T> {
  const lockPath = join(stateDir, LOCK_FILE);
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await rm(lockPath, { force: true });
      else await clock.sleep(LOCK_POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}

async function reserveLocked(stateDir: string, budget: number | undefined, clock: UsageClock): Promise<BraveReservation> {
  const today = utcDay(clock.now());
  const stored = await readBraveUsage(stateDir);
  const state: BraveUsageState = stored && stored.day === today ? stored : { day: today, requests: 0, last_request_ms: stored?.last_request_ms ?? null };
  // The budget is checked before anything is sent: a spent budget costs nothing.
  if (budget !== undefined && state.requests >= budget) return { allowed: false, used_today: state.requests, budget };
  // Bounded wait: never more than one interval, even if the stamp is in the future (a clock that moved back).
  const wait = state.last_request_ms === null ? 0 : Math.min(MIN_INTERVAL_MS, Math.max(0, state.last_request_ms + MIN_INTERVAL_MS - clock.now()));
  if (wait > 0) await clock.sleep(wait);
  const sentAt = clock.now();
  // Counted when let through, not when answered: Brave bills requests, and a timed-out one may still count.
  const next: BraveUsageState = { day: utcDay(sentAt), requests: (utcDay(sentAt) === state.day ? state.requests : 0) + 1, last_request_ms: sentAt };
  await writeAtomically(join(stateDir, BRAVE_USAGE_FILE), `${JSON.stringify(next)}\n`);
  return { allowed: true, waited_ms: wait, used_today: next.requests };
}

/**
 * Reserve one Brave request: refuses when today's budget is spent, otherwise waits (at most 1 s) for the
 * 1 request/second spacing, stamps and counts the request, and lets it through.
 */
export async function reserveBraveRequest(stateDir: string, budget: number | undefined, clock: UsageClock = realClock): Promise<BraveReservation> {
  const shared = currentSharedSearchState();
  if (shared !== undefined) {
    const reservation = await reserveSharedBraveRequest(shared, utcDay(clock.now()), budget, MIN_INTERVAL_MS);
    if (reservation !== undefined && !reservation.allowed) return { allowed: false, used_today: reservation.used_today, budget: budget ?? 0 };
    if (reservation !== undefined) {
      // The turn is reserved on Redis's clock; several instances queue up, so the wait may exceed one interval.
      if (reservation.wait_ms > 0) await clock.sleep(reservation.wait_ms);
      return { allowed: true, waited_ms: reservation.wait_ms, used_today: reservation.used_today };
    }
  }
  await mkdir(stateDir, { recursive: true });
  const key = join(stateDir, BRAVE_USAGE_FILE);
  const previous = queues.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(() => withFileLock(stateDir, clock, () => reserveLocked(stateDir, budget, clock)));
  queues.set(key, current);
  try {
    return await current;
  } finally {
    if (queues.get(key) === current) queues.delete(key);
  }
}
