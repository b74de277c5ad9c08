import { defineEntryPoint, type FetchRequest, type FetchResponse, type HandlerResult } from "@websift/contracts";
import { fetchPage } from "./core/fetch-page.js";

function describeFailure(result: FetchResponse): string {
  const status = result.status === null ? "" : ` (HTTP ${result.status})`;
  const reason = result.block_reason ? `, ${result.block_reason}` : "";
  const detail = result.detail ? `: ${result.detail}` : "";
  return `Fetching ${result.url} ended as ${result.outcome}${status}${reason}${detail}.`;
}

/**
 * Map the core's result onto the Envelope: only `ok` is a success; every other outcome is a failure that keeps its
 * report. Whether it is retryable is left to the central list (`isRetryableByDefault` in @websift/contracts).
 */
function toHandlerResult(data: FetchResponse): HandlerResult<FetchResponse> {
  const result = data;
  if (result.outcome === "ok") return { data };
  const details: Record<string, unknown> = { outcome: result.outcome };
  if (result.retry_after_s !== null) details["retry_after_s"] = result.retry_after_s;
  if (result.block_reason) details["block_reason"] = result.block_reason;
  return {
    failure: { code: result.outcome, message: describeFailure(result), details, data },
  };
}

/** The fetch layer's contract entry point: a FetchRequest in, an Envelope out. Every HTTP request of websift goes through it. */
export const fetchUrl = defineEntryPoint<FetchRequest, FetchResponse>({
  contract: "fetch",
  layer: "fetch",
  handle: async (request, context) => {
    const result = await fetchPage(request, { warn: (message) => context.warn(message), ...(context.signal ? { signal: context.signal } : {}) });
    // What a rendered page tried and the guard refused did not stop the read, but the caller should know.
    for (const refused of result.refused_requests ?? []) context.warn(`the page's ${refused.resource_type} request to ${refused.url} was refused: ${refused.detail}`);
    return toHandlerResult(result);
  },
});
