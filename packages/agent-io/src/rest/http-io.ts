import type { IncomingMessage, ServerResponse } from "node:http";
import type { Envelope } from "@websift/contracts";
import { httpStatusOf, retryAfterOf } from "./status-map.js";

/** Why a request body could not be read as JSON; the router answers with an error Envelope. */
export class RequestBodyError extends Error {
  constructor(
    message: string,
    readonly code: "invalid_request" | "too_large" | "unsupported_content" | "timeout",
  ) {
    super(message);
  }
}

/**
 * Whether a request declares a JSON body (`application/json`, parameters allowed). A body without
 * this type is never read: a browser page can send text/plain or a form to any address without
 * asking first, but not application/json.
 */
function declaresJson(request: IncomingMessage): boolean {
  const type = request.headers["content-type"];
  return type !== undefined && /^application\/json[ \t]*(;.*)?$/i.test(type.trim());
}

/** The refusal for a body that does not declare JSON, or undefined when it does. */
export function contentTypeProblem(request: IncomingMessage): RequestBodyError | undefined {
  if (declaresJson(request)) return undefined;
  const type = request.headers["content-type"];
  return new RequestBodyError(
    type === undefined ? "The request has no content-type; send the JSON body with content-type: application/json." : `The request body must be JSON (content-type: application/json), got ${type}.`,
    "unsupported_content",
  );
}

/** The refusal for a body whose declared length is over the limit, or undefined. */
export function declaredLengthProblem(request: IncomingMessage, maxBytes: number): RequestBodyError | undefined {
  const declared = Number(request.headers["content-length"] ?? "0");
  return declared > maxBytes ? new RequestBodyError(`The request body is ${declared} bytes; the limit is ${maxBytes}.`, "too_large") : undefined;
}

/** How long a client may take to send its body once its headers are in; a slow body would hold a concurrency slot. */
const BODY_TIMEOUT_MS = 15_000;

/**
 * The body's bytes. On a refusal (too large, too slow) collecting stops but the request is not
 * destroyed, so the socket can still carry the refusal (see discardUnreadBody).
 */
function collectBody(request: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (failure: Error | undefined) => {
      clearTimeout(timer);
      request.off("data", onData).off("end", onEnd).off("error", stop);
      if (failure) reject(failure);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(new RequestBodyError(`The request body exceeds the ${maxBytes}-byte limit.`, "too_large"));
      else chunks.push(chunk);
    };
    const onEnd = () => stop(undefined);
    const timer = setTimeout(() => stop(new RequestBodyError(`The request body did not arrive within ${timeoutMs / 1000} s.`, "timeout")), timeoutMs);
    request.on("data", onData).on("end", onEnd).on("error", stop);
  });
}

/**
 * Read a JSON request body, stopping at `maxBytes` (a larger body is refused as soon as it passes
 * the limit, never buffered whole) and at `timeoutMs`. An empty body is `{}`.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number, timeoutMs: number = BODY_TIMEOUT_MS): Promise<unknown> {
  const problem = contentTypeProblem(request) ?? declaredLengthProblem(request, maxBytes);
  if (problem) throw problem;
  const body = await collectBody(request, maxBytes, timeoutMs);
  const text = body.toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RequestBodyError(`The request body is not valid JSON: ${(error as Error).message}.`, "invalid_request");
  }
}

/** Bounds on reading a refused body to its end (bytes thrown away, and time). */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * Before a refusal is sent for a request whose body was not read: read the rest and throw it away,
 * up to 16 MiB and 10 s. Node closes a connection whose request is unfinished as soon as the reply
 * is sent, and a client still sending then gets a reset that can destroy the reply before it is
 * read; reading on without a bound would let any client keep the server busy. Resolves true when
 * the body was read to its end (the connection can be kept), false when a bound cut it short.
 */
export function discardUnreadBody(request: IncomingMessage): Promise<boolean> {
  if (request.complete || request.destroyed) return Promise.resolve(request.complete);
  // A body declared larger than the bound is not worth reading: the reply goes out and the connection closes.
  if (Number(request.headers["content-length"] ?? "0") > DISCARD_MAX_BYTES) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let discarded = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      request.off("data", onData).off("end", onEnd).off("close", onClose);
      if (!drained) request.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), DISCARD_MAX_MS);
    request.on("data", onData).on("end", onEnd).on("close", onClose);
    request.resume();
  });
}

/**
 * A JSON reply. No Access-Control-* header is ever sent: no browser page of another origin may
 * read a reply. `nosniff` keeps a browser from reading one as anything but JSON.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body)}\n`;
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  response.end(text);
}

/** An Envelope with the status that matches its error (see status-map.ts). */
export function sendEnvelope(response: ServerResponse, envelope: Envelope<unknown>, status: number = httpStatusOf(envelope), headers: Record<string, string> = {}): void {
  const retryAfter = retryAfterOf(envelope);
  sendJson(response, status, envelope, { ...(retryAfter !== undefined && !envelope.ok ? { "retry-after": String(retryAfter) } : {}), ...headers });
}
