import type { ErrorCode } from "./generated/envelope.js";

/** The one error type of @websift/contracts; `code` comes from the central list in envelope.schema.json. */
export class ContractsError extends Error {
  override readonly name = "ContractsError";
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }

  toJSON(): { name: string; code: ErrorCode; message: string; details?: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
