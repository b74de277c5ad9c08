import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./repo.js";

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

/** Run a built bin from the repo root, with config, state and cache isolated in a temp dir. */
function runBin(bin: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const home = mkdtempSync(join(tmpdir(), "websift-e2e-home-"));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, bin), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env["PATH"] ?? "", HOME: home, WEBSIFT_CONFIG_DIR: join(home, "config"), WEBSIFT_STATE_DIR: join(home, "state"), WEBSIFT_CACHE_DIR: join(home, "cache"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ status, stdout, stderr, json });
    });
  });
}

export const websift = (args: string[], env?: Record<string, string>) => runBin("packages/agent-io/bin/websift.js", args, env);
