// Waits a service asked for (Stack Exchange's `backoff`, its throttle ban), kept so the next search, in this
// process or another, does not call the service before the wait is over: in Redis with a Redis URL (every
// instance), else, or while Redis is unavailable, in the state dir: one small JSON file, written atomically
// (temp file + rename); an unreadable file reads as "no wait known".
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readSharedEngineWait, recordSharedEngineWait } from "../shared-state/engine-state.js";
import { currentSharedSearchState } from "../shared-state/shared-scope.js";

const WAITS_FILE = "engine-waits.json";

interface StoredWait {
  /** When the service lets us call again, ms since the epoch. */
  until_ms: number;
  /** The service's own reason, for the report of a skipped call. */
  reason: string;
}

async function readWaits(stateDir: string): Promise<Record<string, StoredWait>> {
  try {
    const parsed = JSON.parse(await readFile(join(stateDir, WAITS_FILE), "utf8")) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, StoredWait>) : {};
  } catch {
    return {};
  }
}

/** The wait still running for `engine`, in whole seconds (rounded up), with the reason; null when none is. */
export async function pendingEngineWait(stateDir: string, engine: string, now = Date.now()): Promise<{ seconds: number; reason: string } | null> {
  const shared = currentSharedSearchState();
  const known = shared === undefined ? undefined : await readSharedEngineWait(shared, engine);
  if (known !== undefined) return known === null ? null : { seconds: Math.ceil(known.remainingMs / 1000), reason: known.reason };
  const wait = (await readWaits(stateDir))[engine];
  if (!wait || typeof wait.until_ms !== "number" || wait.until_ms <= now) return null;
  return { seconds: Math.ceil((wait.until_ms - now) / 1000), reason: typeof wait.reason === "string" ? wait.reason : "the service asked for a wait" };
}

/** Record that `engine` may not be called for `seconds` from now; a longer wait already recorded is kept. */
export async function recordEngineWait(stateDir: string, engine: string, seconds: number, reason: string, now = Date.now()): Promise<void> {
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  const shared = currentSharedSearchState();
  if (shared !== undefined && (await recordSharedEngineWait(shared, engine, seconds * 1000, reason, now + seconds * 1000)) !== undefined) return;
  await mkdir(stateDir, { recursive: true });
  const waits = await readWaits(stateDir);
  const until = now + seconds * 1000;
  const current = waits[engine];
  if (current && typeof current.until_ms === "number" && current.until_ms >= until) return;
  waits[engine] = { until_ms: until, reason };
  const path = join(stateDir, WAITS_FILE);
  const temp = `${path}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, `${JSON.stringify(waits)}\n`, { mode: 0o600 });
  await rename(temp, path);
}
