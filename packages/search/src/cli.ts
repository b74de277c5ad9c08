import { parseArgs } from "node:util";
import { printEnvelope, usageErrorEnvelope } from "@websift/contracts";
import { searchWeb } from "./index.js";

const USAGE = `Usage: websift-search <query> [options]

Ask several search engines, report what each answered (or why not), and fuse the
results into one deterministic ranking by the policy in config.

Options:
  --engines LIST        Comma-separated engines (default: keyless built-ins, plus SearXNG when configured)
  --searxng-url URL     SearXNG base URL (env WEBSIFT_SEARXNG_URL or SEARXNG_URL)
  --tier NAME           instant | standard | deep | research
  --angles FILE         YAML list of query angles for --tier deep
  --policy FILE         Ranking policy YAML that replaces the packaged default
  --limit N             Maximum results
  --explain             Add dropped results and score parts
  --allow-private-hosts Let engine URLs point at loopback or private hosts
  --backends            List every engine and whether it is configured (no network)
  --json                Print only the Envelope as JSON on stdout
  -h, --help            Show this help

Exit codes: 0 results returned, 1 engines answered but nothing survived, 2 could not run.
`;

export async function runCli(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        engines: { type: "string" },
        "searxng-url": { type: "string" },
        tier: { type: "string" },
        angles: { type: "string" },
        policy: { type: "string" },
        limit: { type: "string" },
        explain: { type: "boolean" },
        "allow-private-hosts": { type: "boolean" },
        backends: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    printEnvelope(usageErrorEnvelope("search", "search", `${(error as Error).message}. Run websift-search --help for usage.`), { json: argv.includes("--json") });
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const query = positionals.join(" ").trim();
  if (!query) {
    printEnvelope(usageErrorEnvelope("search", "search", "A query is required, e.g. websift-search \"http 429 retry-after\".", "query"), { json: Boolean(values.json) });
    return 2;
  }
  const request: Record<string, unknown> = { query };
  if (values.engines) request["engines"] = values.engines.split(",").map((name) => name.trim()).filter(Boolean);
  if (values["searxng-url"]) request["searxng_url"] = values["searxng-url"];
  if (values.tier) request["tier"] = values.tier;
  if (values.policy) request["policy_file"] = values.policy;
  if (values.limit) request["limit"] = Number(values.limit);
  if (values.explain) request["explain"] = true;
  if (values["allow-private-hosts"]) request["allow_private_hosts"] = true;
  const envelope = await searchWeb(request);
  printEnvelope(envelope, { json: Boolean(values.json) });
  return envelope.ok ? 0 : 2;
}
