// Worker-thread side of the extract pool: runs one page at a time and posts the handler's result back.
// The pool terminates this thread when a page overruns its budget, so nothing here needs to be cancellable.
import { parentPort } from "node:worker_threads";
import { handleExtractRequest } from "../core/handle-request.js";
import { ExtractLayerError } from "../errors.js";
import type { WorkerJob, WorkerReply } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("extract-worker.js runs only as a worker thread of createExtractPool().");

port.on("message", (job: WorkerJob) => {
  void run(job).then((reply) => port.postMessage(reply));
});
// Modules are loaded: the pool starts a page's time budget from here, not from the thread's start-up.
port.postMessage({ ready: true });

async function run(job: WorkerJob): Promise<WorkerReply> {
  try {
    return { id: job.id, result: await handleExtractRequest(job.request, job.maxInputBytes) };
  } catch (error) {
    if (error instanceof ExtractLayerError) {
      return { id: job.id, error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    }
    return { id: job.id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}
