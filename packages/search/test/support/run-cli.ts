import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BIN = resolve(import.meta.dirname, "../../bin/websift-search.js");

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

/** Run the built websift-search CLI with an empty config dir (so the machine's own config cannot leak in). */
export function runSearchCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const isolated = mkdtempSync(join(tmpdir(), "websift-search-cli-"));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: isolated,
        WEBSIFT_CONFIG_DIR: join(isolated, "config"),
        WEBSIFT_STATE_DIR: join(isolated, "state"),
        WEBSIFT_CACHE_DIR: join(isolated, "cache"),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      let json: unknown = undefined;
      try {
        json = JSON.parse(stdout);
      } catch {
        // not JSON output
      }
      resolvePromise({ status, stdout, stderr, json });
    });
  });
}
