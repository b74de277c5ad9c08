// Search latency alone, wall and CPU time per query, on the same corpus as store-bench.mjs
// (1,000 pages x 10 sections + a title passage = 11,000 passages). Separate from store-bench.mjs so
// it can be pointed at two builds and run interleaved on a shared, loaded machine:
//   node bench/search-latency.mjs [--dist DIR] [--rounds N]
// DIR defaults to ../dist (build first: `pnpm exec tsc -p tsconfig.build.json`). Two sets of queries:
// the store-bench mix (1-3 Zipf words, every 4th a 4-word phrase from a passage) and "common": 1-3 of
// the 8 most frequent words, each in thousands of passages (the case the old recall cut-off hit).
// Reported per set: median over rounds of p50/p90/p99, wall ms and CPU ms (process.cpuUsage).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(option("--dist", path.join(here, "..", "dist")));
const ROUNDS = Number(option("--rounds", "5"));
const { openPageStore } = await import(pathToFileURL(path.join(dist, "core", "page-store.js")).href);

// Same generator and seed as store-bench.mjs: the same corpus, and queries of the same kinds.
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
const pages = Array.from({ length: 1_000 }, (_, p) => {
  const sections = Array.from({ length: 10 }, () => `## ${sentence(3)}\n\n${sentence(60)}.\n\n${sentence(60)}.\n`);
  return { url: `https://bench${p % 50}.example/page/${p}`, markdown: `# Page ${p}\n\n${sections.join("\n")}` };
});
const mixed = Array.from({ length: 2_000 }, (_, i) => {
  if (i % 4 === 0) {
    const words = (pages[Math.floor(random() * pages.length)].markdown.split("\n\n")[3] ?? "").split(" ");
    const start = Math.floor(random() * Math.max(1, words.length - 4));
    return words.slice(start, start + 4).join(" ");
  }
  return sentence(1 + Math.floor(random() * 3));
});
const common = Array.from({ length: 500 }, (_, i) => Array.from({ length: 1 + (i % 3) }, (_, j) => vocabulary[(i * 5 + j * 3) % 8]).join(" "));

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round2 = (value) => Math.round(value * 100) / 100;

const dir = mkdtempSync(path.join(os.tmpdir(), "websift-search-latency-"));
try {
  const writer = await openPageStore({ dir, max_bytes: 2 ** 40 });
  await writer.add(pages);
  await writer.close();
  const store = await openPageStore({ dir, max_bytes: 2 ** 40 });
  for (const query of [...mixed.slice(0, 200), ...common.slice(0, 50)]) await store.search(query, { limit: 10 }); // warm-up

  const rounds = { mixed: [], common: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, queries] of Object.entries({ mixed, common })) {
      const wall = [];
      const cpu = [];
      for (const query of queries) {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await store.search(query, { limit: 10 });
        wall.push(performance.now() - started);
        const used = process.cpuUsage(cpuBefore);
        cpu.push((used.user + used.system) / 1000);
      }
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      rounds[name].push({ wall, cpu });
    }
  }
  await store.close();

  const summary = (list) => ({
    queries: list[0].wall.length,
    wall_p50_ms: round2(median(list.map((r) => percentile(r.wall, 0.5)))),
    wall_p90_ms: round2(median(list.map((r) => percentile(r.wall, 0.9)))),
    wall_p99_ms: round2(median(list.map((r) => percentile(r.wall, 0.99)))),
    cpu_p50_ms: round2(median(list.map((r) => percentile(r.cpu, 0.5)))),
    cpu_p90_ms: round2(median(list.map((r) => percentile(r.cpu, 0.9)))),
    cpu_p99_ms: round2(median(list.map((r) => percentile(r.cpu, 0.99)))),
  });
  console.log(
    JSON.stringify(
      { dist, node: process.version, rounds: ROUNDS, load_average_1m: round2(os.loadavg()[0]), mixed: summary(rounds.mixed), common: summary(rounds.common) },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
