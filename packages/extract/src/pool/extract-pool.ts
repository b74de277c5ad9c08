// The isolated extract entry point: the same contract as extractContent, each page extracted in a worker
// thread under a time budget and a heap limit, so no page can stall or exhaust the calling process.
import { CONTRACT_VERSIONS, createRequestId, defineEntryPoint, errorEnvelope, failureOfThrown, type EntryPoint, type ExtractRequest, type ExtractResponse } from "@websift/contracts";
import { assertInputSize } from "../core/input-size.js";
import { resolvePoolOptions, type ExtractPoolOptions } from "./pool-options.js";
import type { LineAnswer } from "./worker-protocol.js";
import { WorkerRunner } from "./worker-runner.js";

export interface ExtractPool {
  /** The extract contract entry point (ExtractRequest in, Envelope out), run in the pool's workers. */
  extract: EntryPoint<ExtractResponse>;
  /** Stops every worker; pages in flight fail. */
  close(): Promise<void>;
}

export function createExtractPool(options?: ExtractPoolOptions): ExtractPool {
  const resolved = resolvePoolOptions(options);
  const runner = new WorkerRunner(resolved);
  const extract = defineEntryPoint<ExtractRequest, ExtractResponse>({
    contract: "extract",
    layer: "extract",
    handle: (request, context) => {
      // Refused here, so an oversize page is never copied into a worker.
      assertInputSize(request, resolved.maxInputBytes);
      return runner.run(request, context.signal);
    },
  });
  return { extract, close: () => runner.close() };
}

export interface JsonLinePool {
  /**
   * One --jsonl line's Envelope, serialised: the line's UTF-8 bytes go to a worker, which parses and checks
   * them against the contract like `extract` does. `line` must own its ArrayBuffer, which is transferred.
   */
  answerLine(line: Uint8Array, lineNumber: number, format: string | null): Promise<LineAnswer>;
  close(): Promise<void>;
}

/** The pool behind `websift-extract --jsonl`: lines are read in the workers, not on the main thread. */
export function createJsonLinePool(options?: ExtractPoolOptions): JsonLinePool {
  const runner = new WorkerRunner(resolvePoolOptions(options), true);
  const answerLine = (line: Uint8Array, lineNumber: number, format: string | null): Promise<LineAnswer> => {
    const header = { contract: "extract", contract_version: CONTRACT_VERSIONS.extract, layer: "extract" as const, request_id: createRequestId(), started_at: performance.now() };
    // What the pool refuses (busy, extract_timeout, a crashed worker) is answered as the entry point would.
    return runner.runLine(line, lineNumber, format).catch((error: unknown) => {
      const envelope = errorEnvelope(header, failureOfThrown("extract", error));
      return { ok: false, text: JSON.stringify(envelope) };
    });
  };
  return { answerLine, close: () => runner.close() };
}

let defaultPool: ExtractPool | undefined;

/**
 * `extractContent` with isolation: the page is extracted in a shared default pool (min(2, cores) workers,
 * 20 s per page from the call, waiting included, 32 pages waiting at most, 10 MB per page), created on first use. Its idle workers never keep the process alive.
 */
export const extractContentIsolated: EntryPoint<ExtractResponse> = (input, options) => {
  defaultPool ??= createExtractPool();
  return defaultPool.extract(input, options);
};
