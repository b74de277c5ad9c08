#!/usr/bin/env node
// One `websift serve` against two sharing one Redis (issue 18), under a bounded load on loopback:
//   pnpm --filter @websift/agent-io run bench:scale [-- --seconds 5 --json]
// Needs /usr/bin/redis-server (.ci/debian-packages). Nothing leaves the machine: the pages and the
// SearXNG the instances read are fixtures on 127.0.0.1, Redis runs on a random loopback port.
// Phases, each bounded in time and in request count, first on one instance, then on both at once
// (one autocannon per instance, the same total connections):
//   open:   GET /v1/open/<handle> (a stored page: the shared store on Redis, no network)
//   search: GET /v1/search?no_extract=1 (engines replayed by the SearXNG fixture)
// Reported per phase: requests/s, p50/p99, statuses (every non-200 must be a typed Envelope), and each
// instance's RSS before and after (stable, not growing with the load).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
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
const CONNECTIONS = Math.min(Math.max(option("connections", 8), 1), 64);
const MAX_REQUESTS = 100_000;
const asJson = args.includes("--json");

function listen(handler) {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
const baseOf = (server) => `http://127.0.0.1:${server.address().port}`;
async function freePort() {
  const probe = await listen(() => {});
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const paragraph = (i) => `<p>Paragraph ${i}: The Retry-After header tells a client how long to wait before it retries a request that got 429 or 503.</p>`;
const ARTICLE = `<!doctype html><html><head><title>Retry-After</title></head><body><article><h1>Retry-After</h1>${Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join("")}</article></body></html>`;
const pages = await listen((_request, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE));
const searxng = await listen((_request, response) => {
  const results = Array.from({ length: 20 }, (_, i) => ({ url: `https://example.com/${i}`, title: `Result ${i}`, content: `About ${i}.`, engines: ["duckduckgo", "bing"] }));
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ query: "q", results, answers: [], suggestions: [], corrections: [], infoboxes: [], unresponsive_engines: [] }));
});

const scratch = mkdtempSync(join(tmpdir(), "websift-scale-bench-"));
const redisPort = await freePort();
const redis = spawn("/usr/bin/redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", scratch, "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""], { stdio: "ignore" });
for (let tries = 0; ; tries += 1) {
  const up = await new Promise((resolve) => {
    const socket = net.connect(redisPort, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
  if (up) break;
  if (tries > 200) throw new Error("redis-server did not start");
  await pause(25);
}
const redisUrl = `redis://127.0.0.1:${redisPort}`;

async function startInstance(name) {
  const port = await freePort();
  const child = spawn(process.execPath, [WEBSIFT_BIN, "serve", "--port", String(port), "--allow-private-hosts", "--max-concurrency", "64"], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      WEBSIFT_API_TOKEN: undefined,
      WEBSIFT_API_TOKEN_FILE: undefined,
      WEBSIFT_REDIS_URL: redisUrl,
      WEBSIFT_ENGINES: "searxng",
      WEBSIFT_SEARXNG_URL: baseOf(searxng),
      WEBSIFT_STORE_DIR: join(scratch, name, "store"),
      WEBSIFT_CONFIG_DIR: join(scratch, name, "config"),
      WEBSIFT_STATE_DIR: join(scratch, name, "state"),
      WEBSIFT_CACHE_DIR: join(scratch, name, "cache"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const deadline = Date.now() + 20_000;
  while (!stderr.includes("listening on")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`websift serve ${name} did not start: ${stderr}`);
    await pause(25);
  }
  const rssMb = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return match ? Math.round(Number(match[1]) / 1024) : null;
    } catch {
      return null;
    }
  };
  return { name, child, base: `http://127.0.0.1:${port}`, rssMb };
}

function load(url, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: SECONDS, maxOverallRequests: MAX_REQUESTS, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Every non-200 reply of a phase must be a typed Envelope: one sample request per status seen says which code. */
async function typedCodes(url, statuses) {
  const codes = {};
  for (const status of Object.keys(statuses).filter((status) => status !== "200")) {
    const response = await fetch(url);
    const body = await response.json().catch(() => null);
    codes[status] = body?.error?.code ?? "untyped";
  }
  return codes;
}

async function phase(title, instances, path) {
  const before = instances.map((instance) => instance.rssMb());
  const perInstance = Math.max(1, Math.round(CONNECTIONS / instances.length));
  const runs = await Promise.all(instances.map((instance) => load(`${instance.base}${path}`, perInstance)));
  const statuses = {};
  for (const run of runs) for (const [status, stats] of Object.entries(run.statusCodeStats ?? {})) statuses[status] = (statuses[status] ?? 0) + stats.count;
  return {
    title,
    instances: instances.length,
    connections: perInstance * instances.length,
    requests: runs.reduce((sum, run) => sum + run.requests.total, 0),
    rps: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p50_ms: Math.max(...runs.map((run) => run.latency.p50)),
    p99_ms: Math.max(...runs.map((run) => run.latency.p99)),
    statuses,
    typed_codes: await typedCodes(`${instances[0].base}${path}`, statuses),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    rss_mb_before: before,
    rss_mb_after: instances.map((instance) => instance.rssMb()),
  };
}

const a = await startInstance("a");
const b = await startInstance("b");
const stored = await (await fetch(`${a.base}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${baseOf(pages)}/article` }) })).json();
if (!stored.ok) throw new Error(`could not store the bench page: ${JSON.stringify(stored.error)}`);
const openPath = `/v1/open/${encodeURIComponent(stored.data.handle)}?page=1&page_size_tokens=200`;
const searchPath = "/v1/search?q=retry+after&no_extract=1";
// Warm both (first Redis connection, first search: module loads).
for (const instance of [a, b]) {
  await (await fetch(`${instance.base}${openPath}`)).arrayBuffer();
  await (await fetch(`${instance.base}${searchPath}`)).arrayBuffer();
}

const results = [];
results.push(await phase("GET /v1/open/:handle", [a], openPath));
results.push(await phase("GET /v1/open/:handle", [a, b], openPath));
results.push(await phase("GET /v1/search?no_extract=1", [a], searchPath));
results.push(await phase("GET /v1/search?no_extract=1", [a, b], searchPath));

const alive = [a, b].every((instance) => instance.child.exitCode === null);
for (const instance of [a, b]) instance.child.kill("SIGTERM");
await Promise.all([a, b].map((instance) => (instance.child.exitCode !== null ? undefined : new Promise((resolve) => instance.child.once("exit", resolve)))));
redis.kill("SIGTERM");
pages.close();
searxng.closeAllConnections();
searxng.close();
rmSync(scratch, { recursive: true, force: true });

const summary = { seconds_per_phase: SECONDS, connections: CONNECTIONS, node: process.version, results, instances_alive: alive };
if (asJson) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
else {
  const lines = [
    `websift serve on one Redis: ${SECONDS} s per phase, ${CONNECTIONS} connections in all, loopback (node ${process.version})`,
    "",
    "| phase | instances | requests | req/s | p50 ms | p99 ms | statuses (non-200: code) | errors | RSS MB before -> after |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |",
  ];
  for (const row of results) {
    const statuses = Object.entries(row.statuses).map(([status, count]) => `${status}: ${count}${row.typed_codes[status] ? ` (${row.typed_codes[status]})` : ""}`).join(", ");
    const rss = row.rss_mb_before.map((before, index) => `${before} -> ${row.rss_mb_after[index]}`).join("; ");
    lines.push(`| ${row.title} | ${row.instances} | ${row.requests} | ${row.rps} | ${row.p50_ms} | ${row.p99_ms} | ${statuses} | ${row.errors} | ${rss} |`);
  }
  lines.push("", `both instances running after the load: ${alive}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
const untyped = results.some((row) => Object.values(row.typed_codes).includes("untyped"));
process.exitCode = alive && !untyped && results.every((row) => row.errors === 0) ? 0 : 1;
