// WARC/1.1 record and replay through warcio. Each exchange becomes a response record (the raw, still
// content-encoded payload) and a request record pointing at it with WARC-Concurrent-To. Secrets are redacted
// before anything is written: credential headers, URL user:password and API keys in query strings.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { appendFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
type Warcio = typeof import("warcio");
let warcioModule: Promise<Warcio> | undefined;
/** warcio (and its deflate code) is loaded only by runs that record or replay. */
function loadWarcio(): Promise<Warcio> {
  warcioModule ??= import("warcio");
  return warcioModule;
}
import { ExchangeFailure, type HopRequest, type OpenedExchange } from "./exchange.js";
import type { ArchivableExchange } from "./attempt-result.js";
import { redactHeaders, redactUrl } from "./redact.js";

const WARC_VERSION = "WARC/1.1";
// The archive holds de-chunked bodies, so hop-by-hop framing headers would make readers mis-parse them.
const FRAMING_HEADERS = new Set(["transfer-encoding", "connection", "keep-alive"]);

function exchangeKey(method: string, redactedUrl: string, body: string | Uint8Array | undefined): string {
  const bodyDigest = body === undefined || body.length === 0 ? "" : createHash("sha256").update(body).digest("hex");
  return `${method} ${redactedUrl} ${bodyDigest}`;
}

function requestTarget(url: URL): string {
  return `${url.pathname}${url.search}`;
}

async function serializeExchange(exchange: ArchivableExchange): Promise<Uint8Array[]> {
  const { WARCRecord, WARCSerializer } = await loadWarcio();
  const targetUri = redactUrl(exchange.request.url);
  const date = new Date().toISOString();
  const { response } = exchange;
  // A redirect's body is not read, so its declared length is corrected to what the record actually holds.
  const responseHeaders = redactHeaders(response.rawHeaders
    .filter(([name]) => !FRAMING_HEADERS.has(name.toLowerCase()))
    .map(([name, value]): [string, string] => (name.toLowerCase() === "content-length" ? [name, String(response.rawBody.length)] : [name, value])));
  const responseRecord = WARCRecord.create({
    url: targetUri, date, type: "response", warcVersion: WARC_VERSION, keepHeadersCase: true,
    statusline: `HTTP/${response.httpVersion} ${response.status} ${response.statusText}`.trimEnd(),
    httpHeaders: responseHeaders,
  }, [new Uint8Array(response.rawBody)]);
  const responseId = responseRecord.warcHeaders.headers.get("WARC-Record-ID") ?? "";
  const requestTargetUrl = new URL(targetUri);
  const requestRecord = WARCRecord.create({
    url: targetUri, date, type: "request", warcVersion: WARC_VERSION, keepHeadersCase: true,
    statusline: `${exchange.request.method} ${requestTarget(requestTargetUrl)} HTTP/1.1`,
    httpHeaders: redactHeaders(exchange.sentHeaders),
    warcHeaders: { "WARC-Concurrent-To": responseId },
  }, exchange.request.body === undefined ? [] : [new TextEncoder().encode(exchange.request.body)]);
  return [await WARCSerializer.serialize(responseRecord), await WARCSerializer.serialize(requestRecord)];
}

async function fileIsEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size === 0;
  } catch {
    return true;
  }
}

/** Appends the exchanges in one write, so concurrent writers (O_APPEND) do not interleave records. */
export async function appendExchangesToWarc(file: string, exchanges: ArchivableExchange[]): Promise<void> {
  const { WARCRecord, WARCSerializer } = await loadWarcio();
  if (exchanges.length === 0) return;
  const parts: Uint8Array[] = [];
  if (await fileIsEmpty(file)) {
    const info = WARCRecord.createWARCInfo({ filename: file, warcVersion: WARC_VERSION }, { software: "websift-fetch", format: "WARC File Format 1.1" });
    parts.push(await WARCSerializer.serialize(info));
  }
  for (const exchange of exchanges) parts.push(...(await serializeExchange(exchange)));
  await appendFile(file, Buffer.concat(parts));
}

interface ArchivedResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  rawHeaders: Array<[string, string]>;
  payload: Buffer;
}

interface LoadedArchive {
  signature: string;
  responses: Map<string, ArchivedResponse>;
}

const loadedArchives = new Map<string, LoadedArchive>();

async function loadArchive(file: string): Promise<LoadedArchive> {
  const { WARCParser } = await loadWarcio();
  const info = await stat(file);
  const signature = `${info.size}:${info.mtimeMs}`;
  const cached = loadedArchives.get(file);
  if (cached?.signature === signature) return cached;
  const responsesById = new Map<string, { uri: string; response: ArchivedResponse }>();
  const requestsByResponseId = new Map<string, { method: string; body: Uint8Array }>();
  for await (const record of WARCParser.iterRecords(createReadStream(file), { keepHeadersCase: true })) {
    const id = record.warcHeader("WARC-Record-ID") ?? "";
    if (record.warcType === "response" && record.httpHeaders !== null) {
      const payload = Buffer.from(await record.readFully(false));
      const statusline = record.httpHeaders.statusline;
      const match = /^HTTP\/(\d(?:\.\d)?)\s+(\d{3})\s*(.*)$/.exec(statusline);
      responsesById.set(id, {
        uri: record.warcTargetURI ?? "",
        response: {
          status: Number(match?.[2] ?? 0), statusText: match?.[3] ?? "", httpVersion: match?.[1] ?? "1.1",
          rawHeaders: [...record.httpHeaders.headers], payload,
        },
      });
    } else if (record.warcType === "request" && record.httpHeaders !== null) {
      const concurrentTo = record.warcHeader("WARC-Concurrent-To");
      const method = record.httpHeaders.method ?? "GET";
      const body = await record.readFully(false);
      if (concurrentTo) requestsByResponseId.set(concurrentTo, { method, body });
    } else {
      await record.skipFully();
    }
  }
  const responses = new Map<string, ArchivedResponse>();
  for (const [id, { uri, response }] of responsesById) {
    const request = requestsByResponseId.get(id);
    // Later records win, so re-recording a URL updates what replay serves.
    responses.set(exchangeKey(request?.method ?? "GET", uri, request?.body), response);
  }
  const loaded = { signature, responses };
  loadedArchives.set(file, loaded);
  return loaded;
}

function headersObject(pairs: Array<[string, string]>): OpenedExchange["headers"] {
  const headers: Record<string, string | string[]> = {};
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase();
    const existing = headers[name];
    if (existing === undefined) headers[name] = value;
    else headers[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return headers;
}

/** Serves one hop from the archive; a miss (or an unreadable archive) is `not_in_archive`. */
export async function openReplayExchange(file: string, hop: HopRequest): Promise<OpenedExchange> {
  let archive: LoadedArchive;
  try {
    archive = await loadArchive(file);
  } catch (error) {
    throw new ExchangeFailure("not_in_archive", `the archive ${file} could not be read (${(error as Error).message})`);
  }
  const key = exchangeKey(hop.method, redactUrl(hop.url), hop.body);
  const response = archive.responses.get(key);
  if (response === undefined) {
    throw new ExchangeFailure("not_in_archive", `${hop.method} ${redactUrl(hop.url)} is not in the archive ${file}`);
  }
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers: headersObject(response.rawHeaders),
    rawHeaders: response.rawHeaders,
    sentHeaders: [],
    body: Readable.from([response.payload]),
  };
}
