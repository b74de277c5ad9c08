#!/usr/bin/env node
// WCXB benchmark of the extract core against stock Readability, in one run.
// Plain ESM over the compiled core, so no TypeScript loader is needed (tsx is not installed):
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/extract-bench.mjs --corpus DIR
// Options: --limit N (first N pages), --types a,b (only these page types), --no-baseline,
//   --chunk N (baseline pages per child process, default 250), --out FILE (per-page predictions and F1, and stock's predictions),
//   --reference FILE (the corpus's score-wcxb.mjs; default: DIR/../score-wcxb.mjs when present),
//   --via-cli (run our side through the built CLI, the acceptance path: `node bin/websift-extract.js --jsonl
//   --format text` as a child reading the pages as JSON lines from a file, one Envelope per line written to
//   another; pages/s is for the CLI from start to exit, start-up and JSON included; CPU is the utime+stime
//   of the CLI's processes once they have exited, peak RSS their VmHWM polled from /proc, so Linux only),
//   --rounds N (with --via-cli: N rounds of ours then stock over the same pages, the speed ratio of each
//   round and their median; quality and metadata come from the first round. A shared or virtual machine's
//   speed drifts by 10-40% within minutes, so one round's ratio says little).
// Without --via-cli our side runs in this process over every page (pages/s and peak RSS are for one process
// over the whole split; with the baseline, a table of ms per page by page type for both sides), re-run under the V8 heap settings the CLI uses for --jsonl (bin/node-flags.js) so
// both modes measure the same runtime; NODE_OPTIONS=--max-old-space-size=N overrides them (4096 is Node's
// default here). The baseline runs in child processes because jsdom does not survive the whole split in one.
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scorePages } from './wcxb-metric.mjs';
import { printMetadataReport, scoreMetadata } from './metadata-report.mjs';
import { hasHeapLimitFlag, relaunchUnderLongRunFlags } from '../bin/node-flags.js';

const here = dirname(fileURLToPath(import.meta.url));
let ticks; // clockTicks()
const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    limit: { type: 'string' },
    types: { type: 'string' },
    'no-baseline': { type: 'boolean', default: false },
    chunk: { type: 'string', default: '250' },
    out: { type: 'string' },
    reference: { type: 'string' },
    'via-cli': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
if (!values.corpus) {
  console.error('usage: node bench/extract-bench.mjs --corpus DIR [--limit N] [--types a,b] [--no-baseline] [--via-cli [--rounds N]] [--out FILE]');
  process.exit(2);
}
if (!values['via-cli'] && !hasHeapLimitFlag()) {
  process.exit(await relaunchUnderLongRunFlags(fileURLToPath(import.meta.url), process.argv.slice(2)));
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || (rounds > 1 && (!values['via-cli'] || values['no-baseline']))) {
  console.error('--rounds N needs a whole number N >= 1, and --via-cli with the baseline (in this process a second round would run warm)');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const binPath = join(here, '../bin/websift-extract.js');

// Ground truth first, so both sides see the same page list. Only id, URL and type are kept while pages are
// extracted: the truth texts (14 M characters) would otherwise sit in our side's heap and inflate its RSS.
const readTruth = (id) => JSON.parse(readFileSync(join(corpus, 'ground-truth', `${id}.json`), 'utf8'));
let pages = readdirSync(join(corpus, 'ground-truth'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const id = f.replace(/\.json$/, '');
    const gt = readTruth(id);
    const primary = gt._internal?.page_type?.primary ?? 'unknown';
    return {
      id,
      // A few ground-truth files have no URL; the core requires one, so they get a stand-in.
      url: gt.url || `https://wcxb.invalid/${id}`,
      type: primary === 'category' ? 'collection' : primary,
    };
  });
if (values.types) {
  const keep = new Set(values.types.split(','));
  pages = pages.filter((p) => keep.has(p.type));
}
if (values.limit) pages = pages.slice(0, Number(values.limit));

const readHtml = (id) => gunzipSync(readFileSync(join(corpus, 'html', `${id}.html.gz`))).toString('utf8');
const ours = values['via-cli'] ? await runViaCli(pages) : await runInProcess(pages);

// Baseline: chunks of pages, one child each, run one after another so the two sides do not compete.
const baseline = values['no-baseline'] ? null : await runBaseline(pages);
// Further rounds alternate the two sides again; each round's ratio compares runs minutes apart at most.
const speedRounds = baseline ? [{ ours, baseline }] : [];
for (let round = 2; round <= rounds; round++) speedRounds.push({ ours: await runViaCli(pages), baseline: await runBaseline(pages) });

async function runBaseline(list) {
  const preds = {};
  const pageMs = {};
  let ms = 0;
  let cpuMs = 0;
  let rss = 0;
  const size = Number(values.chunk);
  for (let i = 0; i < list.length; i += size) {
    const chunk = list.slice(i, i + size).map(({ id, url }) => ({ id, url }));
    const out = await runChild(join(here, 'baseline-worker.mjs'), JSON.stringify({ corpus, pages: chunk }));
    Object.assign(preds, out.predictions);
    Object.assign(pageMs, out.page_ms);
    ms += out.ms;
    cpuMs += out.cpu_ms;
    rss = Math.max(rss, out.max_rss_mb);
  }
  return { preds, pageMs, ms, cpuMs, rss };
}

const scored = pages.map((p) => {
  const gt = readTruth(p.id).ground_truth ?? {};
  return { ...p, truth: gt.main_content ?? '', with: gt.with, without: gt.without, labels: { title: gt.title, author: gt.author, publish_date: gt.publish_date } };
});
const oursScore = scorePages(scored, ours.preds);
const baseScore = baseline ? scorePages(scored, baseline.preds) : null;

// Cross-check the metric against the reference scorer when it is at hand (same pages only).
let crossCheck = null;
const referencePath = values.reference ?? join(corpus, '..', 'score-wcxb.mjs');
if (existsSync(referencePath) && !values.types && !values.limit) {
  const ref = await import(pathToFileURL(referencePath).href);
  const refScore = ref.scoreCorpus(corpus, ours.preds);
  crossCheck = Math.abs(refScore.overall.f1 - oursScore.summary.overall.f1);
}

const fmt = (x) => (x === null || x === undefined ? '-' : x.toFixed(3));
const order = ['overall', 'article', 'documentation', 'service', 'listing', 'collection', 'forum', 'product'];
const keys = [...order.filter((k) => oursScore.summary[k]), ...Object.keys(oursScore.summary).filter((k) => !order.includes(k))];
console.log(`WCXB ${corpus}: ${pages.length} pages${ours.failures ? `, ${ours.failures} extraction errors` : ''}`);
console.log('| page type | pages | F1 ours | F1 stock | P ours | P stock | R ours | R stock | with ours | without ours |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const k of keys) {
  const o = oursScore.summary[k];
  const b = baseScore?.summary[k];
  console.log(`| ${k} | ${o.pages} | ${fmt(o.f1)} | ${fmt(b?.f1)} | ${fmt(o.precision)} | ${fmt(b?.precision)} | ${fmt(o.recall)} | ${fmt(b?.recall)} | ${fmt(o.with_rate)} | ${fmt(o.without_rate)} |`);
}
// Wall-clock rates suffer when other work shares the machine; pages per CPU-second (user + system, whole
// process including GC and reading) is the steadier figure for the ratio.
const oursPps = pages.length / ((ours.ms ?? ours.wallMs) / 1000);
const oursCpuPps = pages.length / ours.cpuS;
console.log(`\nours: ${ours.summary(pages.length)}`);
if (baseline) {
  const basePps = pages.length / (baseline.ms / 1000);
  const baseCpuPps = pages.length / (baseline.cpuMs / 1000);
  console.log(`stock: ${basePps.toFixed(1)} pages/s wall (extraction only), ${baseCpuPps.toFixed(1)} pages per CPU-second, peak RSS ${baseline.rss} MB per child of <= ${values.chunk} pages`);
  console.log(`speed ratio ours/stock: ${(oursPps / basePps).toFixed(2)}x wall${ours.ms === null ? ' (ours: whole pipe)' : ''}, ${(oursCpuPps / baseCpuPps).toFixed(2)}x CPU`);
}
if (speedRounds.length > 1) {
  const ratios = speedRounds.map(({ ours: o, baseline: b }, i) => {
    const wall = (o.ms ?? o.wallMs) / b.ms;
    const cpu = o.cpuS / (b.cpuMs / 1000);
    console.log(`round ${i + 1}: ours ${(pages.length / ((o.ms ?? o.wallMs) / 1000)).toFixed(1)} pages/s, stock ${(pages.length / (b.ms / 1000)).toFixed(1)} pages/s: ${(1 / wall).toFixed(2)}x wall, ${(1 / cpu).toFixed(2)}x CPU`);
    return { wall: 1 / wall, cpu: 1 / cpu };
  });
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  console.log(`median speed ratio over ${ratios.length} rounds: ${median(ratios.map((r) => r.wall)).toFixed(2)}x wall, ${median(ratios.map((r) => r.cpu)).toFixed(2)}x CPU`);
}
// Speed per page type: extraction time per page, one page at a time on one thread on both sides (our side in
// this process; through the CLI only the whole run is timed, as above).
if (baseline && ours.pageMs) {
  console.log('\n| page type | pages | ours ms/page | stock ms/page | ours/stock pages per second |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const k of keys) {
    const ids = pages.filter((p) => k === 'overall' || p.type === k).map((p) => p.id);
    const mean = (perPage) => ids.reduce((sum, id) => sum + (perPage[id] ?? 0), 0) / Math.max(1, ids.length);
    const o = mean(ours.pageMs);
    const b = mean(baseline.pageMs);
    console.log(`| ${k} | ${ids.length} | ${o.toFixed(1)} | ${b.toFixed(1)} | ${(b / o).toFixed(2)}x |`);
  }
}
// Metadata and page type against the corpus labels (rules in metadata-report.mjs).
const metaRows = scored.map((p) => ({ type: p.type, truth: p.labels, pred: ours.details[p.id] ?? {} }));
printMetadataReport(scoreMetadata(metaRows), order);
if (crossCheck !== null) console.log(`metric cross-check vs ${referencePath}: |ΔF1| = ${crossCheck.toExponential(2)}`);
if (values.out) {
  const rows = pages.map((p) => ({ id: p.id, type: p.type, f1: oursScore.perPage[p.id], stock_f1: baseScore?.perPage[p.id] ?? null, ...ours.details[p.id] }));
  writeFileSync(values.out, JSON.stringify({ rows, predictions: ours.preds, stock_predictions: baseline?.preds ?? null }, null, 1));
}

/** Our side in this process, every page; extraction time only (reading and gunzip are the same for both sides). */
async function runInProcess(list) {
  const { extractPage } = await import(pathToFileURL(join(here, '../dist/core/extract-page.js')).href);
  const run = { preds: {}, details: {}, failures: 0, ms: 0, pageMs: {} };
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const page of list) {
    const html = readHtml(page.id);
    const t0 = performance.now();
    try {
      record(run, page.id, await extractPage({ url: page.url, html, format: 'text' }));
    } catch (error) {
      recordFailure(run, page.id, String(error?.code ?? error));
    }
    run.pageMs[page.id] = performance.now() - t0;
    run.ms += run.pageMs[page.id];
  }
  run.wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  run.cpuS = (cpu.user + cpu.system) / 1e6;
  const rss = Math.round(process.resourceUsage().maxRSS / 1024);
  const heap = process.execArgv.find((a) => a.includes('old-space')) ?? process.env.NODE_OPTIONS ?? 'Node defaults';
  run.summary = (n) =>
    `${(n / (run.ms / 1000)).toFixed(1)} pages/s wall (extraction only; ${(n / (run.wallMs / 1000)).toFixed(1)} with reading), ` +
    `${(n / run.cpuS).toFixed(1)} pages per CPU-second, peak RSS ${rss} MB, one process (${heap})`;
  return run;
}

/**
 * Our side through the built CLI, as a user runs it: the pages go to its stdin as JSON lines while its
 * Envelopes are read back, one per line and in order. CPU and peak RSS are the CLI's own (its launcher
 * re-runs it in a child under LONG_RUN_NODE_FLAGS, so both processes are watched).
 */
async function runViaCli(list) {
  const run = { preds: {}, details: {}, failures: 0, ms: null };
  // The pages are written to a file first and the CLI reads it as its stdin, its Envelopes going to another
  // file that is read after it exits: decompressing and JSON-encoding the corpus (and parsing the replies)
  // in this process while the CLI runs would take CPU from it on a 2-core machine. The stock side's clock
  // likewise covers its extraction only.
  const scratch = mkdtempSync(join(tmpdir(), 'websift-bench-'));
  try {
    const inputPath = join(scratch, 'pages.jsonl');
    const outputPath = join(scratch, 'envelopes.jsonl');
    writeJsonLines(inputPath, list);
    const input = openSync(inputPath, 'r');
    const output = openSync(outputPath, 'w');
    const reapedBefore = reapedChildrenCpuS();
    const wall0 = performance.now();
    const child = spawn(process.execPath, [binPath, '--jsonl', '--format', 'text'], { stdio: [input, output, 'inherit'] });
    closeSync(input);
    closeSync(output);
    const exited = new Promise((resolvePromise, reject) => {
      child.on('error', reject);
      child.on('exit', (code, signal) => resolvePromise(signal ?? code));
    });
    const tree = watchProcessTree(child.pid);
    const status = await exited;
    run.wallMs = performance.now() - wall0;
    tree.stop();
    // 1 only says that some page had no content (an Envelope with ok: false); anything else is a crash.
    if (status !== 0 && status !== 1) throw new Error(`websift-extract --jsonl ended with ${status}`);
    let n = 0;
    for await (const line of createInterface({ input: createReadStream(outputPath), crlfDelay: Infinity })) {
      const page = list[n++];
      const envelope = JSON.parse(line);
      if (!page || (envelope.data && envelope.data.url !== page.url)) throw new Error(`Envelope ${n} does not answer page ${n} (${page?.url ?? 'none left'})`);
      if (envelope.data) record(run, page.id, envelope.data);
      else recordFailure(run, page.id, envelope.error?.code ?? 'no data');
    }
    if (n !== list.length) throw new Error(`websift-extract --jsonl wrote ${n} Envelopes for ${list.length} pages`);
    const usage = tree.usage();
    // Exact: the CLI's processes have all exited and been waited for, so their CPU is in this process's
    // reaped-children total (polling /proc could miss the last interval before exit).
    run.cpuS = reapedChildrenCpuS() - reapedBefore;
    run.summary = (count) =>
      `${(count / (run.wallMs / 1000)).toFixed(1)} pages/s wall (the CLI from start to exit: start-up, JSON lines in, Envelopes out), ` +
      `${(count / run.cpuS).toFixed(1)} pages per CPU-second, peak RSS ${usage.peakMb} MB (VmHWM of the process that ` +
      `extracted; ${usage.processes} processes: ${usage.allMb.join(' + ')} MB), via \`websift-extract --jsonl --format text\``;
    return run;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function record(run, id, data) {
  run.preds[id] = data.content_text;
  run.details[id] = {
    page_type: data.page_type,
    via: data.extracted_via,
    quality: data.quality_score,
    title: data.title,
    byline: data.byline,
    published: data.published?.value ?? null,
    published_source: data.published?.source ?? null,
  };
}

function recordFailure(run, id, error) {
  run.failures++;
  run.preds[id] = '';
  run.details[id] = { error };
}

/** Writes each page as a JSON line to `path`, one page in memory at a time. */
function writeJsonLines(path, list) {
  const fd = openSync(path, 'w');
  try {
    for (const page of list) writeSync(fd, `${JSON.stringify({ url: page.url, html: readHtml(page.id) })}\n`);
  } finally {
    closeSync(fd);
  }
}

/** CPU seconds (user + system) of this process's children that have exited and been waited for. */
function reapedChildrenCpuS() {
  const perSecond = clockTicks();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are the 14th and 15th after the command name.
  return (Number(fields[13]) + Number(fields[14])) / perSecond;
}

/**
 * Polls /proc for a process and its descendants: VmHWM (the kernel's own peak-RSS mark, so exact up to the
 * last poll) and utime + stime. The last poll can miss at most the final interval before exit.
 */
function watchProcessTree(rootPid, intervalMs = 50) {
  const ticksPerSecond = clockTicks();
  const seen = new Map();
  const poll = () => {
    for (const pid of processTree(rootPid)) {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const prev = seen.get(pid) ?? { hwmKb: 0, cpuS: 0 };
        // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
        const cpuS = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
        seen.set(pid, { hwmKb: Math.max(prev.hwmKb, hwm ? Number(hwm[1]) : 0), cpuS: Math.max(prev.cpuS, cpuS) });
      } catch {
        // Gone between listing and reading: its last poll stands.
      }
    }
  };
  const timer = setInterval(poll, intervalMs);
  poll();
  return {
    poll,
    stop: () => clearInterval(timer),
    usage: () => {
      const all = [...seen.values()];
      const mb = (kb) => Math.round(kb / 1024);
      return { peakMb: mb(Math.max(...all.map((p) => p.hwmKb))), allMb: all.map((p) => mb(p.hwmKb)), processes: all.length, cpuS: all.reduce((a, p) => a + p.cpuS, 0) };
    },
  };
}

function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const kids = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(' ').map(Number));
      }
    } catch {
      // Exited meanwhile.
    }
  }
  return out;
}

/** Clock ticks per second, asked once (getconf is a child process: asking between two CPU readings would count it). */
function clockTicks() {
  if (ticks !== undefined) return ticks;
  try {
    ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticks = 100;
  }
  return ticks;
}

function runChild(script, stdin) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=6144', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`baseline worker exited with ${code}`));
      else resolvePromise(JSON.parse(out));
    });
    child.stdin.end(stdin);
  });
}
