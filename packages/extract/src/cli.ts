import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { CONTRACT_VERSIONS, errorEnvelope, printEnvelope, usageErrorEnvelope, type Envelope, type ExtractResponse } from "@websift/contracts";
import { DEFAULT_MAX_INPUT_BYTES } from "./core/input-size.js";
import { createExtractPool, createJsonLinePool, type JsonLinePool } from "./pool/extract-pool.js";
import { DEFAULT_TIMEOUT_MS } from "./pool/pool-options.js";

const USAGE = `Usage: websift-extract FILE --url URL [--format markdown|text|json] [--json]
       websift-extract --jsonl [--format markdown|text|json] < pages.jsonl

Extract a page's main content as Markdown or text, with metadata, page type and a
quality score. FILE may be - for stdin.

--jsonl reads JSON lines {"url": ..., "html": ...} (or "body_base64" + "content_type")
on stdin and writes one Envelope per input line, in order: a whole corpus in one process.

Options:
  --url URL              The page's URL (resolves links, helps classify the page)
  --content-type TYPE    The page's MIME type (default text/html; application/pdf for PDFs)
  --format F             markdown (default), text, or json (the whole reply's data)
  --max-bytes N          Refuse a page over N bytes (default ${DEFAULT_MAX_INPUT_BYTES}); a file is
                         refused before it is read
  --timeout-ms N         Time budget of one page (default ${DEFAULT_TIMEOUT_MS}); past it the page
                         fails with extract_timeout
  --json                 Print the whole Envelope as JSON
  -h, --help             Show this help

Each page is extracted in a worker thread under the time budget and a heap limit.
Exit codes: 0 extracted, 1 extraction failed (too_large, extract_timeout, ...), 2 bad usage.
`;

/** The page is over the size limit: refused before it is read whole. */
class InputTooLarge extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
    source: string,
  ) {
    super(`${source} is ${bytes} bytes, over the limit of ${limit} bytes; it was not read. Raise the limit with --max-bytes N.`);
  }
}

function tooLargeEnvelope(error: InputTooLarge): Envelope<never> {
  return errorEnvelope(
    { contract: "extract", contract_version: CONTRACT_VERSIONS.extract, layer: "extract", started_at: performance.now() },
    { code: "too_large", message: error.message, details: { bytes: error.bytes, limit_bytes: error.limit } },
  );
}

function render(format: string): (data: ExtractResponse) => string {
  return (data) => {
    if (format === "json") return `${JSON.stringify(data, null, 2)}\n`;
    const body = format === "text" ? data.content_text : data.content_markdown;
    return body.endsWith("\n") ? body : `${body}\n`;
  };
}

/** One input line: its bytes (in an ArrayBuffer of their own, to be transferred to a worker), or its size when over the cap. */
type InputLine = { lineNumber: number; bytes: Uint8Array } | { lineNumber: number; tooLarge: number };

/**
 * Lines of a byte stream, one at a time, as bytes: a worker decodes and parses each (json-line.ts). readline
 * is not used: its async iterator queues up to 1024 lines ahead of the consumer, and with pages of several MB
 * that queue (not the extraction) was most of the process's memory. Here the stream is pulled only when the
 * previous line has been handled, so at most one chunk and the line being assembled are buffered. Splitting
 * bytes (not text) keeps a multi-byte character that straddles two chunks intact.
 */
async function* jsonLines(input: AsyncIterable<Buffer | string>, maxLineBytes: number): AsyncGenerator<InputLine> {
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  // A line over the cap is counted, not kept: its bytes are dropped as they arrive.
  let overflow = 0;
  let lineNumber = 0;
  const keep = (part: Buffer): void => {
    if (overflow > 0 || pendingBytes + part.length > maxLineBytes) {
      overflow += pendingBytes + part.length;
      pending.length = 0;
      pendingBytes = 0;
      return;
    }
    pending.push(part);
    pendingBytes += part.length;
  };
  const take = (number: number): InputLine | null => {
    const bytes = overflow;
    const line = ownedBytes(pending.splice(0), pendingBytes);
    pendingBytes = 0;
    overflow = 0;
    if (bytes > 0) return { lineNumber: number, tooLarge: bytes };
    return isBlank(line) ? null : { lineNumber: number, bytes: line };
  };
  for await (const piece of input) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      keep(chunk.subarray(start, end));
      start = end + 1;
      lineNumber += 1;
      // No local holds the line's bytes, so they are not kept alive while the consumer works on it.
      const parsed = take(lineNumber);
      if (parsed) yield parsed;
    }
    if (start < chunk.length) keep(chunk.subarray(start));
  }
  const last = take(lineNumber + 1);
  if (last) yield last;
}

/** The parts copied into one new ArrayBuffer: stdin's chunks share pooled memory, which cannot be transferred. */
function ownedBytes(parts: Buffer[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const ASCII_SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);

/** A line with nothing but whitespace is skipped, as String#trim reads it (short lines are decoded for that). */
function isBlank(line: Uint8Array): boolean {
  if (line.every((byte) => ASCII_SPACE.has(byte))) return true;
  return line.length <= 64 && Buffer.from(line.buffer, line.byteOffset, line.length).toString("utf8").trim() === "";
}

/** Standard input as UTF-8, refused once it grows over `maxBytes`. */
async function readStdinBounded(maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const piece of process.stdin) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : (piece as Buffer);
    total += chunk.length;
    if (total > maxBytes) throw new InputTooLarge(total, maxBytes, "Standard input");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A file's bytes, refused from its size before it is read. */
async function readFileBounded(path: string, maxBytes: number): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > maxBytes) throw new InputTooLarge(size, maxBytes, `The file ${path}`);
  return readFile(path);
}

/** Writes one line, waiting when the reader is slower than us so replies do not pile up in memory. */
async function writeLine(text: string): Promise<void> {
  if (process.stdout.write(`${text}\n`)) return;
  await new Promise<void>((resolve) => process.stdout.once("drain", resolve));
}

/**
 * --jsonl keeps up to this many pages extracting or waiting for a worker: one per worker plus one parsed and
 * waiting, so both cores stay busy and no page's time budget is spent queueing behind many others.
 */
const JSONL_RUNNING = 3;
/**
 * Finished replies held back for an earlier, slower page, so replies still go out in input order: while a
 * 2-second page runs on one worker the other keeps extracting instead of idling. Reading stops at this many,
 * or once the held replies' text reaches JSONL_BUFFERED_CHARS (a reply of a 10 MB page can be tens of MB).
 */
const JSONL_BUFFERED = 32;
const JSONL_BUFFERED_CHARS = 64 * 1024 * 1024;

type JsonLineReply = { ok: boolean; text: string } | { thrown: unknown };

async function runJsonLines(format: string, pool: JsonLinePool, maxBytes: number): Promise<number> {
  let failures = 0;
  // A rejection is held as a value until its turn, so a later page's failure never surfaces out of order.
  const pending: Array<{ settled: boolean; chars: number; reply: Promise<JsonLineReply> }> = [];
  let running = 0;
  let heldChars = 0;
  let wake: (() => void) | undefined;
  const track = (reply: Promise<JsonLineReply>): void => {
    const slot = { settled: false, chars: 0, reply };
    running += 1;
    void reply.then((settled) => {
      slot.settled = true;
      slot.chars = "text" in settled ? settled.text.length : 0;
      heldChars += slot.chars;
      running -= 1;
      wake?.();
    });
    pending.push(slot);
  };
  const flushOne = async (): Promise<void> => {
    const slot = pending.shift()!;
    const reply = await slot.reply;
    heldChars -= slot.chars;
    if ("thrown" in reply) throw reply.thrown;
    if (!reply.ok) failures += 1;
    await writeLine(reply.text);
  };
  const flushSettled = async (): Promise<void> => {
    while (pending.length > 0 && pending[0]!.settled) await flushOne();
  };
  const answer = (envelope: { ok: boolean }): { ok: boolean; text: string } => ({ ok: envelope.ok, text: JSON.stringify(envelope) });
  // JSON escaping grows HTML (quotes, backslashes, control characters); twice the page limit plus slack
  // admits any page under the limit that is not mostly escapes, and the entry point checks the page itself.
  for await (const line of jsonLines(process.stdin, maxBytes * 2 + 1_000_000)) {
    if ("tooLarge" in line) {
      track(Promise.resolve(answer(tooLargeEnvelope(new InputTooLarge(line.tooLarge, maxBytes * 2 + 1_000_000, `Line ${line.lineNumber}`)))));
    } else {
      // The worker fills --format into a line without one (json leaves the line as sent).
      track(pool.answerLine(line.bytes, line.lineNumber, format === "json" ? null : format).catch((thrown: unknown) => ({ thrown })));
    }
    await flushSettled();
    while (running >= JSONL_RUNNING || pending.length >= JSONL_BUFFERED || heldChars >= JSONL_BUFFERED_CHARS) {
      if (pending.length >= JSONL_BUFFERED || heldChars >= JSONL_BUFFERED_CHARS) await flushOne();
      else await new Promise<void>((resolve) => (wake = resolve));
      await flushSettled();
    }
  }
  while (pending.length > 0) await flushOne();
  return failures > 0 ? 1 : 0;
}

export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  let request: Record<string, unknown>;
  let format = "markdown";
  let maxBytes = DEFAULT_MAX_INPUT_BYTES;
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        "content-type": { type: "string" },
        format: { type: "string" },
        "max-bytes": { type: "string" },
        "timeout-ms": { type: "string" },
        jsonl: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    format = values.format ?? "markdown";
    if (!["markdown", "text", "json"].includes(format)) throw new Error(`--format must be markdown, text or json, got "${format}"`);
    maxBytes = positiveInteger("--max-bytes", values["max-bytes"]) ?? DEFAULT_MAX_INPUT_BYTES;
    timeoutMs = positiveInteger("--timeout-ms", values["timeout-ms"]) ?? DEFAULT_TIMEOUT_MS;
    if (values.jsonl) {
      const pool = createJsonLinePool({ timeoutMs, maxInputBytes: maxBytes });
      try {
        return await runJsonLines(format, pool, maxBytes);
      } finally {
        await pool.close();
      }
    }
    if (positionals.length !== 1) throw new Error("Give one FILE (or - for stdin)");
    if (!values.url) throw new Error("--url URL is required: it resolves links and helps classify the page");
    const source = positionals[0]!;
    const contentType = values["content-type"] ?? (source.toLowerCase().endsWith(".pdf") ? "application/pdf" : undefined);
    request = { url: values.url, format };
    if (contentType) request["content_type"] = contentType;
    const bytes = source === "-" ? await readStdinBounded(maxBytes) : await readFileBounded(source, maxBytes);
    if (contentType === "application/pdf") request["body_base64"] = bytes.toString("base64");
    else request["html"] = bytes.toString("utf8");
  } catch (error) {
    if (error instanceof InputTooLarge) {
      printEnvelope(tooLargeEnvelope(error), { json });
      return 1;
    }
    printEnvelope(usageErrorEnvelope("extract", "extract", `${(error as Error).message}. Run websift-extract --help for usage.`), { json });
    return 2;
  }
  const pool = createExtractPool({ workers: 1, timeoutMs, maxInputBytes: maxBytes });
  const envelope = await pool.extract(request).finally(() => pool.close());
  printEnvelope<ExtractResponse>(envelope, { json, render: render(format) });
  if (envelope.ok) return 0;
  return envelope.error?.code === "invalid_request" ? 2 : 1;
}

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) throw new Error(`${flag} must be a positive integer, got "${value}"`);
  return Number(value);
}
