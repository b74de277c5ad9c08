// The format layer's one error class; `code` comes from the central error-code list.
export type FormatErrorCode = "invalid_request" | "internal_error";

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

/** Shorthand for a bad request field: the field is named in the message and in `details.field`. */
export function invalidField(field: string, problem: string): FormatLayerError {
  return new FormatLayerError("invalid_request", `format request field "${field}" ${problem}.`, { details: { field } });
}
