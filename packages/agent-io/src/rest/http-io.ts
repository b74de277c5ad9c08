import type { IncomingMessage, ServerResponse } from "node:http";
import type { Envelope } from "@websift/contracts";
import { DEFAULT_MAX_BODY_BYTES } from "./rest-access.js";
import { httpStatusOf, retryAfterOf } from "./status-map.js";

/** Request bodies are small JSON requests; anything larger is refused before it is buffered. */
export const MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;

/** Why a request body could not be read as JSON; the router answers with an error Envelope. */
export class RequestBodyError extends Error {
  constructor(
    message: string,
    readonly code: "invalid_request" | "too_large" | "unsupported_content",
  ) {
    super(message);
  }
}

/**
 * Whether a request declares a JSON body (`application/json`, parameters allowed). A body without
 * this type is never read: a browser page can send text/plain or a form to any address without
 * asking first, but not application/json.
 */
export function declaresJson(request: IncomingMessage): boolean {
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

/**
 * Read a JSON request body, stopping at `maxBytes` (a larger body is refused as soon as it passes
 * the limit, never buffered whole). An empty body is `{}`.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number = MAX_BODY_BYTES): Promise<unknown> {
  const problem = contentTypeProblem(request) ?? declaredLengthProblem(request, maxBytes);
  if (problem) throw problem;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new RequestBodyError(`The request body exceeds the ${maxBytes}-byte limit.`, "too_large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RequestBodyError(`The request body is not valid JSON: ${(error as Error).message}.`, "invalid_request");
  }
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
