// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * The central list of error codes. Adding a code is a MINOR change; removing or renaming one is MAJOR.
 *
 * This interface was referenced by `Envelope`'s JSON-Schema
 * via the `definition` "error_code".
 */
export type ErrorCode =
  | "invalid_request"
  | "invalid_config"
  | "not_configured"
  | "internal_error"
  | "output_invalid"
  | "refused"
  | "timeout"
  | "too_large"
  | "blocked"
  | "rate_limited"
  | "auth_failed"
  | "quota_exhausted"
  | "http_error"
  | "network_error"
  | "dns_failed"
  | "redirect_loop"
  | "unsupported_content"
  | "not_in_archive"
  | "parse_failed"
  | "engines_failed"
  | "empty_content"
  | "not_found"
  | "store_locked"
  | "store_corrupt"
  | "handle_collision"
  | "not_available"
  | "extract_timeout"
  | "unauthorized"
  | "busy"
  | "browser_unavailable"
  | "store_unavailable";

/**
 * The one reply wrapper of every websift entry point. `data` holds the contract's response (see that contract's `$defs.response`); `ok` is false exactly when `error` is set, and `data` may still carry a partial or diagnostic report then.
 */
export interface Envelope {
  /**
   * Name of the contract the reply belongs to, e.g. `fetch`; it is the schema file's base name.
   */
  contract: string;
  /**
   * The `x-contract-version` of the contract schema the producer implements.
   */
  contract_version: string;
  /**
   * True when the entry point delivered what was asked; false when `error` explains why not.
   */
  ok: boolean;
  /**
   * The contract's response payload, or null when nothing could be produced. Validated against the contract's `$defs.response`.
   */
  data: {
    [k: string]: unknown;
  };
  /**
   * Why the call failed; null when `ok` is true.
   */
  error: EnvelopeError | null;
  /**
   * Facts about this call that are not part of the answer.
   */
  meta: EnvelopeMeta;
}
/**
 * A failure described for a program and a person: a stable code, one sentence, and whether retrying may help.
 *
 * This interface was referenced by `Envelope`'s JSON-Schema
 * via the `definition` "error".
 */
export interface EnvelopeError {
  /**
   * Stable machine-readable code from the central list.
   */
  code: ErrorCode;
  /**
   * One sentence naming the operation, the target and what to do; never a stack trace.
   */
  message: string;
  /**
   * True when the same request may succeed later without changes.
   */
  retryable: boolean;
  /**
   * Structured context, e.g. `field` for invalid_request or `retry_after_s` for rate_limited.
   */
  details?: {
    [k: string]: unknown;
  };
}
/**
 * Per-call facts: who answered, how long it took, the id to quote in a report, and warnings.
 *
 * This interface was referenced by `Envelope`'s JSON-Schema
 * via the `definition` "meta".
 */
export interface EnvelopeMeta {
  /**
   * The layer package that produced the reply.
   */
  layer: EnvelopeMetaLayer;
  /**
   * Wall-clock time spent inside the entry point, in milliseconds.
   */
  elapsed_ms: number;
  /**
   * Unique id of this call, for logs and bug reports.
   */
  request_id: string;
  /**
   * Things the caller should know that did not stop the call.
   */
  warnings: string[];
}
/**
 * The layer package that produced the reply.
 */
export type EnvelopeMetaLayer = "contracts" | "fetch" | "search" | "extract" | "format" | "store" | "agent-io";
