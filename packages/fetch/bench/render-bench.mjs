#!/usr/bin/env node
// Render cost per page against a plain fetch, measured side by side in one run (issue 16): the same article
// served on loopback once as plain HTML (read by tier 0) and once as a JS-only shell whose script writes it
// and fetches its last paragraph (read by tier 2, headless Chromium). Per page: wall time, CPU of this
// process, CPU of the browser's processes, and the browser's peak RSS (all its processes summed, sampled
// from /proc every 50 ms). The first render (browser launch) is reported on its own.
//
//   pnpm --filter @websift/fetch run build && pnpm --filter @websift/fetch run bench [-- --pages 30]
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { fetchUrl } from "../dist/index.js";
import { browserProcessIds, closeBrowser } from "../dist/browser/browser-pool.js";

const { values } = parseArgs({ options: { pages: { type: "string", default: "20" } } });
const PAGES = Number(values.pages);
const TICKS = 100; // USER_HZ on Linux
const PAGE_SIZE = 4096;

const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1}: the render tier reads pages whose text is written by script, and this sentence pads the article to a realistic length.</p>`).join("");
const plainPage = `<!doctype html><html><head><title>Plain article</title></head><body><article><h1>Plain article</h1>${paragraphs}</article></body></html>`;
const shellPage = `<!doctype html><html><head><title>Loading</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>`;
const bundle = `document.title = "Rendered article"; const a = document.createElement("article"); a.innerHTML = ${JSON.stringify(`<h1>Rendered article</h1>${paragraphs}`)}; document.getElementById("root").appendChild(a);
fetch("/api/last").then((r) => r.json()).then((d) => { const p = document.createElement("p"); p.textContent = d.text; a.appendChild(p); });`;

const server = http.createServer((request, response) => {
  const send = (type, body) => response.writeHead(200, { "content-type": type }).end(body);
  if (request.url === "/plain") return send("text/html; charset=utf-8", plainPage);
  if (request.url === "/app") return send("text/html; charset=utf-8", shellPage);
  if (request.url === "/app.js") return send("text/javascript", bundle);
  if (request.url === "/api/last") return send("application/json", JSON.stringify({ text: "The last paragraph, from the page's own API." }));
  response.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const allow = [`127.0.0.1:${server.address().port}`];

/** Proportional set size: shared pages split between the processes that map them, so a sum is not inflated. */
function pssBytes(pid) {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function procStat(pid) {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), rssBytes: Number(fields[21]) * PAGE_SIZE };
  } catch {
    return undefined;
  }
}

/** The browser's main process and every descendant (renderers, GPU, utility processes). */
function browserTree() {
  const roots = new Set(browserProcessIds());
  if (roots.size === 0) return [];
  const stats = new Map();
  for (const entry of readdirSync("/proc")) if (/^\d+$/.test(entry)) { const stat = procStat(Number(entry)); if (stat) stats.set(Number(entry), stat); }
  const tree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of stats) if (!tree.has(pid) && tree.has(stat.ppid)) { tree.add(pid); grew = true; }
  }
  return [...tree].map((pid) => ({ pid, ...stats.get(pid) })).filter((p) => p.cpuTicks !== undefined);
}

// The process tree is rescanned every 8th sample (reading all of /proc is the expensive part); the sampler's
// own CPU is measured and taken out of the node figures.
let treeCache = [];
let samplesSinceScan = 0;
function currentTree() {
  if (samplesSinceScan++ % 8 === 0) treeCache = browserTree().map((p) => p.pid);
  return treeCache.map((pid) => ({ pid, ...procStat(pid) })).filter((p) => p.cpuTicks !== undefined);
}
let samplerMicros = 0;

// CPU of processes that ended (a closed renderer) is lost to /proc; counted per pid while alive instead.
const lastTicks = new Map();
let browserTicks = 0;
let peakRss = 0;
let peakPss = 0;
function sample() {
  const cpuBefore = process.cpuUsage();
  let rss = 0;
  let pss = 0;
  for (const p of currentTree()) {
    browserTicks += p.cpuTicks - (lastTicks.get(p.pid) ?? 0);
    lastTicks.set(p.pid, p.cpuTicks);
    rss += p.rssBytes;
    pss += pssBytes(p.pid);
  }
  peakRss = Math.max(peakRss, rss);
  peakPss = Math.max(peakPss, pss);
  const used = process.cpuUsage(cpuBefore);
  samplerMicros += used.user + used.system;
}

async function measure(label, request) {
  const walls = [];
  const cpus = [];
  const browserCpus = [];
  for (let i = 0; i < PAGES; i += 1) {
    const ticksBefore = browserTicks;
    const samplerBefore = samplerMicros;
    samplesSinceScan = 0;
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const timer = setInterval(sample, 50);
    const reply = await fetchUrl(request);
    clearInterval(timer);
    sample();
    walls.push(performance.now() - startedAt);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system - (samplerMicros - samplerBefore)) / 1000);
    browserCpus.push(((browserTicks - ticksBefore) / TICKS) * 1000);
    if (!reply.ok) throw new Error(`${label}: ${reply.error?.message}`);
  }
  return { walls, cpus, browserCpus };
}

const pct = (list, p) => { const sorted = [...list].sort((a, b) => a - b); return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]; };
const ms = (n) => `${n.toFixed(1)} ms`;

// Warm the plain path (module loading), then the first render on its own: it includes the browser launch.
await fetchUrl({ url: `${base}/plain`, allowed_private_hosts: allow });
const launchStarted = performance.now();
const firstTimer = setInterval(sample, 25);
const first = await fetchUrl({ url: `${base}/app`, tier: 2, allowed_private_hosts: allow });
clearInterval(firstTimer);
sample();
const firstRenderMs = performance.now() - launchStarted;
if (!first.ok) throw new Error(`first render: ${first.error?.message}`);
peakRss = 0;
peakPss = 0;

const plain = await measure("plain", { url: `${base}/plain`, allowed_private_hosts: allow });
const rendered = await measure("render", { url: `${base}/app`, tier: 2, allowed_private_hosts: allow });
const nodeRss = process.memoryUsage().rss;
await closeBrowser();
server.close();

console.log(`render bench: ${PAGES} pages each, one run, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
console.log(`first render (includes the browser launch): ${ms(firstRenderMs)}`);
console.log("| read | wall p50 | wall p90 | CPU (node) p50 | CPU (browser) p50 | browser peak PSS | browser peak RSS (summed) |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
console.log(`| plain fetch (tier 0) | ${ms(pct(plain.walls, 50))} | ${ms(pct(plain.walls, 90))} | ${ms(pct(plain.cpus, 50))} | - | - | - |`);
console.log(`| rendered (tier 2) | ${ms(pct(rendered.walls, 50))} | ${ms(pct(rendered.walls, 90))} | ${ms(pct(rendered.cpus, 50))} | ${ms(pct(rendered.browserCpus, 50))} | ${(peakPss / 1e6).toFixed(0)} MB | ${(peakRss / 1e6).toFixed(0)} MB |`);
console.log(`render / plain wall (p50): ${(pct(rendered.walls, 50) / pct(plain.walls, 50)).toFixed(1)}x; node RSS at the end ${(nodeRss / 1e6).toFixed(0)} MB`);
