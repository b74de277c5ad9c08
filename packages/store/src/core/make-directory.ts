import { promises as fs } from "node:fs";
import path from "node:path";

/** Deeper than any real store path; a longer chain of missing parents is refused, not walked. */
const MAX_MISSING_PARENTS = 64;

/**
 * Creates `directory` and its missing parents with at most two mkdir calls per level. Node's own
 * `mkdir({recursive: true})` never returns on paths like `/proc/1/x` (mkdir says ENOENT while the
 * parent exists, and it retries forever in the thread pool, where SIGTERM cannot reach it).
 * Errors are Node's (ENOENT, ENOTDIR, EACCES, ...); callers turn them into a store error.
 */
export async function makeDirectory(directory: string, depth = 0): Promise<void> {
  try {
    await fs.mkdir(directory);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return assertDirectory(directory, error);
    const parent = path.dirname(directory);
    if (code !== "ENOENT" || parent === directory || depth >= MAX_MISSING_PARENTS) throw error;
    await makeDirectory(parent, depth + 1);
  }
  // The parent exists now: one more try, and whatever it says is final.
  try {
    await fs.mkdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return assertDirectory(directory, error);
    throw error;
  }
}

async function assertDirectory(directory: string, cause: unknown): Promise<void> {
  const stat = await fs.stat(directory);
  if (!stat.isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: ${directory} exists and is not a directory`), { code: "ENOTDIR", cause });
  }
}
