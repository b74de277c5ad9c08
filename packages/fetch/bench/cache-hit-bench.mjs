#!/usr/bin/env node
// Fetch cache hit latency, the local file cache against the cache on Redis, side by side in one run (issue 18):
// one page per size is fetched once into each cache, then read back through the fetch entry point (request
// validation and the Envelope included) in alternating rounds, so both see the same machine load. Redis is a
// redis-server started here on a random loopback port with its own data dir (AOF, appendfsync everysec),
// stopped at the end. Nothing leaves loopback.
//
//   pnpm --filter @websift/fetch run build && node packages/fetch/bench/cache-hit-bench.mjs [--hits 2000]
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeFetchConnections, fetchUrl } from "../dist/index.js";

const { values } = parseArgs({ options: { hits: { type: "string", default: "2000" } } });
const HITS = Number(values.hits);
const SIZES = [{ name: "10 KiB HTML", bytes: 10 * 1024 }, { name: "200 KiB HTML", bytes: 200 * 1024 }];

const pages = new Map(SIZES.map(({ bytes }) => [`/page-${bytes}`, `<html><body><p>${"cached text ".repeat(Math.ceil(bytes / 12))}</p></body></html>`.slice(0, bytes)]));
const site = http.createServer((request, response) => {
  const body = pages.get(request.url ?? "");
  if (body === undefined) return response.writeHead(404).end();
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const sitePort = site.address().port;

const freePort = () => new Promise((resolve) => { const probe = net.createServer().listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => resolve(port)); }); });
const redisPort = await freePort();
const redisDir = mkdtempSync(path.join(os.tmpdir(), "websift-bench-redis-"));
const redis = spawn("/usr/bin/redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", redisDir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""], { stdio: "ignore" });
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "websift-bench-cache-"));

const request = (pathname, shared) => ({
  url: `http://127.0.0.1:${sitePort}${pathname}`, allow_private_hosts: true, retries: 0,
  cache: { mode: "use", ttl_s: 3600, ...(shared ? {} : { dir: cacheDir }) }, ...(shared ? { redis_url: redisUrl } : {}),
});

async function timedHit(pathname, shared) {
  const started = process.hrtime.bigint();
  const envelope = await fetchUrl(request(pathname, shared));
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (envelope.data?.fetched_via !== "cache") throw new Error(`expected a cache hit, got ${envelope.data?.fetched_via} (${envelope.meta.warnings.join("; ")})`);
  return ms;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const format = (ms) => ms.toFixed(3);

try {
  for (let tries = 0; ; tries += 1) {
    const reply = await fetchUrl({ ...request("/page-10240", true), cache: { mode: "refresh", ttl_s: 3600 } });
    if (reply.meta.warnings.length === 0) break;
    if (tries > 40) throw new Error("redis-server did not come up");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${HITS} hits per cache and size, alternating\n`);
  console.log("| page | cache | p50 ms | p99 ms | mean ms |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const { name, bytes } of SIZES) {
    const pathname = `/page-${bytes}`;
    for (const shared of [false, true]) await fetchUrl({ ...request(pathname, shared), cache: { ...request(pathname, shared).cache, mode: "refresh" } });
    for (let i = 0; i < 50; i += 1) { await timedHit(pathname, false); await timedHit(pathname, true); } // warm-up
    const times = { local: [], redis: [] };
    for (let i = 0; i < HITS; i += 1) {
      // Alternate which goes first, so neither always runs right after the other's garbage.
      const order = i % 2 === 0 ? [false, true] : [true, false];
      for (const shared of order) times[shared ? "redis" : "local"].push(await timedHit(pathname, shared));
    }
    for (const [label, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      const mean = list.reduce((sum, ms) => sum + ms, 0) / list.length;
      console.log(`| ${name} | ${label === "local" ? "local file" : "Redis"} | ${format(percentile(sorted, 50))} | ${format(percentile(sorted, 99))} | ${format(mean)} |`);
    }
  }
} finally {
  await closeFetchConnections();
  site.close();
  redis.kill("SIGKILL");
  rmSync(redisDir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
}
