import { parseArgs } from "node:util";
import { printEnvelope, readInputFileText, readStdinText, usageErrorEnvelope, type FormatResponse } from "@websift/contracts";
import { formatDocument } from "./entry-point.js";

const USAGE = `Usage: websift-format [REQUEST.json | -] [options]

Fold duplicate results and render them as one budgeted Markdown document plus a
lossless JSON sidecar. The request is a FormatRequest (contracts/format.schema.json),
read from the file or from stdin:

  {"query": "...", "results": [{"url": "...", "title": "...", "score": 1, "body_markdown": "..."}],
   "token_budget": 4000, "mode": "auto"}

Options:
  --token-budget N   Override the request's token budget
  --mode M           Override the request's mode: auto | index | full
  --json             Print the whole Envelope as JSON (default: the Markdown document)
  -h, --help         Show this help

Exit codes: 0 formatted, 2 bad request.
`;

export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  let request: Record<string, unknown>;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "token-budget": { type: "string" },
        mode: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new Error("Give at most one request file");
    const source = positionals[0];
    const text = source === undefined || source === "-" ? await readStdinText() : await readInputFileText(source);
    if (text.trim() === "") throw new Error("The request is empty: pass a FormatRequest JSON file or pipe one on stdin");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The request is not valid JSON (${(error as Error).message})`);
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("The request must be a JSON object");
    request = parsed as Record<string, unknown>;
    if (values["token-budget"] !== undefined) request["token_budget"] = Number(values["token-budget"]);
    if (values.mode !== undefined) request["mode"] = values.mode;
  } catch (error) {
    printEnvelope(usageErrorEnvelope("format", "format", `${(error as Error).message}. Run websift-format --help for usage.`, "request"), { json });
    return 2;
  }
  const envelope = await formatDocument(request);
  printEnvelope<FormatResponse>(envelope, { json, render: (data) => (data.markdown.endsWith("\n") ? data.markdown : `${data.markdown}\n`) });
  return envelope.ok ? 0 : 2;
}
