#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ so start-up skips a TypeScript loader.
import { fileURLToPath } from "node:url";
import { hasHeapLimitFlag, relaunchUnderLongRunFlags } from "./node-flags.js";

const args = process.argv.slice(2);
process.exitCode = await run(args);

async function run(argv) {
  // --jsonl can run for a whole corpus, so it runs under the heap settings of node-flags.js; one page does
  // not need them and skips the second start-up.
  if (argv.includes("--jsonl") && !hasHeapLimitFlag()) {
    try {
      return await relaunchUnderLongRunFlags(fileURLToPath(import.meta.url), argv);
    } catch {
      // No child process to be had: run here, with Node's default heap settings.
    }
  }
  // The workers start before the CLI loads its own modules, so their start-up overlaps the main thread's.
  const { prestartCliWorkers } = await import("../dist/pool/worker-prestart.js");
  prestartCliWorkers(argv);
  const { runCli } = await import("../dist/cli.js");
  return runCli(argv);
}
