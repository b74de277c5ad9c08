import { randomUUID } from "node:crypto";
import type { EnvelopeError, EnvelopeMeta, ErrorCode } from "./generated/envelope.js";

export type Layer = EnvelopeMeta["layer"];

/** Every reply of every entry point. `data` is the contract's response, or null. */
export interface Envelope<TData = unknown> {
  contract: string;
  contract_version: string;
  ok: boolean;
  data: TData | null;
  error: EnvelopeError | null;
  meta: EnvelopeMeta;
}

export interface EnvelopeHeader {
  contract: string;
  contract_version: string;
  layer: Layer;
  request_id?: string;
  started_at?: number;
  warnings?: string[];
}

const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "timeout",
  "rate_limited",
  "network_error",
  "dns_failed",
  "store_locked",
  "store_unavailable",
]);

/** Whether a failure with this code may succeed on a plain retry, when the producer has no better knowledge. */
export function isRetryableByDefault(code: ErrorCode): boolean {
  return RETRYABLE_CODES.has(code);
}

export function createRequestId(): string {
  return randomUUID();
}

function buildMeta(header: EnvelopeHeader): EnvelopeMeta {
  const startedAt = header.started_at ?? performance.now();
  return {
    layer: header.layer,
    elapsed_ms: Math.max(0, Math.round((performance.now() - startedAt) * 1000) / 1000),
    request_id: header.request_id ?? createRequestId(),
    warnings: [...(header.warnings ?? [])],
  };
}

export function okEnvelope<TData>(header: EnvelopeHeader, data: TData): Envelope<TData> {
  return {
    contract: header.contract,
    contract_version: header.contract_version,
    ok: true,
    data,
    error: null,
    meta: buildMeta(header),
  };
}

export interface FailureInput<TData> {
  code: ErrorCode;
  message: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
  /** A partial or diagnostic report (e.g. a fetch reply with outcome `blocked`). */
  data?: TData | null;
}

export function errorEnvelope<TData = never>(header: EnvelopeHeader, failure: FailureInput<TData>): Envelope<TData> {
  const error: EnvelopeError = {
    code: failure.code,
    message: failure.message,
    retryable: failure.retryable ?? isRetryableByDefault(failure.code),
  };
  if (failure.details !== undefined) error.details = failure.details;
  return {
    contract: header.contract,
    contract_version: header.contract_version,
    ok: false,
    data: failure.data ?? null,
    error,
    meta: buildMeta(header),
  };
}
