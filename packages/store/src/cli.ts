import { parseArgs } from "node:util";
import { isStoreHandle, printEnvelope, readInputFileText, readStdinText, usageErrorEnvelope, type StoreResponse } from "@websift/contracts";
import { closeRedisClients } from "./core/redis/redis-connection.js";
import { runStoreOperation } from "./entry-point.js";

const USAGE = `Usage: websift-store <command> [args] [--store DIR | --redis-url URL] [--json]

A durable local page index: pages cut into passages, full-text passage search,
stable handles, and paged reads that join back to the original byte for byte.

Commands:
  add --url URL [--title T] [--fetched-at ISO] [FILE | -]   Add a Markdown page (stdin by default)
  search "<text>" [--limit N] [--handle H]                 Passages that match, best first
  get HANDLE|URL [--page N] [--page-size-tokens N]         One page of a stored document (by handle, or by any URL twin)
  list                                                     Stored pages
  remove HANDLE                                            Remove one page
  stats                                                    Size, TTL, size cap, evictions

Options:
  --store DIR   Store directory (env WEBSIFT_STORE_DIR; default the user cache dir)
  --redis-url URL  Keep pages in Redis, shared by every process given the URL (env WEBSIFT_REDIS_URL)
  --json        Print only the Envelope as JSON on stdout
  -h, --help    Show this help

Exit codes: 0 done, 1 not found, 2 bad usage or the store could not be used.
`;

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return parsed;
}

function render(data: StoreResponse): string {
  switch (data.operation) {
    case "get":
      return data.content;
    case "add":
      return data.added.map((page) => `${page.status} ${page.handle} ${page.url}\n`).join("");
    case "search":
      return data.passages.map((passage, index) => `${index + 1}. [${passage.handle}] score ${passage.score}\n${passage.text}\n\n`).join("");
    case "list":
      return data.pages.map((page) => `${page.handle} ${page.url}${page.title ? ` "${page.title}"` : ""}\n`).join("");
    default:
      return `${JSON.stringify(data.operation === "stats" ? data.stats : data, null, 2)}\n`;
  }
}

export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  let request: Record<string, unknown>;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        store: { type: "string" },
        "redis-url": { type: "string" },
        url: { type: "string" },
        title: { type: "string" },
        "fetched-at": { type: "string" },
        limit: { type: "string" },
        handle: { type: "string" },
        page: { type: "string" },
        "page-size-tokens": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const [command, ...rest] = positionals;
    if (!command) throw new Error("A command is required: add, search, get, list, remove or stats");
    request = { operation: command };
    if (values.store) request["store_dir"] = values.store;
    if (values["redis-url"]) request["redis_url"] = values["redis-url"];
    switch (command) {
      case "add": {
        if (!values.url) throw new Error("add needs --url URL");
        const source = rest[0];
        const markdown = source === undefined || source === "-" ? await readStdinText() : await readInputFileText(source);
        const page: Record<string, unknown> = { url: values.url, markdown };
        if (values.title) page["title"] = values.title;
        if (values["fetched-at"]) page["fetched_at"] = values["fetched-at"];
        request["pages"] = [page];
        break;
      }
      case "search":
        request["query"] = rest.join(" ");
        if (values.limit) request["limit"] = wholeNumber("limit", values.limit);
        if (values.handle) request["handle"] = values.handle;
        break;
      case "get":
        if (!rest[0]) throw new Error("get needs a HANDLE or a URL");
        request[isStoreHandle(rest[0]) ? "handle" : "url"] = rest[0];
        if (values.page) request["page"] = wholeNumber("page", values.page);
        if (values["page-size-tokens"]) request["page_size_tokens"] = wholeNumber("page-size-tokens", values["page-size-tokens"]);
        break;
      case "remove":
        if (!rest[0]) throw new Error("remove needs a HANDLE");
        request["handle"] = rest[0];
        break;
      case "list":
      case "stats":
        break;
      default:
        throw new Error(`Unknown command "${command}"`);
    }
  } catch (error) {
    printEnvelope(usageErrorEnvelope("store", "store", `${(error as Error).message}. Run websift-store --help for usage.`), { json });
    return 2;
  }
  const envelope = await runStoreOperation(request);
  // A Redis connection would keep the process alive after its one command.
  await closeRedisClients();
  printEnvelope<StoreResponse>(envelope, { json, render });
  if (envelope.ok) return 0;
  return envelope.error?.code === "not_found" ? 1 : 2;
}
