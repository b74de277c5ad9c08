// Store benchmark: 10,000 passages, search latency p50/p99, index size, add and cold-open times.
// Build first: `pnpm exec tsc -p tsconfig.build.json`, then `node bench/store-bench.mjs [--passages N]`.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openPageStore } from "../dist/core/page-store.js";
import { SearchIndex } from "../dist/core/search-index.js";
import { splitIntoPassages } from "../dist/core/passages.js";

const argPassages = process.argv.indexOf("--passages");
const TARGET_PASSAGES = argPassages > 0 ? Number(process.argv[argPassages + 1]) : 10_000;
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
const ms = (value) => Math.round(value * 1000) / 1000;
const dirSize = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
  const full = path.join(dir, entry.name);
  return sum + (entry.isDirectory() ? dirSize(full) : statSync(full).size);
}, 0);

const dir = mkdtempSync(path.join(os.tmpdir(), "websift-store-bench-"));
try {
  let started = performance.now();
  const store = await openPageStore({ dir, max_bytes: 2 ** 40 });
  for (let at = 0; at < pages.length; at += 100) await store.add(pages.slice(at, at + 100));
  const addMs = performance.now() - started;
  const stats = await store.stats();
  await store.close();

  // Cold open as the CLI does it: open, then the first search builds the index from page files.
  started = performance.now();
  const reopened = await openPageStore({ dir, max_bytes: 2 ** 40 });
  await reopened.search(vocabulary[5]);
  const coldOpenMs = performance.now() - started;

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
  let firstHitIsSource = 0;
  for (const query of queries) {
    const t = performance.now();
    const result = await reopened.search(query, { limit: 10 });
    latencies.push(performance.now() - t);
    if (result.passages.length > 0) firstHitIsSource += 1;
  }
  latencies.sort((a, b) => a - b);
  await reopened.close();

  // Index size: the flexsearch export and the heap of an index built from the same passages.
  const heapBefore = (globalThis.gc?.(), process.memoryUsage().heapUsed);
  const index = new SearchIndex();
  pages.forEach((page, i) => index.addPage(`bench.example~${String(i).padStart(12, "0")}`, page.markdown, splitIntoPassages(page.markdown)));
  const heapAfter = (globalThis.gc?.(), process.memoryUsage().heapUsed);

  const report = {
    node: process.version,
    pages: stats.pages,
    passages: stats.passages,
    add_total_ms: Math.round(addMs),
    cold_open_first_search_ms: Math.round(coldOpenMs),
    search_queries: latencies.length,
    search_p50_ms: ms(percentile(latencies, 0.5)),
    search_p90_ms: ms(percentile(latencies, 0.9)),
    search_p99_ms: ms(percentile(latencies, 0.99)),
    search_max_ms: ms(latencies[latencies.length - 1]),
    queries_with_hits: firstHitIsSource,
    store_bytes_on_disk: dirSize(dir),
    page_file_bytes: stats.bytes,
    flexsearch_export_bytes: index.exportedRecallBytes(),
    index_heap_bytes_approx: heapAfter - heapBefore,
    target_p50_under_10ms: percentile(latencies, 0.5) < 10,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
