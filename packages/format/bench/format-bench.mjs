// Benchmark: 1,000 results of ~5 KB each, with exact and near duplicates, formatted in one call.
// Build first: pnpm exec tsc -p tsconfig.build.json
// Run: node bench/format-bench.mjs [--results N] [--budget N] [--mode auto|index|full] [--cold-only 1]
// CPU time is reported next to wall time because this machine is shared: wall time inflates under load.
import os from "node:os";
import { performance } from "node:perf_hooks";

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const RESULTS = Number(args.get("results") ?? 1000);
const BODY_BYTES = 5 * 1024;
const budget = Number(args.get("budget") ?? 8000);
const mode = args.get("mode") ?? "auto";

// Deterministic pseudo-random words (no Math.random: the run must be reproducible).
let state = 0x9e3779b9;
function next() {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
}
const vocabulary = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}${"abcdefghij"[i % 10]}`);
function makeBody() {
  const words = [];
  let size = 0;
  while (size < BODY_BYTES) {
    const word = vocabulary[next() % vocabulary.length];
    words.push(word);
    size += word.length + 1;
    if (words.length % 60 === 0) { words.push("\n\n"); size += 2; }
  }
  return words.join(" ").slice(0, BODY_BYTES);
}
function nearCopy(body) {
  // Edit ~1% of the words: Jaccard over word 4-grams stays well above 0.9.
  const words = body.split(" ");
  for (let i = 0; i < words.length; i += 100) words[i] = `edited${i}`;
  return words.join(" ");
}

const originals = Math.round(RESULTS * 0.8);
const results = [];
for (let i = 0; i < originals; i++) {
  results.push({ url: `https://site${i % 97}.example/page/${i}`, title: `Page ${i}`, score: 1 - i / RESULTS, snippet: `snippet ${i}`, body_markdown: makeBody(), handle: `h_${i}` });
}
for (let i = originals; i < RESULTS; i++) {
  const source = results[(i * 7) % originals];
  const exact = i % 2 === 0;
  results.push({
    url: `https://mirror${i}.example/copy`,
    title: `${source.title} (copy)`,
    score: 0.5,
    body_markdown: exact ? `  ${source.body_markdown.toUpperCase()}  ` : nearCopy(source.body_markdown),
  });
}
const inputBytes = results.reduce((n, r) => n + Buffer.byteLength(r.body_markdown), 0);

const importStart = performance.now();
const { formatResults } = await import("../dist/core/format-results.js");
const importMs = performance.now() - importStart;

// The call is synchronous, so a sampling timer never fires during it: use the kernel's peak RSS instead.
const peakBeforeKb = process.resourceUsage().maxRSS;
const request = { query: "benchmark query", results, token_budget: budget, mode };
const cpuStart = process.cpuUsage();
const start = performance.now();
const out = formatResults(request);
const elapsedMs = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
const peakAfterKb = process.resourceUsage().maxRSS;

// Second call: warm JIT and tokenizer caches, as in a long-running server.
let warmMs = null;
let warmCpuMs = null;
if (!args.has("cold-only")) {
  const warmCpu = process.cpuUsage();
  const warmStart = performance.now();
  formatResults(request);
  warmMs = Math.round(performance.now() - warmStart);
  const used = process.cpuUsage(warmCpu);
  warmCpuMs = Math.round((used.user + used.system) / 1000);
}

const s = out.sidecar;
console.log(JSON.stringify({
  results: RESULTS,
  input_mb: +(inputBytes / 1024 / 1024).toFixed(2),
  token_budget: budget,
  mode_used: s.mode_used,
  kept: s.total_results,
  dropped_exact: s.dropped_duplicates.filter((d) => d.reason === "exact").length,
  dropped_minhash: s.dropped_duplicates.filter((d) => d.reason === "minhash").length,
  shown_on_page: s.results.length,
  token_count: s.token_count,
  import_ms: Math.round(importMs),
  first_call_wall_ms: Math.round(elapsedMs),
  first_call_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
  warm_call_wall_ms: warmMs,
  warm_call_cpu_ms: warmCpuMs,
  load_average_1m: +os.loadavg()[0].toFixed(2),
  cpus: os.cpus().length,
  peak_rss_mb: Math.round(peakAfterKb / 1024),
  peak_rss_growth_during_call_mb: Math.round((peakAfterKb - peakBeforeKb) / 1024),
  node: process.version,
}, null, 2));
