// Store on Redis (issue 18): store.search and store.get p50/p99, directory store vs Redis store, on the
// same pages, in one run, queries interleaved so machine load hits both alike. Every query's passages
// are checked equal between the two (same BM25, same order), and a fresh instance's first search is
// timed on each (directory: index snapshot restored; Redis: index built from the page records).
//
// Redis is a real redis-server started here on a random loopback port with the deployment's
// persistence (appendonly yes, appendfsync everysec), stopped at the end.
//
// Build first (from packages/store): pnpm run build
// Run:   node bench/store-redis-bench.mjs [--pages N] [--reps N] [--json]   (or `pnpm bench:redis` here)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import { openPageStore } from "../dist/core/page-store.js";
import { closeRedisClients } from "../dist/core/redis/redis-connection.js";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAGES = option("--pages", 300);
const REPS = option("--reps", 5);
const JSON_ONLY = process.argv.includes("--json");

function corpus() {
  return Array.from({ length: PAGES }, (_, p) => {
    const sections = Array.from({ length: 10 }, (_, s) => {
      const words = [];
      for (let i = 0; i < 20 + ((p * 7 + s * 3) % 30); i += 1) words.push(`term${(p * 13 + s * 5 + i * 7) % 400}`);
      if ((p + s) % 3 !== 0) words.push("shared", "redis", "store");
      return `## Section ${s} of page ${p}\n\n${words.join(" ")}.\n`;
    });
    return { url: `https://bench${p % 7}.example/doc/${p}`, markdown: `# Page ${p}\n\n${sections.join("\n")}` };
  });
}
const QUERIES = Array.from({ length: 100 }, (_, q) => (q % 10 === 0 ? "shared redis store" : `term${(q * 37) % 400} term${(q * 11 + 5) % 400}`));

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
async function startRedis(dir) {
  const port = await freePort();
  const child = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""], { stdio: "ignore" });
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true))).on("error", () => resolve(false));
    });
    if (up) return { child, url: `redis://127.0.0.1:${port}` };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 1000) / 1000;
const summary = (values) => ({ p50_ms: round(percentile(values, 50)), p99_ms: round(percentile(values, 99)), calls: values.length });

const scratch = mkdtempSync(path.join(os.tmpdir(), "websift-store-redis-bench-"));
const redis = await startRedis(path.join(scratch));
try {
  const pages = corpus();
  const stores = {
    directory: await openPageStore({ dir: path.join(scratch, "store"), max_bytes: 2 ** 40 }),
    redis: await openPageStore({ redisUrl: redis.url, max_bytes: 2 ** 40 }),
  };
  const add = {};
  const handles = [];
  for (const [name, store] of Object.entries(stores)) {
    const started = performance.now();
    for (let at = 0; at < pages.length; at += 50) {
      const reply = await store.add(pages.slice(at, at + 50));
      if (name === "redis") handles.push(...reply.added.map((page) => page.handle));
    }
    add[name] = round(performance.now() - started);
  }

  const search = { directory: [], redis: [] };
  const get = { directory: [], redis: [] };
  let mismatches = 0;
  for (let rep = 0; rep < REPS; rep += 1) {
    // Alternate which store goes first so neither always meets a warmer cache or a quieter machine.
    const order = rep % 2 === 0 ? ["directory", "redis"] : ["redis", "directory"];
    for (const [q, query] of QUERIES.entries()) {
      const answers = {};
      for (const name of order) {
        let started = performance.now();
        answers[name] = (await stores[name].search(query, { limit: 10 })).passages;
        search[name].push(performance.now() - started);
        const handle = handles[(q * 17 + rep) % handles.length];
        started = performance.now();
        await stores[name].get(handle, { page: 2, page_size_tokens: 200 });
        get[name].push(performance.now() - started);
      }
      if (!isDeepStrictEqual(answers.directory, answers.redis)) mismatches += 1;
    }
  }

  // A fresh instance (as a second server would be) on the same pages: open + first search.
  const firstSearch = {};
  for (const [name, options] of [["directory", { dir: path.join(scratch, "store"), max_bytes: 2 ** 40 }], ["redis", { redisUrl: redis.url, max_bytes: 2 ** 40 }]]) {
    const started = performance.now();
    const fresh = await openPageStore(options);
    await fresh.search(QUERIES[1], { limit: 10 });
    firstSearch[name] = { ms: round(performance.now() - started), index_from: fresh.indexSource };
  }

  const report = {
    machine: { cpus: os.cpus().length, load_1m: round(os.loadavg()[0]), node: process.version },
    pages: PAGES,
    passages: PAGES * 11,
    queries_per_store: QUERIES.length * REPS,
    add_ms: add,
    search: { directory: summary(search.directory), redis: summary(search.redis) },
    get_page_2: { directory: summary(get.directory), redis: summary(get.redis) },
    fresh_instance_open_and_first_search: firstSearch,
    ranking_mismatches: mismatches,
  };
  if (JSON_ONLY) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n\n`);
    process.stdout.write("| store | search p50 ms | search p99 ms | get p50 ms | get p99 ms | add all pages ms | fresh open + first search ms |\n| --- | --- | --- | --- | --- | --- | --- |\n");
    for (const name of ["directory", "redis"]) {
      process.stdout.write(`| ${name} | ${report.search[name].p50_ms} | ${report.search[name].p99_ms} | ${report.get_page_2[name].p50_ms} | ${report.get_page_2[name].p99_ms} | ${add[name]} | ${firstSearch[name].ms} (${firstSearch[name].index_from}) |\n`);
    }
  }
  for (const store of Object.values(stores)) await store.close();
} finally {
  await closeRedisClients();
  redis.child.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
}
