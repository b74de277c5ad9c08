import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");

/** Run a command from the repo root and capture its output (no shell, no surprises with quoting). */
export function runFromRoot(command: string, args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: options.cwd ?? repoRoot,
    encoding: "utf8",
    input: options.input,
    env: { ...process.env, ...options.env },
    timeout: 120_000,
  });
}
