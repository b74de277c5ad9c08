import { parseArgs } from "node:util";
import { printEnvelope, usageErrorEnvelope } from "@websift/contracts";
import { createWebsift } from "./index.js";

const USAGE = `Usage: websift <command> [options]

Web search results an agent can use: several engines asked, each one's outcome told,
results ranked by a policy in config, top pages read into fenced Markdown, all kept in a
local index for later reads.

Commands:
  search <query>        Search, rank, read the top pages under a budget, index them
  fetch <url>           Read one page, fenced and paginated, and index it
  open <handle>         Read a stored page again, with no network
  similar <url|handle>  Find similar pages in the store and in new search results
  contents <url...>     Read several pages, one outcome per URL
  mcp                   Run the MCP server on stdio
  serve --port N        Run the REST server on loopback

Common options:
  --json                Print only the Envelope as JSON on stdout
  --store DIR           Store directory (env WEBSIFT_STORE_DIR)
  --allow-private-hosts Allow loopback and private targets
  -h, --help            Show this help
`;

const COMMANDS = new Set(["search", "fetch", "open", "similar", "contents", "mcp", "serve"]);

export async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const json = rest.includes("--json");
  if (!COMMANDS.has(command)) {
    printEnvelope(usageErrorEnvelope("agent-search", "agent-io", `Unknown command "${command}". Run websift --help for the list.`, "command"), { json });
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: false });
  } catch (error) {
    printEnvelope(usageErrorEnvelope("agent-search", "agent-io", (error as Error).message, "arguments"), { json });
    return 2;
  }
  const websift = createWebsift();
  const envelope = await websift.run(command, parsed.positionals);
  printEnvelope(envelope, { json });
  return envelope.ok ? 0 : 2;
}
