import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { printEnvelope, readStdinText, usageErrorEnvelope, type ExtractResponse } from "@websift/contracts";
import { extractContent } from "./entry-point.js";

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
  --json                 Print the whole Envelope as JSON
  -h, --help             Show this help

Exit codes: 0 extracted, 1 extraction failed, 2 bad usage.
`;

function render(format: string): (data: ExtractResponse) => string {
  return (data) => {
    if (format === "json") return `${JSON.stringify(data, null, 2)}\n`;
    const body = format === "text" ? data.content_text : data.content_markdown;
    return body.endsWith("\n") ? body : `${body}\n`;
  };
}

/** One input line, parsed: the request, or why the line is not one. */
type ParsedLine = { lineNumber: number; request: unknown } | { lineNumber: number; error: string };

/**
 * Lines of a byte stream, parsed as JSON one at a time. readline is not used: its async iterator queues up
 * to 1024 lines ahead of the consumer, and with pages of several MB that queue (not the extraction) was
 * most of the process's memory. Here the stream is pulled only when the previous line has been handled,
 * so at most one chunk and the line being assembled are buffered. Splitting bytes (not text) keeps a
 * multi-byte character that straddles two chunks intact.
 */
async function* jsonLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<ParsedLine> {
  const pending: Buffer[] = [];
  let lineNumber = 0;
  for await (const piece of input) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, end));
      start = end + 1;
      lineNumber += 1;
      // No local holds the line's bytes, so they are not kept alive while the consumer works on it.
      const parsed = parseLine(joinBytes(pending.splice(0)), lineNumber);
      if (parsed) yield parsed;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  const last = parseLine(joinBytes(pending), lineNumber + 1);
  if (last) yield last;
}

function joinBytes(parts: Buffer[]): Buffer {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** The line's request (null for a blank line); the line's text is dropped here, once parsed. */
function parseLine(bytes: Buffer, lineNumber: number): ParsedLine | null {
  const text = bytes.toString("utf8");
  if (text.trim() === "") return null;
  try {
    return { lineNumber, request: JSON.parse(text) };
  } catch (error) {
    return { lineNumber, error: (error as Error).message };
  }
}

/** Writes one line, waiting when the reader is slower than us so replies do not pile up in memory. */
async function writeLine(text: string): Promise<void> {
  if (process.stdout.write(`${text}\n`)) return;
  await new Promise<void>((resolve) => process.stdout.once("drain", resolve));
}

async function runJsonLines(format: string): Promise<number> {
  let failures = 0;
  for await (const line of jsonLines(process.stdin)) {
    if ("error" in line) {
      failures += 1;
      await writeLine(JSON.stringify(usageErrorEnvelope("extract", "extract", `Line ${line.lineNumber} is not valid JSON (${line.error}).`, "line")));
      continue;
    }
    const { request } = line;
    if (request && typeof request === "object" && !Array.isArray(request) && format !== "json") (request as Record<string, unknown>)["format"] = format;
    const envelope = await extractContent(request);
    if (!envelope.ok) failures += 1;
    await writeLine(JSON.stringify(envelope));
  }
  return failures > 0 ? 1 : 0;
}

export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  let request: Record<string, unknown>;
  let format = "markdown";
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        "content-type": { type: "string" },
        format: { type: "string" },
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
    if (values.jsonl) return await runJsonLines(format);
    if (positionals.length !== 1) throw new Error("Give one FILE (or - for stdin)");
    if (!values.url) throw new Error("--url URL is required: it resolves links and helps classify the page");
    const source = positionals[0]!;
    const contentType = values["content-type"] ?? (source.toLowerCase().endsWith(".pdf") ? "application/pdf" : undefined);
    request = { url: values.url, format };
    if (contentType) request["content_type"] = contentType;
    if (contentType === "application/pdf") {
      const bytes = source === "-" ? Buffer.from(await readStdinText(), "binary") : await readFile(source);
      request["body_base64"] = bytes.toString("base64");
    } else {
      request["html"] = source === "-" ? await readStdinText() : await readFile(source, "utf8");
    }
  } catch (error) {
    printEnvelope(usageErrorEnvelope("extract", "extract", `${(error as Error).message}. Run websift-extract --help for usage.`), { json });
    return 2;
  }
  const envelope = await extractContent(request);
  printEnvelope<ExtractResponse>(envelope, { json, render: render(format) });
  if (envelope.ok) return 0;
  return envelope.error?.code === "invalid_request" ? 2 : 1;
}
