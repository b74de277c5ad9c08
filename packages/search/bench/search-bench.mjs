// Search pipeline cost benchmark (issue 15): the search layer's own work, with the network taken out.
//
// `runSearch` (packages/search/dist/run/search-pipeline.js) is called with an injected fetch that answers
// at once with a SearXNG JSON reply held in memory, so every millisecond measured is websift's own:
// config read, policy load, the SearXNG adapter's JSON parse and mapping, canonicalisation, fusion, policy
// (drop / demote / prefer / classify) and the final sort. Side by side, in the same loop and on the same
// reply string, the stock baseline: a plain `JSON.parse` of the reply (what any client pays at least).
//
// Cases: 200 and 2,000 results, under the packaged default policy and under real policy files (written to
// a temp dir, validated by the search-policy contract before use) that add 50 and 1,000 host rules
// (non_answer.hosts, demote_domains, prefer_domains, source_types; exact hosts and `*.suffix` wildcards)
// to the packaged lists. The generated results use varied hosts: a share of them hit the packaged rules
// and the extra rules, some carry tracking parameters, `www.`, search paths or bare home pages.
//
// Build first (from packages/search): pnpm exec tsc -p tsconfig.build.json
// Run:   node bench/search-bench.mjs [flags]      (or `pnpm bench` here / `pnpm bench:search` at the root)
//
// Flags (all optional):
//   --runs N     measured calls per case (default 300; a warm-up of N/5 calls comes first)
//   --reps N     repetitions of the whole case list, case order rotated each time (default 3)
//   --json       print the JSON report only (default: JSON report, then a Markdown table)
//   --also DIR   also time `runSearch` from another build of this package (DIR/dist/run/search-pipeline.js,
//                e.g. an older commit's packages/search built with its own @websift/contracts), interleaved
//                in the same loop, as a before/after column
//
// The machine (2 vCPUs) is shared: CPU time (process.cpuUsage of the whole process) is reported next to
// wall time, p50/p90 are medians over the repetitions, and the 1-minute load average is sampled per rep.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { validateContractValue } from "@websift/contracts";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { runSearch } from "../dist/run/search-pipeline.js";

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const RUNS = option("runs", 300);
const REPS = option("reps", 3);
const JSON_ONLY = process.argv.includes("--json");
const alsoIndex = process.argv.indexOf("--also");
const ALSO_DIR = alsoIndex === -1 ? undefined : path.resolve(process.argv[alsoIndex + 1]);
const alsoRunSearch = ALSO_DIR ? (await import(path.join(ALSO_DIR, "dist", "run", "search-pipeline.js"))).runSearch : undefined;

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_POLICY = path.join(here, "..", "policy", "default-policy.yaml");
const packaged = parseYaml(readFileSync(DEFAULT_POLICY, "utf8"));

// Deterministic pseudo-random numbers (mulberry32), so every run measures the same replies.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["http", "retry", "header", "cache", "rust", "async", "python", "error", "proxy", "token", "stream", "buffer", "socket", "index", "query", "schema", "parser", "worker", "thread", "kernel"];
const TLDS = ["com", "org", "net", "io", "dev", "co.uk", "de", "fr", "com.au", "github.io"];
const SUBDOMAINS = ["", "", "", "www.", "docs.", "blog.", "forum.", "api.", "en.", "m."];
const UPSTREAM = ["google", "bing", "duckduckgo", "brave", "mojeek", "qwant", "startpage", "wikipedia"];

/** Extra host rules: `count` generated registrable domains, spread over the four host-rule lists. */
function extraRules(count) {
  const next = random(15); // fixed seed: the first 50 domains of the 1,000-rule policy are the 50-rule policy's
  const domains = [];
  for (let index = 0; index < count; index += 1) {
    const word = `${WORDS[index % WORDS.length]}${WORDS[Math.floor(next() * WORDS.length)]}${index}`;
    domains.push(`${word}.${TLDS[index % TLDS.length]}`);
  }
  const lists = { hosts: [], demote: [], prefer: [], types: {} };
  domains.forEach((domain, index) => {
    const rule = index % 7 === 3 ? `*.${domain}` : domain;
    if (index % 4 === 0) lists.hosts.push(rule);
    else if (index % 4 === 1) lists.demote.push(rule);
    else if (index % 4 === 2) lists.prefer.push(rule);
    else lists.types[domain] = ["official", "code", "qa", "forum", "discussion", "web"][index % 6];
  });
  return { domains, lists };
}

function writePolicy(dir, count) {
  const { domains, lists } = extraRules(count);
  const policy = {
    ...packaged,
    non_answer: { ...packaged.non_answer, hosts: [...packaged.non_answer.hosts, ...lists.hosts] },
    demote_domains: [...packaged.demote_domains, ...lists.demote],
    prefer_domains: [...packaged.prefer_domains, ...lists.prefer],
    source_types: { ...(packaged.source_types ?? {}), ...lists.types },
  };
  const checked = validateContractValue("search-policy", undefined, policy);
  if (!checked.valid) throw new Error(`generated policy with ${count} extra rules is invalid: ${JSON.stringify(checked.issues)}`);
  const file = path.join(dir, `policy-${count}.yaml`);
  writeFileSync(file, stringifyYaml(policy));
  return { file, domains, rules: count };
}

const PACKAGED_HOSTS = [...packaged.non_answer.hosts, ...packaged.demote_domains, ...packaged.prefer_domains];

/** A SearXNG JSON reply with `count` results; about a third of the hosts hit a packaged or extra rule. */
function searxngReply(count, ruleDomains, seed) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const results = [];
  for (let index = 0; index < count; index += 1) {
    const roll = next();
    let host;
    if (roll < 0.2) host = `${pick(SUBDOMAINS)}${pick(PACKAGED_HOSTS)}`;
    else if (roll < 0.3 && ruleDomains.length > 0) host = `${pick(SUBDOMAINS)}${pick(ruleDomains)}`;
    else host = `${pick(SUBDOMAINS)}${pick(WORDS)}-${Math.floor(next() * 500)}.${pick(TLDS)}`;
    const shape = next();
    let pathPart = `/${pick(WORDS)}/${pick(WORDS)}-${index}`;
    if (shape < 0.03) pathPart = "/";
    else if (shape < 0.06) pathPart = `/search?q=${pick(WORDS)}`;
    else if (shape < 0.15) pathPart += `?utm_source=x&id=${index}&b=2&a=1`;
    else if (shape < 0.2) pathPart += `#section-${index}`;
    const engines = [...new Set([pick(UPSTREAM), ...(next() < 0.4 ? [pick(UPSTREAM)] : [])])];
    results.push({
      url: `${next() < 0.9 ? "https" : "http"}://${host}${pathPart}`,
      title: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} - result ${index + 1}`,
      content: `${Array.from({ length: 30 }, () => pick(WORDS)).join(" ")}.`,
      engine: engines[0],
      engines,
      positions: [index + 1],
      score: 1 / (index + 1),
      category: "general",
      ...(next() < 0.2 ? { publishedDate: "2025-03-14T09:30:00" } : {}),
    });
  }
  return JSON.stringify({ query: "http retry", results, answers: [], corrections: [], infoboxes: [], suggestions: ["http retry after"], unresponsive_engines: [] });
}

function envelopeFor(body) {
  return {
    contract: "fetch",
    contract_version: "1.0.0",
    ok: true,
    data: {
      url: "http://searx.bench.invalid/search",
      final_url: "http://searx.bench.invalid/search",
      status: 200,
      outcome: "ok",
      fetched_via: "network",
      blocked: false,
      block_reason: null,
      retry_after_s: null,
      content_type: "application/json",
      body,
    },
    error: null,
    meta: { layer: "fetch", elapsed_ms: 0, request_id: "bench", warnings: [] },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

async function measureCase(testCase, env) {
  const envelope = envelopeFor(testCase.body);
  const dependencies = { fetch: async () => envelope, env, warn: () => {} };
  const request = { query: "http retry", engines: ["searxng"], searxng_url: "http://searx.bench.invalid", ...(testCase.policy ? { policy_file: testCase.policy } : {}) };
  const warmup = Math.max(10, Math.floor(RUNS / 5));
  let check;
  for (let index = 0; index < warmup; index += 1) check = await runSearch(request, dependencies);
  if (!check.data || check.data.raw_result_count !== testCase.results) throw new Error(`${testCase.name}: unexpected reply ${JSON.stringify(check).slice(0, 300)}`);
  let sameAnswer = null;
  if (alsoRunSearch) {
    let other;
    for (let index = 0; index < warmup; index += 1) other = await alsoRunSearch(request, dependencies);
    // engines[].elapsed_ms is a timing and policy.source names each build's own packaged file: all else must be equal
    const comparable = (reply) =>
      JSON.stringify(reply, (key, value) => (key === "elapsed_ms" ? 0 : key === "source" && typeof value === "string" && value.endsWith("default-policy.yaml") ? "packaged" : value));
    sameAnswer = comparable(other) === comparable(check);
  }
  const pipeline = [];
  const also = [];
  const parse = [];
  const cpuStart = process.cpuUsage();
  let pipelineCpu = 0;
  for (let index = 0; index < RUNS; index += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await runSearch(request, dependencies);
    pipeline.push(performance.now() - started);
    const cpuAfter = process.cpuUsage(cpuBefore);
    pipelineCpu += (cpuAfter.user + cpuAfter.system) / 1000;
    if (alsoRunSearch) {
      const alsoStarted = performance.now();
      await alsoRunSearch(request, dependencies);
      also.push(performance.now() - alsoStarted);
    }
    const parseStarted = performance.now();
    JSON.parse(testCase.body);
    parse.push(performance.now() - parseStarted);
  }
  const totalCpu = process.cpuUsage(cpuStart); // includes the --also build and JSON.parse
  pipeline.sort((a, b) => a - b);
  parse.sort((a, b) => a - b);
  also.sort((a, b) => a - b);
  return {
    also_p50: alsoRunSearch ? percentile(also, 50) : null,
    also_p90: alsoRunSearch ? percentile(also, 90) : null,
    same_answer: sameAnswer,
    pipeline_p50: percentile(pipeline, 50),
    pipeline_p90: percentile(pipeline, 90),
    pipeline_cpu_ms: pipelineCpu / RUNS,
    parse_p50: percentile(parse, 50),
    parse_p90: percentile(parse, 90),
    total_cpu_ms: (totalCpu.user + totalCpu.system) / 1000,
    returned: check.data.returned_count,
    dropped: check.data.dropped_count,
  };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "websift-search-bench-"));
  try {
    const env = { WEBSIFT_CONFIG_DIR: path.join(dir, "config"), WEBSIFT_STATE_DIR: path.join(dir, "state"), HOME: dir };
    const policy50 = writePolicy(dir, 50);
    const policy1000 = writePolicy(dir, 1000);
    // The same reply for the 50- and 1,000-rule cases: its rule-hitting hosts come from the 50 rules,
    // which the 1,000-rule policy holds too (same generator), so only the rule count differs.
    const reply200 = searxngReply(200, policy50.domains, 200);
    const reply2000 = searxngReply(2000, policy50.domains, 2000);
    const cases = [
      { name: "200 results, packaged policy", results: 200, rules: 0, policy: undefined, body: reply200 },
      { name: "200 results, +50 host rules", results: 200, rules: 50, policy: policy50.file, body: reply200 },
      { name: "200 results, +1,000 host rules", results: 200, rules: 1000, policy: policy1000.file, body: reply200 },
      { name: "2,000 results, +50 host rules", results: 2000, rules: 50, policy: policy50.file, body: reply2000 },
      { name: "2,000 results, +1,000 host rules", results: 2000, rules: 1000, policy: policy1000.file, body: reply2000 },
    ];
    const perCase = new Map(cases.map((testCase) => [testCase.name, []]));
    const loads = [];
    for (let rep = 0; rep < REPS; rep += 1) {
      loads.push(os.loadavg()[0]);
      const order = cases.map((_, index) => cases[(index + rep) % cases.length]);
      for (const testCase of order) perCase.get(testCase.name).push(await measureCase(testCase, env));
    }
    const rows = cases.map((testCase) => {
      const reps = perCase.get(testCase.name);
      const pick = (key) => (reps[0][key] === null ? null : round(median(reps.map((rep) => rep[key]))));
      return {
        case: testCase.name,
        results: testCase.results,
        extra_rules: testCase.rules,
        reply_bytes: Buffer.byteLength(testCase.body),
        pipeline_p50_ms: pick("pipeline_p50"),
        pipeline_p90_ms: pick("pipeline_p90"),
        pipeline_cpu_ms: pick("pipeline_cpu_ms"),
        json_parse_p50_ms: pick("parse_p50"),
        json_parse_p90_ms: pick("parse_p90"),
        also_p50_ms: pick("also_p50"),
        also_p90_ms: pick("also_p90"),
        same_answer_as_also: ALSO_DIR ? reps.every((rep) => rep.same_answer) : null,
        returned: reps[0].returned,
        dropped: reps[0].dropped,
      };
    });
    const by = (name) => rows.find((row) => row.case === name).pipeline_p50_ms;
    const ratios = {
      rules_1000_over_50_at_200: round(by("200 results, +1,000 host rules") / by("200 results, +50 host rules"), 2),
      results_2000_over_200_at_50_rules: round(by("2,000 results, +50 host rules") / by("200 results, +50 host rules"), 2),
    };
    const targets = {
      "200 results p50 < 3 ms (+50 rules)": by("200 results, +50 host rules") < 3,
      "200 results p50 < 3 ms (packaged)": by("200 results, packaged policy") < 3,
      "1,000 rules < 1.5x of 50 rules": ratios.rules_1000_over_50_at_200 < 1.5,
      "2,000 results < 12x of 200": ratios.results_2000_over_200_at_50_rules < 12,
    };
    const report = { node: process.version, cpus: os.cpus().length, runs: RUNS, reps: REPS, also: ALSO_DIR ?? null, load_average_1m: loads.map((load) => round(load, 2)), rows, ratios, targets };
    console.log(JSON.stringify(report, null, 2));
    if (!JSON_ONLY) {
      const alsoHead = ALSO_DIR ? " `--also` build p50 ms | p90 ms | same reply |" : "";
      console.log(`\n| case | reply KB | websift \`runSearch\` p50 ms | p90 ms | CPU ms / call |${alsoHead} stock \`JSON.parse\` p50 ms | p90 ms | returned / dropped |`);
      console.log(`| --- | ---: | ---: | ---: | ---: |${ALSO_DIR ? " ---: | ---: | --- |" : ""} ---: | ---: | --- |`);
      for (const row of rows) {
        const alsoCells = ALSO_DIR ? ` ${row.also_p50_ms} | ${row.also_p90_ms} | ${row.same_answer_as_also ? "yes" : "NO"} |` : "";
        console.log(
          `| ${row.case} | ${Math.round(row.reply_bytes / 1024)} | **${row.pipeline_p50_ms}** | ${row.pipeline_p90_ms} | ${row.pipeline_cpu_ms} |${alsoCells} ${row.json_parse_p50_ms} | ${row.json_parse_p90_ms} | ${row.returned} / ${row.dropped} |`,
        );
      }
      console.log(`\nratios: 1,000 vs 50 rules (200 results) ${ratios.rules_1000_over_50_at_200}x; 2,000 vs 200 results (50 rules) ${ratios.results_2000_over_200_at_50_rules}x`);
      console.log(`targets: ${Object.entries(targets).map(([name, met]) => `${name}: ${met ? "met" : "MISSED"}`).join("; ")}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
