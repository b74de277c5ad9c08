import { parseArgs } from "node:util";
import { printEnvelope, usageErrorEnvelope, type FetchResponse } from "@websift/contracts";
import { DEFAULT_MAX_BYTES, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from "./core/resolve-request.js";
import { closeRedisClients } from "./core/redis/redis-connection.js";
import { fetchUrl } from "./entry-point.js";

const USAGE = `Usage: websift-fetch <url> [options]

Fetch one URL through websift's guarded transport and say exactly what happened.

Options:
  --allow-private-hosts   Allow loopback, private and link-local targets (refused by default)
  --allow-private-host HOST[:PORT]
                          Allow this one private host (on this port only, when given); repeatable;
                          also WEBSIFT_ALLOW_PRIVATE_HOSTS (comma-separated)
  --max-bytes N           Stop reading after N body bytes (default ${DEFAULT_MAX_BYTES})
  --timeout-ms N          Total time limit (default ${DEFAULT_TIMEOUT_MS})
  --tier auto|0|1|2       Client tier: plain (0), browser-like headers (1), auto escalation between
                          them, or 2: render in headless Chromium (WEBSIFT_CHROMIUM_PATH, else
                          chromium on PATH; every request of the page passes the SSRF guard)
  --render-budget-ms N    Tier 2: hard cap for loading and settling a page (default 15000)
  --per-host-concurrency N
                          Requests at once per host (default 4); with --redis-url also the shared
                          spacing: one request per 1000/N ms per host across every process
  --retries N             Retries for retriable outcomes (default ${DEFAULT_RETRIES})
  --accept TYPE           Also accept this content type (repeatable)
  --respect-robots        Refuse URLs that robots.txt disallows
  --cache-dir DIR         Cache directory (env WEBSIFT_CACHE_DIR; default the user cache dir)
  --no-cache              Neither read nor write the cache (the default with
                          --allow-private-hosts unless --cache-dir is given)
  --redis-url URL         Share the cache, per-host limits, robots.txt and Retry-After backoffs with
                          every process on this Redis (env WEBSIFT_REDIS_URL); when it is down the
                          fetch still runs, uncached, with a warning
  --record FILE.warc      Append every exchange to a WARC/1.1 file (secrets redacted)
  --replay FILE.warc      Answer from a WARC file, with no network
  --proxy URL             Send requests through a proxy (default HTTPS_PROXY)
  --header "Name: value"  Extra request header (repeatable)
  --json                  Print only the Envelope as JSON on stdout
  -h, --help              Show this help

Exit codes: 0 outcome ok, 1 the fetch failed (blocked, http_error, timeout, ...), 2 bad usage.
`;

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return parsed;
}

/** The flags, then WEBSIFT_ALLOW_PRIVATE_HOSTS (comma-separated): the operator's single private hosts, each once. */
function allowedPrivateHosts(flags: string[], env: NodeJS.ProcessEnv): string[] {
  const fromEnv = (env["WEBSIFT_ALLOW_PRIVATE_HOSTS"] ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return [...new Set([...flags.map((entry) => entry.trim()), ...fromEnv])];
}

export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  let request: Record<string, unknown>;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "allow-private-hosts": { type: "boolean" },
        "allow-private-host": { type: "string", multiple: true },
        "render-budget-ms": { type: "string" },
        "max-bytes": { type: "string" },
        "timeout-ms": { type: "string" },
        tier: { type: "string" },
        retries: { type: "string" },
        "per-host-concurrency": { type: "string" },
        accept: { type: "string", multiple: true },
        "respect-robots": { type: "boolean" },
        "cache-dir": { type: "string" },
        "no-cache": { type: "boolean" },
        record: { type: "string" },
        "redis-url": { type: "string" },
        replay: { type: "string" },
        proxy: { type: "string" },
        header: { type: "string", multiple: true },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Error(positionals.length === 0 ? "A URL is required, e.g. websift-fetch https://example.org/" : "Give exactly one URL");
    request = { url: positionals[0] };
    if (values["allow-private-hosts"]) request["allow_private_hosts"] = true;
    const allowedHosts = allowedPrivateHosts(values["allow-private-host"] ?? [], process.env);
    if (allowedHosts.length > 0) request["allowed_private_hosts"] = allowedHosts;
    const renderBudgetMs = positiveInteger("render-budget-ms", values["render-budget-ms"]);
    if (renderBudgetMs !== undefined) request["render_budget_ms"] = renderBudgetMs;
    const maxBytes = positiveInteger("max-bytes", values["max-bytes"]);
    if (maxBytes !== undefined) request["max_bytes"] = maxBytes;
    const timeoutMs = positiveInteger("timeout-ms", values["timeout-ms"]);
    if (timeoutMs !== undefined) request["timeout_ms"] = timeoutMs;
    const retries = positiveInteger("retries", values.retries);
    if (retries !== undefined) request["retries"] = retries;
    const perHost = positiveInteger("per-host-concurrency", values["per-host-concurrency"]);
    if (perHost !== undefined) request["per_host_concurrency"] = perHost;
    if (values.tier !== undefined) request["tier"] = values.tier === "auto" ? "auto" : Number(values.tier);
    if (values.accept) request["accept_content_types"] = values.accept;
    if (values["respect-robots"]) request["respect_robots"] = true;
    // Internal pages (loopback, private) change under a developer's hands: they are cached only
    // when a cache dir is named explicitly.
    const cacheWanted = !values["no-cache"] && ((!values["allow-private-hosts"] && allowedHosts.length === 0) || values["cache-dir"] !== undefined);
    if (cacheWanted) request["cache"] = { mode: "use", ...(values["cache-dir"] ? { dir: values["cache-dir"] } : {}) };
    if (values["redis-url"]) request["redis_url"] = values["redis-url"];
    if (values.record) request["record_warc"] = values.record;
    if (values.replay) request["replay_warc"] = values.replay;
    if (values.proxy) request["proxy"] = values.proxy;
    if (values.header) {
      request["headers"] = Object.fromEntries(
        values.header.map((header) => {
          const colon = header.indexOf(":");
          if (colon <= 0) throw new Error(`--header must look like "Name: value", got "${header}"`);
          return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
        }),
      );
    }
  } catch (error) {
    printEnvelope(usageErrorEnvelope("fetch", "fetch", `${(error as Error).message}. Run websift-fetch --help for usage.`), { json });
    return 2;
  }
  const envelope = await fetchUrl(request);
  // An open Redis connection would keep the process alive after the answer.
  await closeRedisClients();
  printEnvelope<FetchResponse>(envelope, { json, render: (data) => (data.outcome === "ok" && data.body !== null ? data.body : "") });
  if (envelope.error?.code === "invalid_request") return 2;
  return envelope.ok ? 0 : 1;
}
