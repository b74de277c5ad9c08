import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

// V8 settings for long runs of the CLI (--jsonl: a whole corpus in one process), shared with the benchmark.
//
// Why: between pages the live heap is 15-30 MB, yet a plain loop over the 1,497 WCXB dev pages peaked at
// 290-960 MB RSS. V8 sets the next old-space limit to live size x a growing factor of up to 4 when the heap
// limit is >= 2 GB (Node's default on a large machine is ~4 GB); a full GC that happens to land while a
// multi-MB page is in flight sets a limit of ~280 MB, which then fills with garbage before the next one.
// A 1 GB limit caps the factor at ~1.6 (V8 scales it down with the limit), for a peak of ~200-330 MB at the
// same CPU cost; 1 GB is still ~15x the old space the largest dev page needs (5 MB of HTML, ~60 MB).
//
// V8's helper threads (concurrent GC marking, background compiling; Node starts 4) compete with the extract
// workers (min(2, cores), pool-options.ts) for the cores, so they get the cores the workers leave, at least one
// and never more than Node's 4. On 2 cores, 1 instead of 4: 120 dev pages through --jsonl in 8.07 s instead of
// 8.52 s (mean of 6 alternating runs each; CPU 15.5 s instead of 16.2 s).
const EXTRACT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
const V8_HELPER_THREADS = Math.max(1, Math.min(4, availableParallelism() - EXTRACT_WORKERS));
//
// Each worker is a fresh V8 isolate that compiles the same hot code with TurboFan on its own, on that one
// helper thread: over 120 dev pages the helper thread used ~2.7 s of CPU, more than half a worker's. A larger
// interrupt budget (600 KB of bytecode executed before a function's hotness is checked, V8's default is
// 132 KB) optimises fewer functions that only run a few times: same Envelopes, and on 2 cores 120 pages in
// 6.15 s instead of 7.10 s (CPU 10.6 s instead of 12.5 s, 5 alternating runs each), all 1,497 in ~4% less
// time (docs/BENCHMARK.md).
export const LONG_RUN_NODE_FLAGS = ["--max-old-space-size=1024", `--v8-pool-size=${V8_HELPER_THREADS}`, "--interrupt-budget=614400"];

const HEAP_FLAG = /--max[-_]old[-_]space[-_]size/;
const POOL_SIZE_FLAG = /--v8[-_]pool[-_]size/;

/** True when this process already runs under a chosen heap limit (ours, or the user's, which wins). */
export function hasHeapLimitFlag() {
  return process.execArgv.some((a) => HEAP_FLAG.test(a)) || HEAP_FLAG.test(process.env.NODE_OPTIONS ?? "");
}

const RELAYED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs `script args` in a child Node under LONG_RUN_NODE_FLAGS (V8 reads heap limits only at start-up) with
 * this process's stdio, and settles with its exit status. The child does all the work; this process only
 * relays signals, so its own memory stays that of an idle Node. Rejects when the child cannot be started.
 */
export function relaunchUnderLongRunFlags(script, args) {
  // Handlers go in before the spawn: a signal that lands while spawn() returns would otherwise take the
  // default action, kill this process and leave the child running as an orphan.
  let child = null;
  const relay = (signal) => child?.kill(signal);
  for (const signal of RELAYED_SIGNALS) process.on(signal, relay);
  // The user's own flags win: theirs on the command line come after ours; one in NODE_OPTIONS would lose to
  // ours on the command line, so ours is left out then.
  const userPoolSize = POOL_SIZE_FLAG.test(process.env.NODE_OPTIONS ?? "");
  const ours = LONG_RUN_NODE_FLAGS.filter((flag) => !(userPoolSize && POOL_SIZE_FLAG.test(flag)));
  child = spawn(process.execPath, [...ours, ...process.execArgv, script, ...args], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      for (const signal of RELAYED_SIGNALS) process.off(signal, relay);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      for (const signal of RELAYED_SIGNALS) process.off(signal, relay);
      // Die of the same signal, so callers see what the child saw.
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}
