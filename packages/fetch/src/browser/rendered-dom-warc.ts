// The rendered DOM in the archive: one WARC `resource` record per rendered page, next to the response
// records of every exchange the browser made. Replay of the browser tier answers from this record, so a
// recorded render reads the same without a browser. The record's target is the URL as requested (secrets
// redacted); the final URL and status travel in WARC headers of their own.
import { createReadStream } from "node:fs";
import { appendFile, stat } from "node:fs/promises";
import { redactUrl } from "../core/redact.js";

const WARC_VERSION = "WARC/1.1";
const FINAL_URL_HEADER = "WebSift-Rendered-Final-URL";
const STATUS_HEADER = "WebSift-Rendered-Status";
const PROFILE_HEADER = "WebSift-Rendered-By";

export interface RenderedDomRecord {
  finalUrl: string;
  status: number;
  html: string;
}

async function fileIsEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size === 0;
  } catch {
    return true;
  }
}

export async function appendRenderedDomToWarc(file: string, requestedUrl: URL, record: RenderedDomRecord): Promise<void> {
  const { WARCRecord, WARCSerializer } = await import("warcio");
  const parts: Uint8Array[] = [];
  if (await fileIsEmpty(file)) {
    const info = WARCRecord.createWARCInfo({ filename: file, warcVersion: WARC_VERSION }, { software: "websift-fetch", format: "WARC File Format 1.1" });
    parts.push(await WARCSerializer.serialize(info));
  }
  const resource = WARCRecord.create({
    url: redactUrl(requestedUrl), date: new Date().toISOString(), type: "resource", warcVersion: WARC_VERSION,
    warcHeaders: {
      "Content-Type": "text/html; charset=utf-8",
      [FINAL_URL_HEADER]: redactUrl(new URL(record.finalUrl)),
      [STATUS_HEADER]: String(record.status),
      [PROFILE_HEADER]: "headless-chromium",
    },
  }, [new TextEncoder().encode(record.html)]);
  parts.push(await WARCSerializer.serialize(resource));
  await appendFile(file, Buffer.concat(parts));
}

/** The last rendered-DOM record for this URL, or undefined. Later records win, like response records. */
export async function readRenderedDomFromWarc(file: string, requestedUrl: URL): Promise<RenderedDomRecord | undefined> {
  const { WARCParser } = await import("warcio");
  const target = redactUrl(requestedUrl);
  let found: RenderedDomRecord | undefined;
  for await (const record of WARCParser.iterRecords(createReadStream(file), { keepHeadersCase: true })) {
    if (record.warcType === "resource" && record.warcTargetURI === target && record.warcHeader(PROFILE_HEADER) !== null && record.warcHeader(PROFILE_HEADER) !== undefined) {
      const html = new TextDecoder().decode(await record.readFully(false));
      found = { finalUrl: record.warcHeader(FINAL_URL_HEADER) ?? target, status: Number(record.warcHeader(STATUS_HEADER) ?? 200), html };
    } else {
      await record.skipFully();
    }
  }
  return found;
}
