import type { ErrorCode } from "@websift/contracts";

/** The agent-io layer's one error type; `code` comes from the central list in envelope.schema.json. */
export class AgentIoError extends Error {
  override readonly name = "AgentIoError";
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
