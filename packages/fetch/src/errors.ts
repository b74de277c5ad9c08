// The fetch layer's one error class; `code` comes from the central error-code list.
// Network outcomes are never thrown: they come back as a result with an `outcome`.
import type { ErrorCode } from "@websift/contracts";

/** Codes this layer throws: a subset of the central list, so a typo or a retired code fails to compile. */
export type FetchErrorCode = Extract<
  ErrorCode,
  | "invalid_request" | "invalid_config" | "not_configured" | "internal_error" | "refused" | "timeout" | "too_large"
  | "blocked" | "rate_limited" | "auth_failed" | "quota_exhausted" | "http_error" | "network_error" | "dns_failed"
  | "redirect_loop" | "unsupported_content" | "not_in_archive" | "parse_failed" | "not_found"
>;

export class FetchLayerError extends Error {
  override readonly name = "FetchLayerError";
  readonly code: FetchErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: FetchErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }

  toJSON(): { name: string; code: FetchErrorCode; message: string; details?: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
