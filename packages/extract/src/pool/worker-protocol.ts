// Messages between the extract pool and its workers (structured-cloned, so plain data only).
import type { ExtractRequest, ExtractResponse, HandlerResult } from "@websift/contracts";

/** A request the caller has already checked against the contract (the pool's entry point did). */
interface WorkerRequestJob {
  id: number;
  request: ExtractRequest;
  maxInputBytes: number;
}

/**
 * One `--jsonl` input line as raw UTF-8 bytes, transferred rather than copied. The worker decodes, parses and
 * checks it against the contract itself, and answers with the Envelope already serialised: the main thread
 * of a 2-core machine otherwise spends ~10% of a corpus run decoding, parsing and cloning pages that only
 * pass through it.
 */
export interface WorkerLineJob {
  id: number;
  line: Uint8Array;
  lineNumber: number;
  /** --format, filled into a line that has no `format` of its own (null: leave the line as it is). */
  format: string | null;
  maxInputBytes: number;
  /** When the line was handed to the pool, as epoch ms (timeOrigin + now: comparable across threads). */
  queuedAt: number;
}

export type WorkerJob = WorkerRequestJob | WorkerLineJob;

/** A layer error crosses the thread boundary as its code, message and details. */
export interface WorkerError {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
}

/** A line's answer: its Envelope as one JSON text, and whether that Envelope is ok. */
export interface LineAnswer {
  ok: boolean;
  text: string;
}

export type WorkerReply =
  | { id: number; result: HandlerResult<ExtractResponse> }
  | { id: number; answer: LineAnswer }
  | { id: number; error: WorkerError };
