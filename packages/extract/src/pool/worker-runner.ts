// A small pool of extract worker threads. Each page runs under a wall-clock budget: past it the worker is
// terminated (a page that spins in a regular expression or a cubic DOM walk cannot be interrupted any other
// way) and a fresh one takes the next page. Idle workers are unref'd and retired, so an idle pool never
// keeps the process alive.
import { Worker } from "node:worker_threads";
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";
import { ExtractLayerError, type ExtractErrorCode } from "../errors.js";
import type { ResolvedPoolOptions } from "./pool-options.js";
import type { WorkerError, WorkerJob, WorkerReply } from "./worker-protocol.js";

// The worker always runs compiled JavaScript: from dist/ next to this file, or, when this module is loaded
// from src/ as TypeScript (vitest), from the package's dist/ (tests run after the build).
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("../../dist/pool/extract-worker.js", import.meta.url)
  : new URL("./extract-worker.js", import.meta.url);

interface Job {
  id: number;
  request: ExtractRequest;
  resolve(result: HandlerResult<ExtractResponse>): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** True once the worker has loaded its modules; the page's budget starts then. */
  ready: boolean;
  job: Job | null;
  budget?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

export class WorkerRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ResolvedPoolOptions) {}

  run(request: ExtractRequest): Promise<HandlerResult<ExtractResponse>> {
    if (this.closed) return Promise.reject(new ExtractLayerError("internal_error", "The extract pool is closed; create a new one to extract more pages."));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = (): ExtractLayerError => new ExtractLayerError("internal_error", "The extract pool was closed before the page was extracted.");
    for (const job of this.queue.splice(0)) job.reject(closedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) this.release(slot)?.reject(closedError());
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length >= this.options.workers) return;
        slot = this.spawn();
      }
      clearTimeout(slot.idle);
      slot.job = this.queue.shift()!;
      // A page in flight keeps the process alive; the caller is waiting for it.
      slot.worker.ref();
      if (slot.ready) this.send(slot);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb } });
    const slot: Slot = { worker, ready: false, job: null };
    worker.on("message", (reply: WorkerReply | { ready: true }) => {
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.job) this.send(slot);
        else this.idle(slot);
      } else {
        this.onReply(slot, reply);
      }
    });
    worker.on("error", (error: Error & { code?: string }) => this.onCrash(slot, error));
    worker.on("exit", (code) => this.onCrash(slot, new Error(`the worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private send(slot: Slot): void {
    const job = slot.job!;
    slot.budget = setTimeout(() => this.onTimeout(slot), this.options.timeoutMs);
    const message: WorkerJob = { id: job.id, request: job.request, maxInputBytes: this.options.maxInputBytes };
    slot.worker.postMessage(message);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.job?.id !== reply.id) return;
    const job = this.release(slot)!;
    this.idle(slot);
    if ("result" in reply) job.resolve(reply.result);
    else job.reject(toLayerError(reply.error));
    this.dispatch();
  }

  private onTimeout(slot: Slot): void {
    const job = this.release(slot);
    this.retire(slot);
    job?.reject(
      new ExtractLayerError("extract_timeout", `Extracting ${job.request.url} took longer than its budget of ${this.options.timeoutMs} ms; the worker was stopped.`, {
        details: { url: job.request.url, timeout_ms: this.options.timeoutMs },
      }),
    );
    this.dispatch();
  }

  /** A worker that died (out of memory, a crash, an exit we did not ask for) fails its page; the next page gets a new one. */
  private onCrash(slot: Slot, error: Error & { code?: string }): void {
    const job = this.release(slot);
    this.retire(slot);
    if (job) {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        job.reject(
          new ExtractLayerError("too_large", `Extracting ${job.request.url} needed more than the worker's ${this.options.maxHeapMb} MB heap; the worker was stopped.`, {
            details: { url: job.request.url, max_heap_mb: this.options.maxHeapMb },
          }),
        );
      } else {
        job.reject(new Error(`the extract worker failed on ${job.request.url}: ${error.message}`));
      }
    }
    this.dispatch();
  }

  /** Detaches the slot's job and stops its budget. */
  private release(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    clearTimeout(slot.budget);
    return job;
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    slot.idle = setTimeout(() => this.retire(slot), this.options.idleMs);
    slot.idle.unref();
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.idle);
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
  }
}

function toLayerError(error: WorkerError): Error {
  if (error.code === undefined) return new Error(error.message);
  return new ExtractLayerError(error.code as ExtractErrorCode, error.message, error.details ? { details: error.details } : undefined);
}
