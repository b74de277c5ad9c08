// Extract workers started before the CLI has loaded its own modules. A worker's start-up (a Node environment
// plus the extract core, ~0.25 s on a 2-core machine) otherwise begins only once the main thread has loaded
// the contracts (~0.1 s) and read the first page; started first, the two overlap. The pool adopts a started
// worker in place of a new one (worker-runner.ts). Imports only Node's own modules and the pool's defaults,
// so starting costs the caller almost nothing.
import { Worker } from "node:worker_threads";
import { DEFAULT_MAX_HEAP_MB, defaultWorkerCount } from "./pool-options.js";

// The worker always runs compiled JavaScript: from dist/ next to this file, or, when this module is loaded
// from src/ as TypeScript (vitest), from the package's dist/ (tests run after the build).
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("../../dist/pool/extract-worker.js", import.meta.url)
  : new URL("./extract-worker.js", import.meta.url);

export interface StartedWorker {
  worker: Worker;
  /** True once the worker has posted `{ ready: true }` (its modules are loaded). */
  ready: boolean;
}

interface Prestarted extends StartedWorker {
  heapMb: number;
  /** The worker exited or failed before a pool took it. */
  dead: boolean;
  detach(): void;
}

const prestarted: Prestarted[] = [];

/** `jsonLines`: the worker will read raw --jsonl lines, so it loads what that takes before it is ready. */
export function startWorker(heapMb: number, jsonLines = false): Worker {
  return new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: heapMb }, workerData: { jsonLines } });
}

/**
 * Starts `count` workers with a `heapMb` heap for a pool created later in this process. They do not keep the
 * process alive while no pool has taken them, so a run that ends early (a usage error) just exits.
 */
export function prestartWorkers(count: number, heapMb: number, jsonLines = false): void {
  for (let i = 0; i < count; i++) {
    const worker = startWorker(heapMb, jsonLines);
    const entry: Prestarted = { worker, ready: false, heapMb, dead: false, detach: () => {} };
    // Until a pool attaches its own listeners, the ready message and any failure are recorded here.
    const onMessage = (message: unknown): void => {
      if (message && typeof message === "object" && "ready" in message) entry.ready = true;
    };
    const onGone = (): void => {
      entry.dead = true;
    };
    worker.on("message", onMessage);
    worker.on("error", onGone);
    worker.on("exit", onGone);
    // After the listeners: adding one refs the worker's port again.
    worker.unref();
    entry.detach = () => {
      worker.off("message", onMessage);
      worker.off("error", onGone);
      worker.off("exit", onGone);
    };
    prestarted.push(entry);
  }
}

/**
 * The workers the CLI's pool will use for these arguments (cli.ts): the default count for --jsonl, one for a
 * single page, none for --help. Called by bin/websift-extract.js before it loads dist/cli.js.
 * @public
 */
export function prestartCliWorkers(argv: readonly string[]): void {
  if (argv.includes("--help") || argv.includes("-h")) return;
  const jsonLines = argv.includes("--jsonl");
  prestartWorkers(jsonLines ? defaultWorkerCount() : 1, DEFAULT_MAX_HEAP_MB, jsonLines);
}

/**
 * A started worker with this heap limit, handed over once (the caller attaches its listeners and refs it as
 * needed), or null. Started workers with another limit are stopped: nothing in this process will take them.
 */
export function takePrestartedWorker(heapMb: number): StartedWorker | null {
  while (prestarted.length > 0) {
    const entry = prestarted.shift()!;
    entry.detach();
    if (!entry.dead && entry.heapMb === heapMb) return { worker: entry.worker, ready: entry.ready };
    void entry.worker.terminate();
  }
  return null;
}

/** How many started workers no pool has taken yet. */
export function prestartedWorkerCount(): number {
  return prestarted.length;
}
