import { isRetryableByDefault } from "@websift/contracts";

/** Error codes the store layer can report; a subset of the central websift list. */
export type StoreErrorCode =
  | "invalid_request"
  | "invalid_config"
  | "internal_error"
  | "not_found"
  | "store_locked"
  | "store_corrupt"
  | "handle_collision"
  | "store_unavailable";

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

  /**
   * From the central list: a lock held by another writer is worth retrying as-is, and so is a Redis
   * that is down or slow (it comes back; the failed call changed nothing). store_unavailable is named
   * here too because the contracts package's default list predates it.
   */
  get retryable(): boolean {
    return this.code === "store_unavailable" || isRetryableByDefault(this.code);
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
