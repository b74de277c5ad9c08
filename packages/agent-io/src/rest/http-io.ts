import type { IncomingMessage, ServerResponse } from "node:http";
import type { Envelope } from "@websift/contracts";
import { httpStatusOf, retryAfterOf } from "./status-map.js";

/** Request bodies are small JSON requests; anything larger is refused before it is buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Why a request body could not be read as JSON; the router answers with an error Envelope. */
export class RequestBodyError extends Error {
  constructor(
    message: string,
    readonly code: "invalid_request" | "too_large",
  ) {
    super(message);
  }
}

/** Read a JSON request body, stopping at MAX_BODY_BYTES. An empty body is `{}`. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const type = request.headers["content-type"];
  if (type !== undefined && !/^application\/([a-z0-9.+-]*\+)?json\b/i.test(type)) {
    throw new RequestBodyError(`The request body must be JSON (content-type: application/json), got ${type}.`, "invalid_request");
  }
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > MAX_BODY_BYTES) throw new RequestBodyError(`The request body is ${declared} bytes; the limit is ${MAX_BODY_BYTES}.`, "too_large");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RequestBodyError(`The request body exceeds the ${MAX_BODY_BYTES}-byte limit.`, "too_large");
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

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body)}\n`;
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(text);
}

/** An Envelope with the status that matches its error (see status-map.ts). */
export function sendEnvelope(response: ServerResponse, envelope: Envelope<unknown>, status: number = httpStatusOf(envelope)): void {
  const retryAfter = retryAfterOf(envelope);
  sendJson(response, status, envelope, retryAfter !== undefined && !envelope.ok ? { "retry-after": String(retryAfter) } : {});
}
