// A small pool of extract worker threads. Each page has one deadline, counted from the call: waiting for a
// worker and running both spend it. A page still waiting at its deadline is answered `busy` (retryable);
// a running one has its worker terminated (a page that spins in a regular expression or a cubic DOM walk
// cannot be interrupted any other way) and is answered `extract_timeout`, and a fresh worker takes the next
// page. Only a worker's own start-up (loading its modules) does not count: the clock stops for it. The
// queue is bounded and served smallest page first, so a small page behind heavy ones starts as soon as a
// worker frees and never waits past its own deadline. Idle workers are unref'd and retired, so
// an idle pool never keeps the process alive.
import type { Worker } from "node:worker_threads";
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";
import { ExtractLayerError, type ExtractErrorCode } from "../errors.js";
import type { ResolvedPoolOptions } from "./pool-options.js";
import type { LineAnswer, WorkerError, WorkerJob, WorkerReply } from "./worker-protocol.js";
import { startWorker, takePrestartedWorker } from "./worker-prestart.js";

// How long a worker's start-up may hold a page's clock before the page is answered `busy` anyway.
const STARTUP_BACKSTOP_MS = 10_000;

/** What a job carries to its worker: a checked request, or a raw --jsonl line the worker reads itself. */
type Payload = { request: ExtractRequest } | { line: Uint8Array; lineNumber: number; format: string | null; queuedAt: number };

interface Job {
  id: number;
  payload: Payload;
  /** How messages name the page: its URL, or "line N" for a line not yet parsed. */
  name: string;
  /** The page in an error's details: `{ url }` or `{ line }`. */
  where: Record<string, unknown>;
  /** Characters of the page, for smallest-first service. */
  size: number;
  enqueuedAt: number;
  deadline: number;
  /** When a worker began on it. */
  startedAt?: number;
  /** Budget left when it was handed to a worker still starting (start-up is the pool's cost, not the page's). */
  pausedWith?: number;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve(result: HandlerResult<ExtractResponse> | LineAnswer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** True once the worker has loaded its modules. */
  ready: boolean;
  job: Job | null;
  idle?: NodeJS.Timeout;
}

export class WorkerRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  /** `jsonLines`: this runner is fed raw --jsonl lines (runLine), so its new workers load that reader first. */
  constructor(
    private readonly options: ResolvedPoolOptions,
    private readonly jsonLines = false,
  ) {}

  run(request: ExtractRequest, signal?: AbortSignal): Promise<HandlerResult<ExtractResponse>> {
    const where = { url: request.url };
    return this.enqueue({ request }, request.url, where, pageSize(request), signal) as Promise<HandlerResult<ExtractResponse>>;
  }

  /**
   * One --jsonl line (UTF-8 bytes, transferred to the worker: `line` is unusable here afterwards), answered
   * with its serialised Envelope. The worker validates it, so a malformed line is answered, never thrown;
   * what the pool itself refuses (busy, extract_timeout, a crash) rejects as for run().
   */
  runLine(line: Uint8Array, lineNumber: number, format: string | null): Promise<LineAnswer> {
    const queuedAt = performance.timeOrigin + performance.now();
    return this.enqueue({ line, lineNumber, format, queuedAt }, `line ${lineNumber}`, { line: lineNumber }, line.byteLength) as Promise<LineAnswer>;
  }

  private enqueue(payload: Payload, name: string, where: Record<string, unknown>, size: number, signal?: AbortSignal): Promise<HandlerResult<ExtractResponse> | LineAnswer> {
    if (this.closed) return Promise.reject(new ExtractLayerError("internal_error", "The extract pool is closed; create a new one to extract more pages."));
    if (signal?.aborted) return Promise.reject(cancelled(name, where, signal));
    if (this.queue.length >= this.options.maxQueue && !this.slots.some((s) => s.job === null) && this.slots.length >= this.options.workers) {
      const retryAfter = this.retryAfterSeconds();
      return Promise.reject(
        new ExtractLayerError(
          "busy",
          `The extract pool is full: ${this.options.workers} worker(s) busy and ${this.queue.length} page(s) waiting, its limit; ${name} was not queued. Retry after ${retryAfter} s.`,
          { retryable: true, details: { ...where, queued: this.queue.length, max_queue: this.options.maxQueue, workers: this.options.workers, retry_after_s: retryAfter } },
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const now = performance.now();
      const job: Job = { id: this.nextId++, payload, name, where, size, enqueuedAt: now, deadline: now + this.options.timeoutMs, resolve, reject };
      job.timer = setTimeout(() => this.onDeadline(job), this.options.timeoutMs);
      if (signal) {
        job.signal = signal;
        job.onAbort = () => this.onAbort(job);
        signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = (): ExtractLayerError => new ExtractLayerError("internal_error", "The extract pool was closed before the page was extracted.");
    for (const job of this.queue.splice(0)) this.settle(job)?.reject(closedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.idle);
      const job = this.release(slot);
      if (job) this.settle(job)?.reject(closedError());
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length >= this.options.workers) return;
        slot = this.spawn();
      }
      const job = this.takeNext();
      if (!job) return;
      clearTimeout(slot.idle);
      slot.job = job;
      // A page in flight keeps the process alive; the caller is waiting for it.
      slot.worker.ref();
      if (slot.ready) this.send(slot);
      else this.pause(job);
    }
  }

  /**
   * A page handed to a worker that is still loading its modules keeps the budget it had: the clock stops
   * until the worker is ready, with a backstop should the start-up itself hang.
   */
  private pause(job: Job): void {
    clearTimeout(job.timer);
    job.pausedWith = Math.max(0, job.deadline - performance.now());
    job.timer = setTimeout(() => this.onDeadline(job), job.pausedWith + STARTUP_BACKSTOP_MS);
  }

  /**
   * The smallest waiting page (the earliest of equals). A page whose remaining budget is too short to read
   * anything is answered `busy` instead: starting it would only cost a worker.
   */
  private takeNext(): Job | undefined {
    const minimumRun = Math.min(1000, this.options.timeoutMs / 10);
    while (this.queue.length > 0) {
      let best = 0;
      for (let i = 1; i < this.queue.length; i++) if (this.queue[i]!.size < this.queue[best]!.size) best = i;
      const job = this.queue.splice(best, 1)[0]!;
      if (job.deadline - performance.now() >= minimumRun) return job;
      this.waitedTooLong(job);
    }
    return undefined;
  }

  private spawn(): Slot {
    // A worker the CLI started before loading its modules (worker-prestart.ts), when there is one.
    const started = takePrestartedWorker(this.options.maxHeapMb);
    const worker = started?.worker ?? startWorker(this.options.maxHeapMb, this.jsonLines);
    const slot: Slot = { worker, ready: started?.ready ?? false, job: null };
    worker.on("message", (reply: WorkerReply | { ready: true }) => {
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.job) this.send(slot);
        else {
          this.idle(slot);
          this.dispatch();
        }
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
    job.startedAt = performance.now();
    if (job.pausedWith !== undefined) {
      clearTimeout(job.timer);
      job.deadline = job.startedAt + job.pausedWith;
      job.timer = setTimeout(() => this.onDeadline(job), job.pausedWith);
    }
    const { maxInputBytes } = this.options;
    if ("line" in job.payload) {
      const { line, lineNumber, format, queuedAt } = job.payload;
      const message: WorkerJob = { id: job.id, line, lineNumber, format, maxInputBytes, queuedAt };
      slot.worker.postMessage(message, [line.buffer as ArrayBuffer]);
    } else {
      const message: WorkerJob = { id: job.id, request: job.payload.request, maxInputBytes };
      slot.worker.postMessage(message);
    }
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.job?.id !== reply.id) return;
    const job = this.settle(this.release(slot)!);
    this.idle(slot);
    if (job) {
      if ("result" in reply) job.resolve(reply.result);
      else if ("answer" in reply) job.resolve(reply.answer);
      else job.reject(toLayerError(reply.error));
    }
    this.dispatch();
  }

  /** The page's deadline: `busy` if it never started, `extract_timeout` (and a stopped worker) if it was running. */
  private onDeadline(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.waitedTooLong(job);
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    this.release(slot);
    if (job.startedAt === undefined) {
      // Its worker is still starting; it stays and takes the next page when ready.
      this.waitedTooLong(job);
    } else {
      this.retire(slot);
      // The budget spent before the page started: queueing, not a worker's start-up.
      const waited = Math.max(0, Math.round(this.options.timeoutMs - (job.deadline - job.startedAt)));
      this.settle(job)?.reject(
        new ExtractLayerError(
          "extract_timeout",
          `Extracting ${job.name} took longer than its budget of ${this.options.timeoutMs} ms (${waited} ms of it waiting for a worker); the worker was stopped.`,
          { details: { ...job.where, timeout_ms: this.options.timeoutMs, waited_ms: waited } },
        ),
      );
    }
    this.dispatch();
  }

  /** A page that could not start before its deadline: `busy`, retry when the earliest running page must end. */
  private waitedTooLong(job: Job): void {
    const waited = Math.round(performance.now() - job.enqueuedAt);
    const retryAfter = this.retryAfterSeconds();
    this.settle(job)?.reject(
      new ExtractLayerError(
        "busy",
        `The extract pool was busy: ${job.name} waited ${waited} ms in the queue for one of ${this.options.workers} worker(s) and could not start within its budget of ${this.options.timeoutMs} ms. Retry after ${retryAfter} s.`,
        { retryable: true, details: { ...job.where, timeout_ms: this.options.timeoutMs, waited_ms: waited, workers: this.options.workers, retry_after_s: retryAfter } },
      ),
    );
  }

  /** A caller that gave up: a waiting page is dropped, a running one has its worker stopped. */
  private onAbort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    if (slot) {
      this.release(slot);
      if (job.startedAt !== undefined) this.retire(slot);
    }
    this.settle(job)?.reject(cancelled(job.name, job.where, job.signal!));
    this.dispatch();
  }

  /** Seconds until the earliest running page must have ended (its deadline), at least 1. */
  private retryAfterSeconds(): number {
    const now = performance.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const slot of this.slots) if (slot.job) earliest = Math.min(earliest, slot.job.deadline - now);
    return Number.isFinite(earliest) ? Math.max(1, Math.ceil(earliest / 1000)) : 1;
  }

  /** A worker that died (out of memory, a crash, an exit we did not ask for) fails its page; the next page gets a new one. */
  private onCrash(slot: Slot, error: Error & { code?: string }): void {
    const released = this.release(slot);
    this.retire(slot);
    const job = released ? this.settle(released) : null;
    if (job) {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        job.reject(
          new ExtractLayerError("too_large", `Extracting ${job.name} needed more than the worker's ${this.options.maxHeapMb} MB heap; the worker was stopped.`, {
            details: { ...job.where, max_heap_mb: this.options.maxHeapMb },
          }),
        );
      } else {
        job.reject(new Error(`the extract worker failed on ${job.name}: ${error.message}`));
      }
    }
    this.dispatch();
  }

  /** Detaches the slot's job. */
  private release(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    return job;
  }

  /** Ends a job's deadline timer and abort listener; null when it was already answered. */
  private settle(job: Job): Job | null {
    if (job.timer === undefined) return null;
    clearTimeout(job.timer);
    job.timer = undefined;
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    return job;
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.idle);
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

function pageSize(request: ExtractRequest): number {
  return "html" in request ? request.html.length : Math.ceil((request.body_base64.length * 3) / 4);
}

/** The caller's abort: its own coded reason when it gave one, else a plain cancellation. */
function cancelled(name: string, where: Record<string, unknown>, signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof ExtractLayerError) return reason;
  return new ExtractLayerError("internal_error", `Extracting ${name} was cancelled by its caller before it finished.`, { details: { ...where, cancelled: true } });
}

function toLayerError(error: WorkerError): Error {
  if (error.code === undefined) return new Error(error.message);
  return new ExtractLayerError(error.code as ExtractErrorCode, error.message, error.details ? { details: error.details } : undefined);
}
