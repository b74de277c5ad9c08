import { parseArgs } from "node:util";
import { printEnvelope, usageErrorEnvelope, type Envelope, type SearchBackendsResponse, type SearchResponse } from "@websift/contracts";
import { listSearchBackends, searchWeb } from "./entry-point.js";
import { SearchLayerError } from "./errors.js";
import { readAnglesFile } from "./run/angles.js";

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
  --time-range R        day | week | month | year (engines without a time filter say so)
  --language L          Preferred result language, e.g. en
  --record FILE.warc    Record every engine exchange (secrets redacted)
  --replay FILE.warc    Answer engine requests from a WARC file, with no network
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
        "time-range": { type: "string" },
        language: { type: "string" },
        record: { type: "string" },
        replay: { type: "string" },
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
  const json = Boolean(values.json);
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.backends) {
    const envelope = await listSearchBackends(values["searxng-url"] ? { searxng_url: values["searxng-url"] } : {});
    printEnvelope(envelope, { json, render: renderBackends });
    return envelope.ok ? 0 : 2;
  }
  const query = positionals.join(" ").trim();
  if (!query) {
    printEnvelope(usageErrorEnvelope("search", "search", 'A query is required, e.g. websift-search "http 429 retry-after".', "query"), { json });
    return 2;
  }
  const request: Record<string, unknown> = { query };
  try {
    if (values.engines) request["engines"] = values.engines.split(",").map((name) => name.trim()).filter(Boolean);
    if (values["searxng-url"]) request["searxng_url"] = values["searxng-url"];
    if (values.tier) request["tier"] = values.tier;
    if (values.angles) request["angles"] = readAnglesFile(values.angles);
    if (values.policy) request["policy_file"] = values.policy;
    if (values.limit !== undefined) {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit)) throw new SearchLayerError("invalid_request", `--limit must be a whole number, got "${values.limit}".`, { details: { field: "limit" } });
      request["limit"] = limit;
    }
    if (values["time-range"]) request["time_range"] = values["time-range"];
    if (values.language) request["language"] = values.language;
    if (values.record) request["record_warc"] = values.record;
    if (values.replay) request["replay_warc"] = values.replay;
    if (values.explain) request["explain"] = true;
    if (values["allow-private-hosts"]) request["allow_private_hosts"] = true;
  } catch (error) {
    const field = error instanceof SearchLayerError ? String(error.details?.["field"] ?? "") : undefined;
    printEnvelope(usageErrorEnvelope("search", "search", (error as Error).message, field || undefined), { json });
    return 2;
  }
  const envelope = await searchWeb(request);
  printEnvelope(envelope, { json, render: renderResults });
  return exitCodeFor(envelope);
}

/** 0 results returned; 1 engines answered but nothing survived (or all empty); 2 the layer could not run. */
export function exitCodeFor(envelope: Envelope<SearchResponse>): number {
  if (!envelope.ok || !envelope.data) return 2;
  return envelope.data.returned_count > 0 ? 0 : 1;
}

function renderResults(data: SearchResponse): string {
  const lines = [`${data.outcome}: ${data.returned_count} results (${data.raw_result_count} raw, ${data.dropped_count} dropped)`];
  for (const engine of data.engines) {
    lines.push(`  engine ${engine.name}: ${engine.outcome}${engine.detail ? ` - ${engine.detail}` : ""}`);
  }
  for (const result of data.results) {
    lines.push("", `${result.rank}. ${result.title || result.url}`, `   ${result.url}`, `   ${result.source_type} | ${result.engines.join(", ")} | score ${result.score}`);
    if (result.snippet) lines.push(`   ${result.snippet.slice(0, 240)}`);
  }
  for (const dropped of data.dropped ?? []) lines.push(`  dropped #${dropped.position} ${dropped.url}: ${dropped.reason}`);
  return `${lines.join("\n")}\n`;
}

function renderBackends(data: SearchBackendsResponse): string {
  return `${data.backends
    .map((backend) => {
      const state = [
        backend.waiting ? `waiting ${backend.waiting.seconds} s (${backend.waiting.reason})` : null,
        backend.budget ? `${backend.budget.used_today}${backend.budget.daily_limit !== null ? `/${backend.budget.daily_limit}` : ""} requests today` : null,
        backend.last ? `last ${backend.last.outcome} at ${backend.last.at}` : null,
      ].filter((part): part is string => part !== null);
      return `${backend.name.padEnd(14)} ${backend.kind.padEnd(8)} group=${backend.group.padEnd(14)} ${backend.configured ? "configured" : "not configured"}: ${backend.detail}${state.length > 0 ? `; ${state.join("; ")}` : ""}`;
    })
    .join("\n")}\n`;
}
