// Messages between the extract pool and its workers (structured-cloned, so plain data only).
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";

export interface WorkerJob {
  id: number;
  request: ExtractRequest;
  maxInputBytes: number;
}

/** A layer error crosses the thread boundary as its code, message and details. */
export interface WorkerError {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
}

export type WorkerReply = { id: number; result: HandlerResult<ExtractResponse> } | { id: number; error: WorkerError };
