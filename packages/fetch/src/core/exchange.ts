// One HTTP exchange as the core sees it, whatever produced it (network tier 0/1, or a WARC replay).
import type { Readable } from "node:stream";
import type { ClientTier, FetchOutcome } from "./types.js";

export interface HopRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string | undefined;
}

export interface OpenedExchange {
  status: number;
  statusText: string;
  httpVersion: string;
  /** Lower-cased header names, as Node's IncomingMessage.headers. */
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: Array<[string, string]>;
  /** The request headers that went on the wire (for the archive). */
  sentHeaders: Array<[string, string]>;
  /** The body as wire bytes (content-encoded). */
  body: Readable;
}

/** A failure before any response arrived, already mapped to an outcome. */
export class ExchangeFailure extends Error {
  override readonly name = "ExchangeFailure";
  constructor(readonly outcome: Exclude<FetchOutcome, "ok">, readonly detail: string) {
    super(detail);
  }
}

export interface NetworkHopOptions {
  tier: ClientTier;
  pinnedAddress: { address: string; family: 4 | 6 } | undefined;
  proxy: URL | undefined;
  connectTimeoutMs: number;
  signal: AbortSignal;
}

export function headerValue(headers: OpenedExchange["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export function pairRawHeaders(raw: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index] as string, raw[index + 1] as string]);
  return pairs;
}
