// The extract layer's one error class; `code` comes from the central error-code list.
export type ExtractErrorCode =
  | "invalid_request"
  | "internal_error"
  | "parse_failed"
  | "unsupported_content"
  | "empty_content"
  | "too_large"
  | "extract_timeout"
  | "busy";

export class ExtractLayerError extends Error {
  override readonly name = "ExtractLayerError";
  readonly code: ExtractErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /** Whether a retry may succeed, when the code's default is not the right answer (`busy`: yes). */
  readonly retryable: boolean | undefined;

  constructor(code: ExtractErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown>; retryable?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
    this.retryable = options?.retryable;
  }

  toJSON(): { name: string; code: ExtractErrorCode; message: string; details?: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
