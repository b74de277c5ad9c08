// The format layer's one error class; `code` comes from the central error-code list.
// Bad request fields never get here: the entry point refuses them against the schema first.
export type FormatErrorCode = "not_found" | "internal_error";

export class FormatLayerError extends Error {
  override readonly name = "FormatLayerError";
  readonly code: FormatErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: FormatErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }

  toJSON(): { name: string; code: FormatErrorCode; message: string; details?: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
