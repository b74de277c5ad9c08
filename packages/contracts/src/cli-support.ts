import { errorEnvelope, type Envelope, type Layer } from "./envelope.js";
import { CONTRACT_VERSIONS, type ContractName } from "./generated/schemas.js";

/** Read all of standard input as UTF-8 (for `-` file arguments and JSON requests). */
export async function readStdinText(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
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
