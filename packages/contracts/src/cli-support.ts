import { ContractsError } from "./errors.js";
import { errorEnvelope, type Envelope, type Layer } from "./envelope.js";
import { CONTRACT_VERSIONS, type ContractName } from "./generated/schemas.js";

/** Read all of standard input as UTF-8 (for `-` file arguments and JSON requests). */
/** What a CLI reads from stdin or a file at most, unless told otherwise: far above any real request or page. */
export const DEFAULT_CLI_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * All of stdin as UTF-8, refusing input past `maxBytes` as soon as it passes (a CLI fed a huge or
 * endless stream must fail with a message, not grow until the machine runs out of memory).
 */
export async function readStdinText(stdin: NodeJS.ReadableStream = process.stdin, maxBytes: number = DEFAULT_CLI_INPUT_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) throw new ContractsError("too_large", `The input on stdin is larger than ${maxBytes} bytes; give a smaller one.`, { details: { field: "stdin", max_bytes: maxBytes } });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A file's text, refused from its size before it is read when it is larger than `maxBytes`. */
export async function readInputFileText(path: string, maxBytes: number = DEFAULT_CLI_INPUT_BYTES): Promise<string> {
  const { readFile, stat } = await import("node:fs/promises");
  const { size } = await stat(path);
  if (size > maxBytes) throw new ContractsError("too_large", `${path} is ${size} bytes, larger than the ${maxBytes}-byte input limit; give a smaller file.`, { details: { field: "file", max_bytes: maxBytes } });
  return readFile(path, "utf8");
}

/** An Envelope for a mistake on the command line, so `--json` callers still get one JSON document. */
export function usageErrorEnvelope(contract: ContractName, layer: Layer, message: string, field?: string): Envelope<never> {
  return errorEnvelope(
    { contract, contract_version: CONTRACT_VERSIONS[contract], layer, started_at: performance.now() },
    { code: "invalid_request", message, ...(field ? { details: { field } } : {}) },
  );
}

export interface PrintEnvelopeOptions<TData> {
  json: boolean;
  /** Human rendering of successful data; errors are always rendered as one line on stderr. */
  render?: (data: TData) => string;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/**
 * Print a reply: with `json`, stdout holds only the Envelope; otherwise a human rendering on stdout
 * and, on failure, `error [code]: message` on stderr (never a stack trace).
 */
export function printEnvelope<TData>(envelope: Envelope<TData>, options: PrintEnvelopeOptions<TData>): void {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (options.json) {
    stdout.write(`${JSON.stringify(envelope, null, 2)}\n`);
    return;
  }
  if (envelope.data !== null && options.render) stdout.write(options.render(envelope.data));
  if (!envelope.ok && envelope.error) stderr.write(`error [${envelope.error.code}]: ${envelope.error.message}\n`);
  for (const warning of envelope.meta.warnings) stderr.write(`warning: ${warning}\n`);
}
