import { errorEnvelope, okEnvelope, createRequestId, type Envelope, type EnvelopeHeader, type FailureInput, type Layer } from "./envelope.js";
import { CONTRACT_VERSIONS, type ContractName } from "./generated/schemas.js";
import { isErrorCode } from "./error-codes.js";
import { summarizeIssues, validateContractValue } from "./validate.js";

export interface EntryPointContext {
  request_id: string;
  /** Aborted when the caller gave up (an MCP cancellation, a closed connection): stop the work in flight. */
  signal: AbortSignal | undefined;
  /** Tell the caller how far the work is (engines answered, pages read); a no-op when nobody listens. */
  progress(message: string): void;
  /** Add a warning to the reply's `meta.warnings`. */
  warn(message: string): void;
}

/** What a handler returns: the response data, or a failure that may carry a diagnostic report. */
export type HandlerResult<TResponse> = { data: TResponse } | { failure: FailureInput<TResponse> };

export interface EntryPointDefinition<TRequest, TResponse> {
  contract: ContractName;
  layer: Layer;
  /** Definition names inside the contract; default `request` and `response`. */
  requestDefinition?: string;
  responseDefinition?: string;
  handle(request: TRequest, context: EntryPointContext): Promise<HandlerResult<TResponse>>;
}

export interface EntryPointCallOptions {
  request_id?: string;
  signal?: AbortSignal;
  /** Called with one line per step of a long operation (an MCP client's progress notifications). */
  onProgress?: (message: string) => void;
}

export type EntryPoint<TResponse> = (input: unknown, options?: EntryPointCallOptions) => Promise<Envelope<TResponse>>;

interface CodedError {
  code: string;
  message: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
}

function isCodedError(error: unknown): error is Error & CodedError {
  if (!(error instanceof Error) || !("code" in error)) return false;
  const code: unknown = error.code;
  return typeof code === "string" && isErrorCode(code);
}

/**
 * Wrap a layer's handler as a contract entry point: request JSON in, Envelope out.
 * Input is validated before the handler runs, output after; thrown errors become error Envelopes
 * (a layer error keeps its code, anything else is `internal_error`), never stack traces.
 */
export function defineEntryPoint<TRequest, TResponse>(definition: EntryPointDefinition<TRequest, TResponse>): EntryPoint<TResponse> {
  const requestDefinition = definition.requestDefinition ?? "request";
  const responseDefinition = definition.responseDefinition ?? "response";
  return async (input, options = {}) => {
    const warnings: string[] = [];
    const header: EnvelopeHeader = {
      contract: definition.contract,
      contract_version: CONTRACT_VERSIONS[definition.contract],
      layer: definition.layer,
      request_id: options.request_id ?? createRequestId(),
      started_at: performance.now(),
      warnings,
    };
    const checked = validateContractValue(definition.contract, requestDefinition, input);
    if (!checked.valid) {
      return errorEnvelope<TResponse>(header, {
        code: "invalid_request",
        message: summarizeIssues(`Invalid ${definition.contract} request`, checked.issues),
        details: { field: checked.issues[0]?.field, issues: checked.issues },
      });
    }
    let result: HandlerResult<TResponse>;
    try {
      result = await definition.handle(input as TRequest, {
        request_id: header.request_id!,
        signal: options.signal,
        progress: options.onProgress ?? (() => {}),
        warn: (message) => warnings.push(message),
      });
    } catch (error) {
      return errorEnvelope<TResponse>(header, failureOfThrown(definition.layer, error));
    }
    const data = "data" in result ? result.data : (result.failure.data ?? null);
    if (data !== null && data !== undefined) {
      const produced = validateContractValue(definition.contract, responseDefinition, data);
      if (!produced.valid) {
        return errorEnvelope<TResponse>(header, {
          code: "output_invalid",
          message: summarizeIssues(`The ${definition.layer} layer built a reply that breaks its own contract`, produced.issues),
          details: { field: produced.issues[0]?.field, issues: produced.issues },
        });
      }
    }
    return "data" in result ? okEnvelope(header, result.data) : errorEnvelope(header, result.failure);
  };
}

/**
 * What an entry point answers for an error its handler threw: a layer error keeps its code, retryable flag
 * and details; anything else is `internal_error`, named as a defect, never a stack trace. Exported for
 * callers that run a handler's work outside defineEntryPoint (a worker pool answering raw input lines).
 */
export function failureOfThrown(layer: Layer, error: unknown): FailureInput<never> {
  if (isCodedError(error)) {
    const failure: FailureInput<never> = { code: error.code as FailureInput<never>["code"], message: error.message };
    if (error.retryable !== undefined) failure.retryable = error.retryable;
    if (error.details !== undefined) failure.details = error.details;
    return failure;
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: "internal_error",
    message: `The ${layer} layer failed unexpectedly: ${message}. This is a websift defect; please report it with the request id.`,
  };
}
