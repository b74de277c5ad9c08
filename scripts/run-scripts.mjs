#!/usr/bin/env node
// Runs the named package.json scripts one after another (`node scripts/run-scripts.mjs lint knip
// test:packages`), every one of them even when an earlier one failed, so a lint failure never
// stops the tests (each package still writes the vitest report .ci/summarize-vitest.mjs counts);
// exits 1 when any of them failed, after naming which. Used by `pnpm test`.
import { spawnSync } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write("Usage: node scripts/run-scripts.mjs <script> [<script> ...]\n");
  process.exit(2);
}

const failed = [];
for (const script of scripts) {
  const run = spawnSync("pnpm", ["run", script], { stdio: "inherit" });
  // Interrupted (Ctrl-C reaches the whole process group): stop here rather than start the next one.
  if (run.signal) process.kill(process.pid, run.signal);
  if (run.error) process.stderr.write(`pnpm run ${script} could not be started: ${run.error.message}\n`);
  if (run.status !== 0) failed.push(script);
}

if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.map((script) => `pnpm ${script}`).join(", ")} (of ${scripts.join(", ")}).\n`);
  process.exitCode = 1;
}
