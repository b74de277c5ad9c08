#!/usr/bin/env node
// A bounded load test of `websift serve` on loopback (autocannon), run against the built CLI:
//   pnpm --filter @websift/agent-io run bench:rest [-- --seconds 5 --json]
// Nothing leaves the machine: the pages and the SearXNG it reads are fixtures on 127.0.0.1.
// Phases, each bounded in time and in request count:
//   1. /healthz                                     (liveness, no work)
//   2. GET /v1/open/<handle>                        (a stored page, no network), at the concurrency limit
//   3. overload: GET /v1/search against a SearXNG fixture that answers after 100 ms, with 8x more
//      connections than the concurrency limit: the excess must get 503 busy + Retry-After, the
//      server must stay up and /healthz must still answer.
// The figures are recorded in docs/SECURITY.md ("Limits of the REST server").
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const WEBSIFT_BIN = join(PACKAGE_DIR, "bin/websift.js");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? Number(args[at + 1]) : fallback;
};
const SECONDS = Math.min(Math.max(option("seconds", 5), 1), 30);
const MAX_REQUESTS = 200_000; // per phase, whatever the duration
const LIMIT = 8;
const asJson = args.includes("--json");

function listen(handler) {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
const baseOf = (server) => `http://127.0.0.1:${server.address().port}`;

const paragraph = (i) => `<p>Paragraph ${i}: The Retry-After header tells a client how long to wait before it retries a request that got 429 or 503.</p>`;
const ARTICLE = `<!doctype html><html><head><title>Retry-After</title></head><body><article><h1>Retry-After</h1>${Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join("")}</article></body></html>`;
const pages = await listen((request, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE));
const slowSearxng = await listen((request, response) => {
  const body = JSON.stringify({ query: "q", results: [{ url: "https://example.com/a", title: "A", content: "a", engines: ["duckduckgo"] }], answers: [], suggestions: [], corrections: [], infoboxes: [], unresponsive_engines: [] });
  setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(body), 100);
});

const scratch = mkdtempSync(join(tmpdir(), "websift-rest-bench-"));
const portProbe = await listen(() => {});
const port = portProbe.address().port;
await new Promise((resolve) => portProbe.close(resolve));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [WEBSIFT_BIN, "serve", "--port", String(port), "--allow-private-hosts", "--max-concurrency", String(LIMIT)], {
  cwd: PACKAGE_DIR,
  env: {
    ...process.env,
    WEBSIFT_API_TOKEN: undefined,
    WEBSIFT_API_TOKEN_FILE: undefined,
    WEBSIFT_ENGINES: "searxng",
    WEBSIFT_SEARXNG_URL: baseOf(slowSearxng),
    WEBSIFT_STORE_DIR: join(scratch, "store"),
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
    WEBSIFT_CACHE_DIR: join(scratch, "cache"),
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
server.stderr.on("data", (chunk) => (stderr += chunk));
let exitCode = null;
server.on("exit", (code, signal) => (exitCode = code ?? signal));
const deadline = Date.now() + 20_000;
while (!stderr.includes("listening on")) {
  if (exitCode !== null || Date.now() > deadline) throw new Error(`websift serve did not start: ${stderr}`);
  await new Promise((resolve) => setTimeout(resolve, 25));
}

const peakRssMb = () => {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
};

function load(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, maxOverallRequests: MAX_REQUESTS, timeout: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]));
      resolve({
        title,
        connections: options.connections,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        max_ms: result.latency.max,
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
        resets: result.resets ?? 0,
      });
    });
  });
}

// A stored page to open: read once through the server (loopback allowed by the operator's flag).
const fetched = await (await fetch(`${base}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${baseOf(pages)}/article` }) })).json();
if (!fetched.ok) throw new Error(`could not store the bench page: ${JSON.stringify(fetched.error)}`);
const handle = encodeURIComponent(fetched.data.handle);

const results = [];
results.push(await load("GET /healthz", { url: `${base}/healthz`, connections: 10 }));
results.push(await load("GET /v1/open/:handle", { url: `${base}/v1/open/${handle}?page=1&page_size_tokens=200`, connections: LIMIT }));
results.push(await load(`overload: GET /v1/search (100 ms upstream), ${LIMIT * 8} connections`, { url: `${base}/v1/search?q=retry&no_extract=1`, connections: LIMIT * 8 }));

// After the overload: still up, still answering, and a 503 says when to retry.
const health = await fetch(`${base}/healthz`);
const busyProbe = await Promise.all(Array.from({ length: LIMIT * 2 }, () => fetch(`${base}/v1/search?q=probe&no_extract=1`)));
const busy = busyProbe.find((response) => response.status === 503);
const summary = {
  seconds_per_phase: SECONDS,
  concurrency_limit: LIMIT,
  results,
  after: {
    server_running: exitCode === null,
    healthz_status: health.status,
    busy_retry_after: busy?.headers.get("retry-after") ?? null,
    busy_code: busy ? (await busy.json()).error?.code : null,
    server_peak_rss_mb: peakRssMb(),
  },
};
await Promise.all(busyProbe.filter((response) => response !== busy).map((response) => response.arrayBuffer()));

server.kill("SIGTERM");
const stopStarted = Date.now();
await new Promise((resolve) => (exitCode !== null ? resolve() : server.once("exit", resolve)));
summary.after.shutdown_ms = Date.now() - stopStarted;
summary.after.exit_code = exitCode;
pages.close();
slowSearxng.closeAllConnections();
slowSearxng.close();
rmSync(scratch, { recursive: true, force: true });

if (asJson) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
else {
  const lines = [`websift serve load test: ${SECONDS} s per phase, loopback, concurrency limit ${LIMIT} (node ${process.version})`, "", "| phase | connections | requests | req/s | p50 ms | p99 ms | statuses | errors |", "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |"];
  for (const row of results) {
    const statuses = Object.entries(row.statuses).map(([status, count]) => `${status}: ${count}`).join(", ");
    lines.push(`| ${row.title} | ${row.connections} | ${row.requests} | ${row.rps} | ${row.p50_ms} | ${row.p99_ms} | ${statuses} | ${row.errors + row.timeouts} |`);
  }
  const after = summary.after;
  lines.push("", `after the overload: server running ${after.server_running}, /healthz ${after.healthz_status}, busy reply ${after.busy_code} with Retry-After ${after.busy_retry_after}; server peak RSS ${after.server_peak_rss_mb} MB; SIGTERM to exit ${after.shutdown_ms} ms (code ${after.exit_code})`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
const healthy = summary.after.server_running && summary.after.healthz_status === 200 && results.every((row) => row.errors === 0);
process.exitCode = healthy ? 0 : 1;
