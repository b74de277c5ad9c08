// Options of createExtractPool, resolved once into a complete type; unknown keys are refused.
import { availableParallelism } from "node:os";
import { ExtractLayerError } from "../errors.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../core/input-size.js";

export interface ExtractPoolOptions {
  /** Worker threads; default min(2, CPU cores). */
  workers?: number;
  /**
   * Wall-clock budget of one page from the call, waiting for a worker included, in ms; default 20,000. A page
   * still queued at its deadline is answered `busy`; one still running has its worker terminated
   * (`extract_timeout`).
   */
  timeoutMs?: number;
  /** Pages that may wait for a worker; default 32. One more is answered `busy` at once. */
  maxQueue?: number;
  /** Largest page accepted (UTF-8 bytes of `html`, decoded bytes of `body_base64`); default 10,000,000. */
  maxInputBytes?: number;
  /** V8 old-generation heap of each worker, in MB; default 1,024. A worker that runs out is replaced. */
  maxHeapMb?: number;
  /** An idle worker is stopped after this many ms; default 30,000. */
  idleMs?: number;
}

export type ResolvedPoolOptions = Required<ExtractPoolOptions>;

// 20 s: the slowest WCXB dev page takes ~2 s in one process; a page 10x slower than the worst real one
// is pathological, and an agent waiting longer than this for one page is better told so.
export const DEFAULT_TIMEOUT_MS = 20_000;
// 1 GB: the long-run CLI's heap, ~15x what the largest dev page needs (see bin/node-flags.js).
export const DEFAULT_MAX_HEAP_MB = 1024;
const DEFAULT_IDLE_MS = 30_000;
// 32 waiting pages: 16x the default workers; the REST server's gate (8 requests) never fills it, a batch
// caller that floods the pool is told to slow down rather than queue minutes of work.
const DEFAULT_MAX_QUEUE = 32;

const KEYS = new Set(["workers", "timeoutMs", "maxQueue", "maxInputBytes", "maxHeapMb", "idleMs"]);

export function resolvePoolOptions(options: ExtractPoolOptions = {}): ResolvedPoolOptions {
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) throw new ExtractLayerError("invalid_request", `createExtractPool() has no option ${key}.`, { details: { field: key } });
  }
  return {
    workers: positive("workers", options.workers, defaultWorkerCount()),
    timeoutMs: positive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxQueue: positive("maxQueue", options.maxQueue, DEFAULT_MAX_QUEUE),
    maxInputBytes: positive("maxInputBytes", options.maxInputBytes, DEFAULT_MAX_INPUT_BYTES),
    maxHeapMb: positive("maxHeapMb", options.maxHeapMb, DEFAULT_MAX_HEAP_MB),
    idleMs: positive("idleMs", options.idleMs, DEFAULT_IDLE_MS),
  };
}

/** min(2, CPU cores): more workers than cores only adds switching, and two keep both cores of a small machine busy. */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new ExtractLayerError("invalid_request", `createExtractPool() option ${name} must be a positive integer, got ${String(value)}.`, { details: { field: name } });
  }
  return value;
}
