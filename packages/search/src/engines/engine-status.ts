// The last outcome of each engine, kept so `websift engines` (and the MCP web_engines tool) can tell an agent
// which engines answered lately and which did not, across processes: in one Redis hash with a Redis URL
// (every instance), else, or while Redis is unavailable, in the state dir: one small JSON file, written
// atomically (temp file + rename); unreadable reads as "nothing known".
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readSharedEngineStatus, writeSharedEngineStatus } from "../shared-state/engine-state.js";
import { currentSharedSearchState, type SharedSearchState } from "../shared-state/shared-scope.js";

const STATUS_FILE = "engine-status.json";

/** One engine's last answer, as its report said. */
export interface EngineLastOutcome {
  outcome: string;
  detail: string | null;
  result_count: number;
  /** When the search that produced it finished, ISO 8601 UTC. */
  at: string;
}

// Writes of this process, in order: a search does not wait for its bookkeeping, and a read waits for
// the writes before it so this process always sees its own last search.
let writes: Promise<void> = Promise.resolve();

export async function readEngineStatus(stateDir: string): Promise<Record<string, EngineLastOutcome>> {
  await writes;
  const shared = currentSharedSearchState();
  const stored = shared === undefined ? undefined : await readSharedEngineStatus(shared);
  if (stored !== undefined) {
    const parsed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(stored)) {
      try {
        parsed[name] = JSON.parse(value) as unknown;
      } catch {
        // An unreadable entry is an engine nothing is known about.
      }
    }
    return validOutcomes(parsed);
  }
  return readStatusFile(stateDir);
}

function validOutcomes(parsed: unknown): Record<string, EngineLastOutcome> {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const status: Record<string, EngineLastOutcome> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, Partial<EngineLastOutcome>>)) {
    if (value && typeof value.outcome === "string" && typeof value.at === "string") {
      status[name] = { outcome: value.outcome, detail: typeof value.detail === "string" ? value.detail : null, result_count: typeof value.result_count === "number" ? value.result_count : 0, at: value.at };
    }
  }
  return status;
}

async function readStatusFile(stateDir: string): Promise<Record<string, EngineLastOutcome>> {
  try {
    return validOutcomes(JSON.parse(await readFile(join(stateDir, STATUS_FILE), "utf8")) as unknown);
  } catch {
    return {};
  }
}

// Outcomes not written yet, by destination (Redis and state dir): many searches in a burst cost one write, not one each.
const queued = new Map<string, Record<string, EngineLastOutcome>>();

/**
 * Record the engines of one search. The write is queued behind this process's earlier writes and
 * merged with outcomes still waiting; callers need not wait. Engines a search did not ask keep what
 * was known. A write that fails (read-only state dir) costs the search nothing: the status is a
 * convenience, not a result.
 */
export function recordEngineOutcomes(stateDir: string, reports: ReadonlyArray<{ name: string; outcome: string; detail: string | null; result_count?: number }>, now = new Date()): Promise<void> {
  if (reports.length === 0) return writes;
  const at = now.toISOString();
  // Taken now: the write runs after the search has answered, and must go where this search's state goes.
  const shared = currentSharedSearchState();
  const destination = `${shared?.url ?? ""}\u0000${stateDir}`;
  const waiting = queued.get(destination);
  const merged = waiting ?? {};
  for (const report of reports) merged[report.name] = { outcome: report.outcome, detail: report.detail, result_count: report.result_count ?? 0, at };
  if (waiting) return writes;
  queued.set(destination, merged);
  writes = writes.then(() => {
    queued.delete(destination);
    return writeOutcomes(stateDir, merged, shared);
  });
  return writes;
}

async function writeOutcomes(stateDir: string, outcomes: Record<string, EngineLastOutcome>, shared: SharedSearchState | undefined): Promise<void> {
  // One HSET merges with what other instances wrote; Redis unavailable: the local file, as without it.
  if (shared !== undefined && (await writeSharedEngineStatus(shared, outcomes))) return;
  try {
    const status = { ...(await readStatusFile(stateDir)), ...outcomes };
    await mkdir(stateDir, { recursive: true });
    const path = join(stateDir, STATUS_FILE);
    const temp = `${path}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, `${JSON.stringify(status)}\n`, { mode: 0o600 });
    await rename(temp, path);
  } catch {
    // See above: never fail a search over its bookkeeping.
  }
}
