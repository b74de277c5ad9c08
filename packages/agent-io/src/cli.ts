import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { parse as parseYaml } from "yaml";
import type { OperatorSettings } from "./operator/operator-settings.js";
import { commandHelp, USAGE } from "./cli-help.js";
import { DEFAULT_MCP_HTTP_PORT, DEFAULT_REST_HOST, DEFAULT_REST_PORT } from "./rest/rest-defaults.js";
import {
  printEnvelope,
  usageErrorEnvelope,
  type AgentContentsResponse,
  type AgentEnginesResponse,
  type AgentPageResponse,
  type AgentSearchResponse,
  type AgentSimilarResponse,
  type ContractName,
  type Envelope,
} from "@websift/contracts";
import { renderContentsText, renderEnginesText, renderSimilarText } from "./mcp/render-text.js";

const OPTIONS = {
  engines: { type: "string" },
  "searxng-url": { type: "string" },
  tier: { type: "string" },
  policy: { type: "string" },
  explain: { type: "boolean" },
  "no-extract": { type: "boolean" },
  "top-n": { type: "string" },
  "total-chars": { type: "string" },
  "per-item-chars": { type: "string" },
  limit: { type: "string" },
  angles: { type: "string" },
  "time-range": { type: "string" },
  language: { type: "string" },
  page: { type: "string" },
  "page-size-tokens": { type: "string" },
  query: { type: "string" },
  datamark: { type: "boolean" },
  port: { type: "string" },
  http: { type: "boolean" },
  tools: { type: "string" },
  schemas: { type: "string" },
  host: { type: "string" },
  "token-file": { type: "string" },
  "allowed-host": { type: "string", multiple: true },
  "max-concurrency": { type: "string" },
  "shutdown-grace": { type: "string" },
  store: { type: "string" },
  "redis-url": { type: "string" },
  "allow-private-hosts": { type: "boolean" },
  "allow-private-host": { type: "string", multiple: true },
  render: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} satisfies ParseArgsConfig["options"];

class UsageError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A --angles file: a YAML list of queries (the same format websift-search reads). */
function readAngles(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read the angles file ${path}: ${(error as Error).message}`, "angles");
  }
  let angles: unknown;
  try {
    angles = parseYaml(text);
  } catch (error) {
    throw new UsageError(`The angles file ${path} is not valid YAML: ${(error as Error).message}`, "angles");
  }
  if (!Array.isArray(angles) || angles.length === 0 || angles.some((angle) => typeof angle !== "string" || angle.trim() === "")) {
    throw new UsageError(`The angles file ${path} must be a YAML list of queries ("- query" per line)`, "angles");
  }
  return angles as string[];
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new UsageError(`--${name} must be a whole number, got "${value}"`, name.replace(/-/g, "_"));
  return parsed;
}

/** The operator's settings from this command line (the environment fills the rest in each layer). */
function operatorSettingsFromFlags(values: { store?: string; "redis-url"?: string; "allow-private-hosts"?: boolean; "allow-private-host"?: string[]; "searxng-url"?: string; policy?: string; engines?: string }): OperatorSettings {
  const operator: OperatorSettings = {};
  if (values.store !== undefined) operator.storeDir = values.store;
  if (values["redis-url"] !== undefined) operator.redisUrl = values["redis-url"];
  if (values["allow-private-hosts"]) operator.allowPrivateHosts = true;
  // The flags replace WEBSIFT_ALLOW_PRIVATE_HOSTS, which applies when none is given.
  if (values["allow-private-host"] !== undefined) operator.allowedPrivateHosts = values["allow-private-host"].map((entry) => entry.trim());
  if (values["searxng-url"] !== undefined) operator.searxngUrl = values["searxng-url"];
  if (values.policy !== undefined) operator.policyFile = values.policy;
  if (values.engines !== undefined) {
    const engines = values.engines.split(",").map((name) => name.trim()).filter(Boolean);
    if (engines.length === 0) throw new UsageError("--engines names no engine; give a comma-separated list such as duckduckgo,wikipedia", "engines");
    operator.engines = engines;
  }
  return operator;
}

function setIf(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && value !== false) target[key] = value;
}

const CONTRACT_OF: Record<string, ContractName> = { search: "agent-search", fetch: "agent-page", open: "agent-page", similar: "agent-similar", contents: "agent-contents", engines: "agent-engines" };

function renderSearch(data: AgentSearchResponse): string {
  const lines = [`${data.outcome}: ${data.returned_count} results; read ${data.extraction.extracted} pages, ${data.extraction.chars_used}/${data.extraction.budget} chars, ${data.extraction.failures} failures`];
  for (const engine of data.engines) lines.push(`  engine ${engine.name}: ${engine.outcome}${engine.detail ? ` - ${engine.detail}` : ""}`);
  for (const result of data.results) {
    lines.push("", `${result.rank}. ${result.title || result.url} [${result.source_type}] (${result.extraction})`, `   ${result.url}${result.handle ? `  handle ${result.handle}` : ""}`);
    if (result.published) lines.push(`   published ${result.published}`);
    if (result.score_parts) lines.push(`   score ${formatScore(result.score)} = ${scorePartsText(result.score_parts)}`);
    if (result.excerpt) lines.push(result.excerpt);
    else if (result.snippet) lines.push(`   ${result.snippet}`);
  }
  return `${lines.join("\n")}\n`;
}

function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(4);
}

/** `--explain`'s score parts as one line: each part signed, largest first. */
function scorePartsText(parts: Record<string, number>): string {
  return Object.entries(parts)
    .sort(([, a], [, b]) => Math.abs(b) - Math.abs(a))
    .map(([name, value], index) => `${index === 0 ? "" : value < 0 ? "- " : "+ "}${name} ${formatScore(index === 0 ? value : Math.abs(value))}`)
    .join(" ");
}

function renderPage(data: AgentPageResponse): string {
  return `${data.content}\n[page ${data.page}/${data.total_pages}${data.has_more ? `, next: websift open ${data.handle} --page ${data.page + 1}` : ""}]\n`;
}

export async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    // `websift help search` is `websift search --help`.
    const topic = command === "help" ? rest[0] : undefined;
    process.stdout.write((topic !== undefined ? commandHelp(topic) : undefined) ?? USAGE);
    return command ? 0 : 2;
  }
  if (command === "--version" || command === "-V" || command === "version") {
    process.stdout.write(`websift ${PACKAGE_VERSION}\n`);
    return 0;
  }
  const json = rest.includes("--json");
  const contract = CONTRACT_OF[command] ?? "agent-search";
  if (!["search", "fetch", "open", "similar", "contents", "engines", "config", "doctor", "mcp", "serve"].includes(command)) {
    printEnvelope(usageErrorEnvelope("agent-search", "agent-io", `Unknown command "${command}". Run websift --help for the list.`, "command"), { json });
    return 2;
  }
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true }));
  } catch (error) {
    printEnvelope(usageErrorEnvelope(contract, "agent-io", `${(error as Error).message}. Run websift --help for usage.`, "arguments"), { json });
    return 2;
  }
  if (values.help) {
    process.stdout.write(commandHelp(command) ?? USAGE);
    return 0;
  }
  // Whoever runs this command is the operator: these flags are settings, never request fields.
  let operator: OperatorSettings;
  try {
    operator = operatorSettingsFromFlags(values);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    printEnvelope(usageErrorEnvelope(contract, "agent-io", `${error.message}. Run websift --help for usage.`, error.field), { json });
    return 2;
  }
  if (command === "config") {
    const { effectiveSettings } = await import("./operator/effective-settings.js");
    const { renderSettings } = await import("./operator/render-settings.js");
    const report = effectiveSettings(operator, process.env);
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : renderSettings(report));
    return 0;
  }
  if (command === "doctor") {
    const { runDoctor } = await import("./doctor/run-doctor.js");
    const { renderDoctor } = await import("./doctor/render-doctor.js");
    const report = await runDoctor(operator, process.env);
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : renderDoctor(report));
    return report.checks.some((check) => check.status === "fail") ? 1 : 0;
  }
  if (command === "mcp" || command === "serve") {
    const { checkOperatorEngines, checkOperatorSettings } = await import("./operator/check-operator-settings.js");
    try {
      checkOperatorSettings(operator);
      await checkOperatorEngines(operator);
    } catch (error) {
      process.stderr.write(`websift ${command}: ${(error as Error).message}\n`);
      return 2;
    }
  }
  if (command === "mcp") {
    const { mcpServerOptionsFrom } = await import("./mcp/mcp-options.js");
    let mcp: import("./mcp/server.js").McpServerOptions;
    try {
      mcp = mcpServerOptionsFrom({ tools: values.tools, schemas: values.schemas }, process.env);
      // A mistyped tool name stops the start with the list, on stdio as over HTTP.
      const [{ selectTools }, { MCP_TOOL_NAMES }] = await Promise.all([import("./mcp/tool-selection.js"), import("./mcp/server.js")]);
      selectTools(mcp.tools, MCP_TOOL_NAMES);
    } catch (error) {
      process.stderr.write(`websift mcp: ${(error as Error).message}\n`);
      return 2;
    }
    if (!values.http) {
      const { runMcpStdio } = await import("./mcp/stdio.js");
      await runMcpStdio(operator, mcp);
      return 0;
    }
    const { runMcpHttp } = await import("./mcp/http.js");
    const { restAccessFromFlags } = await import("./rest/rest-access.js");
    try {
      const port = wholeNumber("port", values.port) ?? DEFAULT_MCP_HTTP_PORT;
      const maxConcurrency = wholeNumber("max-concurrency", values["max-concurrency"]);
      const access = restAccessFromFlags(
        { ...(values["token-file"] !== undefined ? { tokenFile: values["token-file"] } : {}), allowedHosts: values["allowed-host"] ?? [], ...(maxConcurrency !== undefined ? { maxConcurrency } : {}) },
        process.env,
      );
      await runMcpHttp(operator, { ...access, port, host: values.host ?? DEFAULT_REST_HOST, mcp });
    } catch (error) {
      process.stderr.write(`websift mcp: ${(error as Error).message}\n`);
      return 2;
    }
    setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref();
    return 0;
  }
  if (command === "serve") {
    const { runRestServer } = await import("./rest/serve.js");
    const { restAccessFromFlags } = await import("./rest/rest-access.js");
    try {
      const port = wholeNumber("port", values.port) ?? DEFAULT_REST_PORT;
      const maxConcurrency = wholeNumber("max-concurrency", values["max-concurrency"]);
      const graceSeconds = wholeNumber("shutdown-grace", values["shutdown-grace"]);
      if (graceSeconds !== undefined && graceSeconds < 0) throw new UsageError(`--shutdown-grace must be 0 or more seconds, got ${graceSeconds}`, "shutdown_grace");
      // Who may reach the server is the operator's decision too: flags, then the environment.
      const access = restAccessFromFlags(
        { ...(values["token-file"] !== undefined ? { tokenFile: values["token-file"] } : {}), allowedHosts: values["allowed-host"] ?? [], ...(maxConcurrency !== undefined ? { maxConcurrency } : {}) },
        process.env,
      );
      await runRestServer({ ...operator, ...access, port, host: values.host ?? DEFAULT_REST_HOST, ...(graceSeconds !== undefined ? { shutdownGraceMs: graceSeconds * 1000 } : {}) });
    } catch (error) {
      // A refused start (no token beyond loopback, a bad token file, a port in use): one line, exit 2.
      process.stderr.write(`websift serve: ${(error as Error).message}\n`);
      return 2;
    }
    // Work a cut request had started may still hold the event loop: the process ends regardless.
    setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref();
    return 0;
  }
  // Progress goes to stderr, and only on a terminal: stdout stays the pure reply.
  const onProgress = process.stderr.isTTY ? (message: string) => process.stderr.write(`websift: ${message}\n`) : undefined;
  // Loaded after argument parsing: --help and usage errors should not pay for every layer's start-up.
  const { createAgentEntryPoints } = await import("./entry-points.js");
  const entry = createAgentEntryPoints({ ...operator, ...(onProgress ? { onProgress } : {}) });
  let envelope: Envelope<unknown>;
  try {
    const common: Record<string, unknown> = {};
    switch (command) {
      case "search": {
        const query = positionals.join(" ").trim();
        if (!query) throw new UsageError('A query is required, e.g. websift search "http 429 retry-after"', "query");
        const request: Record<string, unknown> = { query, ...common };
        setIf(request, "tier", values.tier);
        setIf(request, "render", values.render);
        setIf(request, "explain", values.explain);
        if (values["no-extract"]) request["extract"] = false;
        setIf(request, "top_n", wholeNumber("top-n", values["top-n"]));
        setIf(request, "total_chars", wholeNumber("total-chars", values["total-chars"]));
        setIf(request, "per_item_chars", wholeNumber("per-item-chars", values["per-item-chars"]));
        setIf(request, "limit", wholeNumber("limit", values.limit));
        setIf(request, "angles", values.angles ? readAngles(values.angles) : undefined);
        setIf(request, "time_range", values["time-range"]);
        setIf(request, "language", values.language);
        envelope = await entry.search(request);
        printEnvelope(envelope as Envelope<AgentSearchResponse>, { json, render: renderSearch });
        if (!envelope.ok) return 2;
        return (envelope.data as AgentSearchResponse).returned_count > 0 ? 0 : 1;
      }
      case "fetch":
      case "open": {
        const target = positionals[0];
        if (!target || positionals.length > 1) throw new UsageError(command === "fetch" ? "Give one URL: websift fetch <url>" : "Give one handle: websift open <handle>", command === "fetch" ? "url" : "handle");
        const request: Record<string, unknown> = { [command === "fetch" ? "url" : "handle"]: target, ...common };
        setIf(request, "page", wholeNumber("page", values.page));
        setIf(request, "page_size_tokens", wholeNumber("page-size-tokens", values["page-size-tokens"]));
        setIf(request, "query", values.query);
        setIf(request, "datamark", values.datamark);
        if (command === "fetch") setIf(request, "render", values.render);
        envelope = command === "fetch" ? await entry.fetch(request) : await entry.open(request);
        printEnvelope(envelope as Envelope<AgentPageResponse>, { json, render: renderPage });
        break;
      }
      case "contents": {
        if (positionals.length === 0) throw new UsageError("Give one or more URLs: websift contents <url...>", "urls");
        const request: Record<string, unknown> = { urls: positionals, ...common };
        setIf(request, "render", values.render);
        setIf(request, "page_size_tokens", wholeNumber("page-size-tokens", values["page-size-tokens"]));
        envelope = await entry.contents(request);
        // The same fenced text an MCP client gets: page text stays marked as untrusted data.
        printEnvelope(envelope as Envelope<AgentContentsResponse>, { json, render: (data) => `${renderContentsText(data)}\n` });
        break;
      }
      case "similar": {
        const target = positionals[0];
        if (!target) throw new UsageError("Give a URL or a handle: websift similar <url|handle>", "target");
        const request: Record<string, unknown> = { target, ...common };
        setIf(request, "limit", wholeNumber("limit", values.limit));
        envelope = await entry.findSimilar(request);
        printEnvelope(envelope as Envelope<AgentSimilarResponse>, { json, render: (data) => `${renderSimilarText(data)}\n` });
        break;
      }
      case "engines": {
        if (positionals.length > 0) throw new UsageError("websift engines takes no arguments", "arguments");
        envelope = await entry.engines({});
        printEnvelope(envelope as Envelope<AgentEnginesResponse>, { json, render: (data) => `${renderEnginesText(data)}\n` });
        break;
      }
      default:
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      printEnvelope(usageErrorEnvelope(contract, "agent-io", `${error.message}. Run websift --help for usage.`, error.field), { json });
      return 2;
    }
    throw error;
  }
  // An open Redis connection would keep a one-shot command alive after its answer.
  const { operatorRedisUrl } = await import("./operator/shared-state-layers.js");
  if (operatorRedisUrl(operator.redisUrl, process.env) !== undefined) {
    await Promise.all([(await import("@websift/store")).closeStoreConnections(), (await import("@websift/fetch")).closeFetchConnections()]);
  }
  if (envelope.ok) return 0;
  return envelope.error?.code === "invalid_request" || envelope.error?.code === "invalid_config" || envelope.error?.code === "internal_error" ? 2 : 1;
}

// Keep the version handy for `serve`'s health route and bug reports.
export const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
