// The isolated extract entry point: the same contract as extractContent, each page extracted in a worker
// thread under a time budget and a heap limit, so no page can stall or exhaust the calling process.
import { defineEntryPoint, type EntryPoint, type ExtractRequest, type ExtractResponse } from "@websift/contracts";
import { assertInputSize } from "../core/input-size.js";
import { resolvePoolOptions, type ExtractPoolOptions } from "./pool-options.js";
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

let defaultPool: ExtractPool | undefined;

/**
 * `extractContent` with isolation: the page is extracted in a shared default pool (min(2, cores) workers,
 * 20 s per page from the call, waiting included, 32 pages waiting at most, 10 MB per page), created on first use. Its idle workers never keep the process alive.
 */
export const extractContentIsolated: EntryPoint<ExtractResponse> = (input, options) => {
  defaultPool ??= createExtractPool();
  return defaultPool.extract(input, options);
};
