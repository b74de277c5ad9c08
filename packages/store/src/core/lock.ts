import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import { StoreLayerError } from "../errors.js";

/** A lock file without readable content older than this is a writer that died right after creating it. */
const UNREADABLE_LOCK_STALE_MS = 5_000;
const POLL_MS = 20;
/** Stale locks broken per acquisition; more means something keeps putting one back, so stop. */
const MAX_STALE_BREAKS = 8;

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  acquired_at: string;
}

export type ReleaseLock = () => Promise<void>;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readOwner(lockPath: string): Promise<{ owner: LockOwner | null; ageMs: number } | null> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockPath, "utf8"), fs.stat(lockPath)]);
    let owner: LockOwner | null = null;
    try {
      const parsed = JSON.parse(text) as Partial<LockOwner>;
      if (typeof parsed.pid === "number" && typeof parsed.token === "string" && typeof parsed.host === "string") owner = parsed as LockOwner;
    } catch {
      owner = null;
    }
    return { owner, ageMs: Date.now() - stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isStale(found: { owner: LockOwner | null; ageMs: number }): boolean {
  if (found.owner === null) return found.ageMs > UNREADABLE_LOCK_STALE_MS;
  // A pid on another host cannot be checked; such a lock is only released by its owner.
  return found.owner.host === os.hostname() && !isProcessAlive(found.owner.pid);
}

/**
 * Breaks a stale lock without clobbering a fresh one: the lock is moved aside first, and if what was
 * moved turns out to be a new owner's lock it is linked back (link fails if yet another writer got in).
 */
async function breakStaleLock(lockPath: string, staleToken: string | null): Promise<void> {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await fs.rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readOwner(aside);
  const movedToken = moved?.owner?.token ?? null;
  if (movedToken !== staleToken) await fs.link(aside, lockPath).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

/**
 * Exclusive writer lock: an O_EXCL lock file holding pid, host and a random token. Waits up to
 * `timeoutMs` (polling), breaking locks whose owner process is gone; then fails with store_locked.
 */
export async function acquireFileLock(lockPath: string, timeoutMs: number): Promise<ReleaseLock> {
  const deadline = Date.now() + timeoutMs;
  let breaks = 0;
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    token: randomBytes(8).toString("hex"),
    acquired_at: new Date().toISOString(),
  };
  for (;;) {
    try {
      const handle = await fs.open(lockPath, "wx", 0o644);
      try {
        await handle.writeFile(JSON.stringify(owner));
      } finally {
        await handle.close();
      }
      return () => releaseFileLock(lockPath, owner.token);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw unusableLock(lockPath, error);
    }
    const found = await readOwner(lockPath).catch((error: unknown) => {
      throw unusableLock(lockPath, error);
    });
    if (found !== null && isStale(found) && breaks < MAX_STALE_BREAKS) {
      breaks += 1;
      await breakStaleLock(lockPath, found.owner?.token ?? null).catch((error: unknown) => {
        throw unusableLock(lockPath, error);
      });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new StoreLayerError("store_locked", `Cannot write to store: another writer (pid ${found?.owner?.pid ?? "unknown"}) holds ${lockPath}.`, {
        details: { lock_path: lockPath, holder_pid: found?.owner?.pid ?? null, waited_ms: timeoutMs },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.floor(Math.random() * POLL_MS)));
  }
}

/** A lock path that cannot be created or read (a directory in its place, permissions): no retry helps. */
function unusableLock(lockPath: string, cause: unknown): StoreLayerError {
  const code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
  return new StoreLayerError("invalid_config", `Cannot lock store: ${lockPath} cannot be used (${code}); remove what is in its place or make the store directory writable.`, {
    details: { lock_path: lockPath },
    cause,
  });
}

async function releaseFileLock(lockPath: string, token: string): Promise<void> {
  const found = await readOwner(lockPath);
  // Only remove our own lock: if it was (wrongly) broken and re-taken, the new owner keeps it.
  if (found?.owner?.token === token) await fs.rm(lockPath, { force: true });
}
