// One `--jsonl` input line, answered inside a worker: decoded, parsed, checked against the extract contract
// and extracted by the same entry point as an in-process call, its Envelope serialised here so only one
// string crosses back to the main thread.
import { defineEntryPoint, usageErrorEnvelope, type Envelope, type EntryPoint, type ExtractRequest, type ExtractResponse } from "@websift/contracts";
import { handleExtractRequest } from "../core/handle-request.js";
import type { LineAnswer, WorkerLineJob } from "./worker-protocol.js";

const entryPoints = new Map<number, EntryPoint<ExtractResponse>>();

/** The contract entry point with this pool's page limit (one per limit; a pool has one). */
function entryPointFor(maxInputBytes: number): EntryPoint<ExtractResponse> {
  let entry = entryPoints.get(maxInputBytes);
  if (!entry) {
    entry = defineEntryPoint<ExtractRequest, ExtractResponse>({ contract: "extract", layer: "extract", handle: (request) => handleExtractRequest(request, maxInputBytes) });
    entryPoints.set(maxInputBytes, entry);
  }
  return entry;
}

export async function answerJsonLine(job: WorkerLineJob): Promise<LineAnswer> {
  // elapsed_ms counts from when the pool was handed the line, as for a request the pool's entry point takes.
  const waitedMs = Math.max(0, performance.timeOrigin + performance.now() - job.queuedAt);
  let request: unknown;
  try {
    // Malformed bytes become U+FFFD, so a line is never refused for its encoding alone.
    request = JSON.parse(Buffer.from(job.line.buffer, job.line.byteOffset, job.line.byteLength).toString("utf8"));
  } catch (error) {
    return answer(usageErrorEnvelope("extract", "extract", `Line ${job.lineNumber} is not valid JSON (${(error as Error).message}).`, "line"), waitedMs);
  }
  // --format fills a line's missing `format`; a line's own value is kept, so it is validated as sent.
  if (job.format !== null && request && typeof request === "object" && !Array.isArray(request) && !("format" in request)) (request as Record<string, unknown>)["format"] = job.format;
  return answer(await entryPointFor(job.maxInputBytes)(request), waitedMs);
}

function answer(envelope: Envelope<unknown>, waitedMs: number): LineAnswer {
  envelope.meta.elapsed_ms = Math.round((envelope.meta.elapsed_ms + waitedMs) * 1000) / 1000;
  return { ok: envelope.ok, text: JSON.stringify(envelope) };
}
