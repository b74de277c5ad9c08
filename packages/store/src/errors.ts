import { isRetryableByDefault } from "@websift/contracts";

/** Error codes the store layer can report; a subset of the central websift list. */
export type StoreErrorCode =
  | "invalid_request"
  | "invalid_config"
  | "internal_error"
  | "not_found"
  | "store_locked"
  | "store_corrupt"
  | "handle_collision";

export interface StoreLayerErrorOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error class of the store layer: a stable `code` plus a one-sentence message. */
export class StoreLayerError extends Error {
  override readonly name = "StoreLayerError";
  readonly code: StoreErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: StoreErrorCode, message: string, options: StoreLayerErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }

  /** From the central list: of the store's codes, only a lock held by another writer is worth retrying as-is. */
  get retryable(): boolean {
    return isRetryableByDefault(this.code);
  }

  toJSON(): { code: StoreErrorCode; message: string; retryable: boolean; details?: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}
