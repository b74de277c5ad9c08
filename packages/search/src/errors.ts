import type { ErrorCode } from "@websift/contracts";

export type SearchErrorCode = Extract<ErrorCode, "invalid_request" | "invalid_config" | "not_configured" | "internal_error" | "engines_failed" | "not_found">;

/** The search layer's one error type; `code` comes from the central list in envelope.schema.json. */
export class SearchLayerError extends Error {
  override readonly name = "SearchLayerError";
  readonly code: SearchErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: SearchErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }
}
