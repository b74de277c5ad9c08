// Store benchmark: 10,000 passages. Reports add time; "open + first search" in a fresh process both
// cold (no index snapshot: every page file is read and indexed) and warm (snapshot restored);
// search latency p50/p99; size on disk (page files, snapshot); peak RSS of each process.
// Build first: `pnpm exec tsc -p tsconfig.build.json`, then `node bench/store-bench.mjs [--passages N] [--runs N]`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openPageStore } from "../dist/core/page-store.js";

const SNAPSHOT_FILE = "index.snapshot";
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

// Child mode: one fresh process doing what a CLI `search` does, timing open + first search.
if (process.argv[2] === "--open-search") {
  const [dir, query] = process.argv.slice(3);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const store = await openPageStore({ dir, max_bytes: 2 ** 40 });
  const result = await store.search(query);
  const elapsed = performance.now() - started;
  // CPU time of the same stretch: on a shared, loaded machine this is steadier than wall time.
  const cpu = process.cpuUsage(cpuBefore);
  await store.close();
  const report = { ms: elapsed, cpu_ms: (cpu.user + cpu.system) / 1000, source: store.indexSource, hits: result.passages.length, max_rss_bytes: process.resourceUsage().maxRSS * 1024 };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

const TARGET_PASSAGES = option("--passages", 10_000);
const RUNS = option("--runs", 5);
const SECTIONS_PER_PAGE = 10;
const WORDS_PER_SECTION = 120;
const QUERIES = 2_000;

// Deterministic pseudo-random text with a Zipf-like vocabulary so term statistics look like prose.
let seed = 42;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "da", "zu", "fi", "go", "he", "ja", "qu"];
const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
  let word = "";
  let n = i + 1;
  do {
    word += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return word;
});
const zipfWord = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * Math.log(vocabulary.length))) - 1)];
const sentence = (words) => Array.from({ length: words }, zipfWord).join(" ");

const pageCount = Math.ceil(TARGET_PASSAGES / SECTIONS_PER_PAGE);
const pages = Array.from({ length: pageCount }, (_, p) => {
  const sections = Array.from({ length: SECTIONS_PER_PAGE }, (_, s) => `## ${sentence(3)}\n\n${sentence(WORDS_PER_SECTION / 2)}.\n\n${sentence(WORDS_PER_SECTION / 2)}.\n`);
  return { url: `https://bench${p % 50}.example/page/${p}`, markdown: `# Page ${p}\n\n${sections.join("\n")}` };
});

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value) => Math.round(value * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const dirSize = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
  const full = path.join(dir, entry.name);
  return sum + (entry.isDirectory() ? dirSize(full) : statSync(full).size);
}, 0);

/** A fresh `node` process: open + first search (in-process time), whole-process wall time, peak RSS. */
function openSearchInChild(dir, query) {
  const started = performance.now();
  const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--open-search", dir, query], { encoding: "utf8" });
  const wall = performance.now() - started;
  return { ...JSON.parse(output.trim().split("\n").pop()), wall_ms: wall };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "websift-store-bench-"));
try {
  let started = performance.now();
  const store = await openPageStore({ dir, max_bytes: 2 ** 40 });
  for (let at = 0; at < pages.length; at += 100) await store.add(pages.slice(at, at + 100));
  const addMs = performance.now() - started;
  const stats = await store.stats();
  await store.close();
  const snapshotBytes = existsSync(path.join(dir, SNAPSHOT_FILE)) ? statSync(path.join(dir, SNAPSHOT_FILE)).size : 0;

  // One more page into the full store: what an agent's single `add` costs once a snapshot is kept.
  started = performance.now();
  const single = await openPageStore({ dir, max_bytes: 2 ** 40 });
  await single.add([{ url: "https://bench.example/one-more", markdown: `# One more\n\n${sentence(120)}\n` }]);
  await single.close();
  const singleAddMs = performance.now() - started;

  const probe = vocabulary[5];
  const warm = [];
  const cold = [];
  for (let run = 0; run < RUNS; run += 1) {
    warm.push(openSearchInChild(dir, probe));
    // Cold: no snapshot, so the first search reads and indexes every page file (and then, finding
    // the writer lock free, leaves a snapshot for the next process; that write is included).
    rmSync(path.join(dir, SNAPSHOT_FILE), { force: true });
    cold.push(openSearchInChild(dir, probe));
  }
  const sources = new Set([...warm.map((r) => `warm:${r.source}`), ...cold.map((r) => `cold:${r.source}`)]);

  started = performance.now();
  const reopened = await openPageStore({ dir, max_bytes: 2 ** 40 });
  await reopened.search(probe);
  const inProcessWarmMs = performance.now() - started;

  const queries = Array.from({ length: QUERIES }, (_, i) => {
    if (i % 4 === 0) {
      // A phrase lifted from a real passage.
      const page = pages[Math.floor(random() * pages.length)].markdown.split("\n\n")[3] ?? "";
      const words = page.split(" ");
      const start = Math.floor(random() * Math.max(1, words.length - 4));
      return words.slice(start, start + 4).join(" ");
    }
    return sentence(1 + Math.floor(random() * 3));
  });
  for (const query of queries.slice(0, 100)) await reopened.search(query); // warm-up
  const latencies = [];
  let withHits = 0;
  for (const query of queries) {
    const t = performance.now();
    const result = await reopened.search(query, { limit: 10 });
    latencies.push(performance.now() - t);
    if (result.passages.length > 0) withHits += 1;
  }
  latencies.sort((a, b) => a - b);
  await reopened.close();

  const report = {
    node: process.version,
    cpus: os.cpus().length,
    load_average_1m: Math.round(os.loadavg()[0] * 10) / 10,
    pages: stats.pages,
    passages: stats.passages,
    add_total_ms: Math.round(addMs),
    add_one_page_to_full_store_ms: Math.round(singleAddMs),
    index_sources_seen: [...sources],
    cold_open_first_search_ms_median: Math.round(median(cold.map((r) => r.ms))),
    cold_open_first_search_ms_runs: cold.map((r) => Math.round(r.ms)),
    cold_open_first_search_cpu_ms_median: Math.round(median(cold.map((r) => r.cpu_ms))),
    cold_process_wall_ms_median: Math.round(median(cold.map((r) => r.wall_ms))),
    cold_peak_rss_mib: mib(Math.max(...cold.map((r) => r.max_rss_bytes))),
    warm_open_first_search_ms_median: Math.round(median(warm.map((r) => r.ms))),
    warm_open_first_search_ms_runs: warm.map((r) => Math.round(r.ms)),
    warm_open_first_search_cpu_ms_median: Math.round(median(warm.map((r) => r.cpu_ms))),
    warm_process_wall_ms_median: Math.round(median(warm.map((r) => r.wall_ms))),
    warm_peak_rss_mib: mib(Math.max(...warm.map((r) => r.max_rss_bytes))),
    in_process_warm_open_first_search_ms: Math.round(inProcessWarmMs),
    search_queries: latencies.length,
    search_p50_ms: ms(percentile(latencies, 0.5)),
    search_p90_ms: ms(percentile(latencies, 0.9)),
    search_p99_ms: ms(percentile(latencies, 0.99)),
    search_max_ms: ms(latencies[latencies.length - 1]),
    queries_with_hits: withHits,
    page_file_bytes: stats.bytes,
    snapshot_bytes: snapshotBytes,
    store_bytes_on_disk: dirSize(dir),
    bench_process_peak_rss_mib: mib(process.resourceUsage().maxRSS * 1024),
    target_warm_open_under_1s: median(warm.map((r) => r.ms)) < 1000,
    target_p50_under_10ms: percentile(latencies, 0.5) < 10,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
