// Worker-thread side of the extract pool: runs one page at a time and posts the handler's result back.
// The pool terminates this thread when a page overruns its budget, so nothing here needs to be cancellable.
import { parentPort, workerData } from "node:worker_threads";
import { handleExtractRequest } from "../core/handle-request.js";
import { ExtractLayerError } from "../errors.js";
import type { WorkerJob, WorkerReply } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("extract-worker.js runs only as a worker thread of createExtractPool().");

// Reading --jsonl lines needs the contract validators (~50 ms to load): only a worker that reads lines loads
// them, at start-up when its pool says so (the CLI's), else at its first line.
let jsonLines: Promise<typeof import("./json-line.js")> | undefined;
const loadJsonLines = () => (jsonLines ??= import("./json-line.js"));

port.on("message", (job: WorkerJob) => {
  void run(job).then((reply) => port.postMessage(reply));
});
// Modules are loaded: the pool starts a page's time budget from here, not from the thread's start-up.
const preload = (workerData as { jsonLines?: boolean } | null)?.jsonLines ? loadJsonLines() : Promise.resolve();
void preload.finally(() => port.postMessage({ ready: true }));

async function run(job: WorkerJob): Promise<WorkerReply> {
  try {
    if ("line" in job) return { id: job.id, answer: await (await loadJsonLines()).answerJsonLine(job) };
    return { id: job.id, result: await handleExtractRequest(job.request, job.maxInputBytes) };
  } catch (error) {
    if (error instanceof ExtractLayerError) {
      return { id: job.id, error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    }
    return { id: job.id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}
