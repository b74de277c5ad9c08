// Store benchmark (issue 7): 10,000 passages. Measures websift's store side by side, in the same run and
// on the same passages, with two stock baselines:
//   - flexsearch `Document` with default options (only the required document descriptor), queried
//     directly: `doc.search(query, { limit: 10 })` - no BM25 re-ranking, no snapshot, in memory only;
//   - a naive linear scan: every passage lower-cased once, a passage matches when it contains every
//     lower-cased query term as a substring; all passages are scanned, the first 10 matches returned.
// websift is measured twice: `store.search` end to end (manifest check, BM25 ranking, reading hit text
// from the page files) and its `SearchIndex.search` alone in memory (recall + BM25, no I/O), which is
// the like-for-like comparison with the stock in-memory engines.
//
// Also reports: add time; "open + first search" in a fresh process both cold (no index snapshot: every
// page file read and indexed) and warm (snapshot restored); size on disk (page files, snapshot); heap
// of each in-memory engine; peak RSS of each process; answer quality on the phrase queries (is the
// passage the phrase was lifted from ranked first?).
//
// Build first (from packages/store): pnpm exec tsc -p tsconfig.build.json
// Run:   node bench/store-bench.mjs [flags]        (or `pnpm bench` here / `pnpm bench:store` at the root)
//
// Flags (all optional):
//   --passages N   target passage count (default 10000; pages of 10 sections + a title passage each)
//   --runs N       fresh-process "open + first search" runs, cold and warm each (default 5)
//   --reps N       repetitions of the whole 2,000-query set per engine; engine order rotates (default 5)
//   --json         print the JSON report only (default: JSON report, then Markdown tables)
//   --open-search DIR QUERY   internal: child mode (one fresh open + first search)
//
// The machine (2 vCPUs) is shared: CPU time (process.cpuUsage, whole process) is reported next to
// wall time, every figure that repeats is a median, and the 1-minute load average is sampled per rep.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { openPageStore } from "../dist/core/page-store.js";
import { runStoreOperation } from "../dist/index.js";

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
const REPS = option("--reps", 5);
const JSON_ONLY = process.argv.includes("--json");
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
  return { ...JSON.parse(output.trim().split("\n").pop()), wall_ms: wall, load: Math.round(os.loadavg()[0] * 100) / 100 };
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
  const sourcesSeen = new Set([...warm.map((r) => `warm:${r.source}`), ...cold.map((r) => `cold:${r.source}`)]);

  // ---- The same passages for the in-memory engines (websift's own splitter, so spans match the store's).
  const { splitIntoPassages } = await import("../dist/core/passages.js");
  const { SearchIndex } = await import("../dist/core/search-index.js");
  const { Document } = await import("flexsearch");
  const passages = [];
  const spansOf = pages.map((page, p) => {
    const spans = splitIntoPassages(page.markdown);
    for (const span of spans) passages.push({ id: passages.length, page: p, start: span.start, text: page.markdown.slice(span.start, span.end) });
    return spans;
  });
  const passageKey = (page, start) => `${page}:${start}`;

  // Heap of each in-memory engine: forced GC before and after building it.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const built = {};
  const build = (name, make) => {
    gc(); gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const cpu = process.cpuUsage();
    const t = performance.now();
    const engine = make();
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    gc(); gc();
    built[name] = { build_wall_ms: Math.round(wall), build_cpu_ms: Math.round((used.user + used.system) / 1000), heap_mib: mib(process.memoryUsage().heapUsed - heapBefore) };
    return engine;
  };
  const memoryIndex = build("websift_index", () => {
    const index = new SearchIndex();
    pages.forEach((page, p) => index.addPage(`p${p}`, "v1", page.markdown, spansOf[p]));
    return index;
  });
  const flex = build("flexsearch", () => {
    const doc = new Document({ document: { id: "id", index: "text" } });
    for (const passage of passages) doc.add({ id: passage.id, text: passage.text });
    return doc;
  });
  const lowered = build("naive", () => passages.map((passage) => passage.text.toLowerCase()));
  let flexExportBytes = 0;
  await flex.export((key, data) => {
    flexExportBytes += Buffer.byteLength(String(key)) + Buffer.byteLength(typeof data === "string" ? data : JSON.stringify(data ?? null));
  });
  const passageTextBytes = passages.reduce((sum, passage) => sum + Buffer.byteLength(passage.text), 0);

  started = performance.now();
  const reopened = await openPageStore({ dir, max_bytes: 2 ** 40 });
  await reopened.search(probe);
  const inProcessWarmMs = performance.now() - started;

  // Queries: 1-3 random words; every 4th a 4-word phrase lifted from a real passage (its source is known).
  const sources = [];
  const queries = Array.from({ length: QUERIES }, (_, i) => {
    if (i % 4 === 0) {
      const p = Math.floor(random() * pages.length);
      const markdown = pages[p].markdown;
      const paragraph = markdown.split("\n\n")[3] ?? "";
      const words = paragraph.split(" ");
      const start = Math.floor(random() * Math.max(1, words.length - 4));
      const offset = markdown.indexOf(paragraph);
      const span = spansOf[p].find((sp) => sp.start <= offset && offset < sp.end);
      sources[i] = passageKey(p, span?.start ?? -1);
      return words.slice(start, start + 4).join(" ");
    }
    return sentence(1 + Math.floor(random() * 3));
  });

  const pageOfUrl = (url) => Number(/\/page\/(\d+)$/.exec(url)?.[1] ?? -1);
  const engines = {
    websift_store: {
      label: "websift `store.search` (end to end: BM25 + hit text read from page files)",
      search: async (q) => (await reopened.search(q, { limit: 10 })).passages.map((h) => passageKey(pageOfUrl(h.url), h.span.start)),
    },
    websift_index: {
      label: "websift `SearchIndex.search` (in memory: exact BM25 over an inverted list, no I/O)",
      search: (q) => memoryIndex.search(q, { limit: 10 }).map((h) => passageKey(Number(h.handle.slice(1)), h.start)),
    },
    flexsearch: {
      label: "stock flexsearch `Document`, default options, no re-ranking",
      search: (q) => {
        const fields = flex.search(q, { limit: 10 });
        const ids = fields[0]?.result ?? [];
        return ids.map((id) => passageKey(passages[id].page, passages[id].start));
      },
    },
    naive: {
      label: "stock naive scan (lower-cased substring match of every term)",
      search: (q) => {
        const terms = q.toLowerCase().split(/\s+/).filter((t) => t.length > 0);
        const hits = [];
        for (let k = 0; k < lowered.length; k++) {
          const text = lowered[k];
          let all = true;
          for (const term of terms) if (!text.includes(term)) { all = false; break; }
          if (all && hits.length < 10) hits.push(passageKey(passages[k].page, passages[k].start));
        }
        return hits;
      },
    },
  };
  const names = Object.keys(engines);

  for (const name of names) for (const query of queries.slice(0, 100)) await engines[name].search(query); // warm-up
  const perRep = Object.fromEntries(names.map((n) => [n, []]));
  const quality = {};
  const loads = [];
  for (let rep = 0; rep < REPS; rep += 1) {
    const order = names.map((_, k) => names[(k + rep) % names.length]);
    for (const name of order) {
      const { search } = engines[name];
      const latencies = [];
      let withHits = 0;
      let sourceFirst = 0;
      let sourceInTop = 0;
      const cpu = process.cpuUsage();
      const batchStart = performance.now();
      for (let i = 0; i < queries.length; i += 1) {
        const t = performance.now();
        const hits = await search(queries[i]);
        latencies.push(performance.now() - t);
        if (hits.length > 0) withHits += 1;
        if (sources[i] !== undefined) {
          if (hits[0] === sources[i]) sourceFirst += 1;
          if (hits.includes(sources[i])) sourceInTop += 1;
        }
      }
      const batchWall = performance.now() - batchStart;
      const used = process.cpuUsage(cpu);
      latencies.sort((a, b) => a - b);
      const load = os.loadavg()[0];
      loads.push(load);
      perRep[name].push({
        p50: percentile(latencies, 0.5),
        p90: percentile(latencies, 0.9),
        p99: percentile(latencies, 0.99),
        max: latencies[latencies.length - 1],
        wall_per_query: batchWall / queries.length,
        cpu_per_query: (used.user + used.system) / 1000 / queries.length,
        load,
      });
      quality[name] = { queries_with_hits: withHits, phrase_queries: sources.filter(Boolean).length, phrase_source_ranked_first: sourceFirst, phrase_source_in_top10: sourceInTop };
    }
  }
  await reopened.close();

  // The contract entry point as agent-io calls it (issue 13): the store stays open across calls, so its
  // index and page cache are reused; side by side with opening the store per call, as 1.0.0's entry point did.
  const ENTRY_QUERIES = 200;
  const entryLatencies = { kept_open: [], open_per_call: [] };
  for (let i = 0; i < ENTRY_QUERIES; i += 1) {
    const query = queries[i];
    let t = performance.now();
    const reply = await runStoreOperation({ operation: "search", store_dir: dir, query, limit: 10 });
    entryLatencies.kept_open.push(performance.now() - t);
    if (!reply.ok) throw new Error(`entry point search failed: ${reply.error?.message}`);
    t = performance.now();
    const fresh = await openPageStore({ dir, max_bytes: 2 ** 40 });
    await fresh.search(query, { limit: 10 });
    await fresh.close();
    entryLatencies.open_per_call.push(performance.now() - t);
  }
  const entryPoint = Object.fromEntries(Object.entries(entryLatencies).map(([name, values]) => {
    values.sort((a, b) => a - b);
    return [name, { p50_ms: ms(percentile(values, 0.5)), p90_ms: ms(percentile(values, 0.9)), queries: values.length }];
  }));

  const searchSummary = Object.fromEntries(names.map((name) => {
    const rs = perRep[name];
    const med = (key, digits = 2) => Math.round(median(rs.map((r) => r[key])) * 10 ** digits) / 10 ** digits;
    return [name, {
      p50_ms_median: med("p50", 3),
      p90_ms_median: med("p90", 3),
      p99_ms_median: med("p99", 3),
      max_ms_median: med("max", 1),
      p50_ms_runs: rs.map((r) => ms(r.p50)),
      p99_ms_runs: rs.map((r) => ms(r.p99)),
      wall_ms_per_query_median: med("wall_per_query", 3),
      cpu_ms_per_query_median: med("cpu_per_query", 3),
      load_average_1m_runs: rs.map((r) => Math.round(r.load * 100) / 100),
      ...quality[name],
    }];
  }));
  const ws = searchSummary.websift_store;

  const report = {
    node: process.version,
    cpus: os.cpus().length,
    total_mem_gib: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    load_average_1m_at_end: Math.round(os.loadavg()[0] * 100) / 100,
    load_average_1m_during_search_min: Math.round(Math.min(...loads) * 100) / 100,
    load_average_1m_during_search_max: Math.round(Math.max(...loads) * 100) / 100,
    load_average_1m_during_open_runs: [...warm, ...cold].map((r) => r.load).filter((l) => l !== undefined),
    pages: stats.pages,
    passages: stats.passages,
    in_memory_engines_passages: passages.length,
    add_total_ms: Math.round(addMs),
    add_one_page_to_full_store_ms: Math.round(singleAddMs),
    index_sources_seen: [...sourcesSeen],
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
    search_queries_per_rep: queries.length,
    search_reps: REPS,
    search: searchSummary,
    entry_point_search: entryPoint,
    build_in_memory: built,
    page_file_bytes: stats.bytes,
    snapshot_bytes: snapshotBytes,
    store_bytes_on_disk: dirSize(dir),
    flexsearch_export_bytes: flexExportBytes,
    passage_text_bytes: passageTextBytes,
    bench_process_peak_rss_mib: mib(process.resourceUsage().maxRSS * 1024),
    target_warm_open_under_1s: median(warm.map((r) => r.ms)) < 1000,
    target_p50_under_10ms: ws.p50_ms_median < 10,
  };
  console.log(JSON.stringify(report, null, 2));

  if (!JSON_ONLY) {
    const rows = names.map((name) => {
      const r = searchSummary[name];
      return `| ${engines[name].label} | ${r.p50_ms_median} | ${r.p99_ms_median} | ${r.cpu_ms_per_query_median} | ${r.queries_with_hits} / ${queries.length} | ${r.phrase_source_ranked_first} / ${r.phrase_queries} | ${r.phrase_source_in_top10} / ${r.phrase_queries} |`;
    });
    const mb = (bytes) => `${Math.round((bytes / 1e6) * 10) / 10} MB`;
    console.log([
      "",
      `${stats.passages} passages in the store (${passages.length} in the in-memory engines), ${queries.length} queries x ${REPS} reps, medians over reps; Node ${process.version}, ${report.cpus} vCPUs; load average (1 min) during search ${report.load_average_1m_during_search_min}-${report.load_average_1m_during_search_max}`,
      "",
      "| engine | p50 ms | p99 ms | CPU ms / query | queries with hits | phrase source ranked 1st | phrase source in top 10 |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
      "| index | build (wall / CPU) | heap after build | on disk |",
      "| --- | ---: | ---: | ---: |",
      `| websift store (add ${pages.length} pages, fsync + snapshot) | ${report.add_total_ms} ms | - | ${mb(report.store_bytes_on_disk)} (snapshot ${mb(snapshotBytes)}, page files ${mb(stats.bytes)}) |`,
      `| websift \`SearchIndex\` in memory | ${built.websift_index.build_wall_ms} / ${built.websift_index.build_cpu_ms} ms | ${built.websift_index.heap_mib} MiB | - |`,
      `| flexsearch \`Document\` (defaults) | ${built.flexsearch.build_wall_ms} / ${built.flexsearch.build_cpu_ms} ms | ${built.flexsearch.heap_mib} MiB | export ${mb(flexExportBytes)} (not written; index only, no text) |`,
      `| naive scan (lower-cased copies) | ${built.naive.build_wall_ms} / ${built.naive.build_cpu_ms} ms | ${built.naive.heap_mib} MiB | passage text ${mb(passageTextBytes)} |`,
      "",
      "| open + first search, fresh process | median ms (wall) | CPU ms | runs | peak RSS |",
      "| --- | ---: | ---: | --- | ---: |",
      `| websift warm (snapshot restored) | ${report.warm_open_first_search_ms_median} | ${report.warm_open_first_search_cpu_ms_median} | ${report.warm_open_first_search_ms_runs.join(", ")} | ${report.warm_peak_rss_mib} MiB |`,
      `| websift cold (no snapshot: read + index every page file) | ${report.cold_open_first_search_ms_median} | ${report.cold_open_first_search_cpu_ms_median} | ${report.cold_open_first_search_ms_runs.join(", ")} | ${report.cold_peak_rss_mib} MiB |`,
      "",
      `| store contract entry point, search (${ENTRY_QUERIES} queries, alternating) | p50 ms | p90 ms |`,
      "| --- | ---: | ---: |",
      `| store kept open across calls (2.0.0+) | ${entryPoint.kept_open.p50_ms} | ${entryPoint.kept_open.p90_ms} |`,
      `| store opened per call (1.0.0's entry point) | ${entryPoint.open_per_call.p50_ms} | ${entryPoint.open_per_call.p90_ms} |`,
    ].join("\n"));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
