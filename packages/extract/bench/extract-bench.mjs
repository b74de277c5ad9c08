#!/usr/bin/env node
// WCXB benchmark of the extract core against stock Readability, in one run.
// Plain ESM over the compiled core, so no TypeScript loader is needed (tsx is not installed):
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/extract-bench.mjs --corpus DIR
// Options: --limit N (first N pages), --types a,b (only these page types), --no-baseline,
//   --chunk N (baseline pages per child process, default 250), --out FILE (per-page predictions and F1),
//   --reference FILE (the corpus's score-wcxb.mjs; default: DIR/../score-wcxb.mjs when present).
// Our side runs in this process over every page (pages/s and peak RSS are for one process over the whole
// split); the baseline runs in child processes because jsdom does not survive the whole split in one.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scorePages } from './wcxb-metric.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    limit: { type: 'string' },
    types: { type: 'string' },
    'no-baseline': { type: 'boolean', default: false },
    chunk: { type: 'string', default: '250' },
    out: { type: 'string' },
    reference: { type: 'string' },
  },
});
if (!values.corpus) {
  console.error('usage: node bench/extract-bench.mjs --corpus DIR [--limit N] [--types a,b] [--no-baseline] [--out FILE]');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const { extractPage } = await import(pathToFileURL(join(here, '../dist/core/extract-page.js')).href);

// Ground truth first, so both sides see the same page list.
let pages = readdirSync(join(corpus, 'ground-truth'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const gt = JSON.parse(readFileSync(join(corpus, 'ground-truth', f), 'utf8'));
    const primary = gt._internal?.page_type?.primary ?? 'unknown';
    return {
      id: f.replace(/\.json$/, ''),
      // A few ground-truth files have no URL; the core requires one, so they get a stand-in.
      url: gt.url || `https://wcxb.invalid/${f.replace(/\.json$/, '')}`,
      type: primary === 'category' ? 'collection' : primary,
      truth: gt.ground_truth?.main_content ?? '',
      with: gt.ground_truth?.with,
      without: gt.ground_truth?.without,
    };
  });
if (values.types) {
  const keep = new Set(values.types.split(','));
  pages = pages.filter((p) => keep.has(p.type));
}
if (values.limit) pages = pages.slice(0, Number(values.limit));

// Ours: one process, every page; extraction time only (reading and gunzip are the same for both sides).
const ours = {};
const details = {};
let oursMs = 0;
let failures = 0;
const wall0 = performance.now();
const cpu0 = process.cpuUsage();
for (const page of pages) {
  const html = gunzipSync(readFileSync(join(corpus, 'html', `${page.id}.html.gz`))).toString('utf8');
  const t0 = performance.now();
  try {
    const r = await extractPage({ url: page.url, html, format: 'text' });
    ours[page.id] = r.content_text;
    details[page.id] = { page_type: r.page_type, via: r.extracted_via, quality: r.quality_score };
  } catch (error) {
    failures++;
    ours[page.id] = '';
    details[page.id] = { error: String(error?.code ?? error) };
  }
  oursMs += performance.now() - t0;
}
const oursWall = (performance.now() - wall0) / 1000;
const oursCpu = process.cpuUsage(cpu0);
const oursCpuS = (oursCpu.user + oursCpu.system) / 1e6;
const oursRss = Math.round(process.resourceUsage().maxRSS / 1024);

// Baseline: chunks of pages, one child each, run one after another so the two sides do not compete.
let baseline = null;
if (!values['no-baseline']) {
  const preds = {};
  let ms = 0;
  let cpuMs = 0;
  let rss = 0;
  const size = Number(values.chunk);
  for (let i = 0; i < pages.length; i += size) {
    const chunk = pages.slice(i, i + size).map(({ id, url }) => ({ id, url }));
    const out = await runChild(join(here, 'baseline-worker.mjs'), JSON.stringify({ corpus, pages: chunk }));
    Object.assign(preds, out.predictions);
    ms += out.ms;
    cpuMs += out.cpu_ms;
    rss = Math.max(rss, out.max_rss_mb);
  }
  baseline = { preds, ms, cpuMs, rss };
}

const oursScore = scorePages(pages, ours);
const baseScore = baseline ? scorePages(pages, baseline.preds) : null;

// Cross-check the metric against the reference scorer when it is at hand (same pages only).
let crossCheck = null;
const referencePath = values.reference ?? join(corpus, '..', 'score-wcxb.mjs');
if (existsSync(referencePath) && !values.types && !values.limit) {
  const ref = await import(pathToFileURL(referencePath).href);
  const refScore = ref.scoreCorpus(corpus, ours);
  crossCheck = Math.abs(refScore.overall.f1 - oursScore.summary.overall.f1);
}

const fmt = (x) => (x === null || x === undefined ? '-' : x.toFixed(3));
const order = ['overall', 'article', 'documentation', 'service', 'listing', 'collection', 'forum', 'product'];
const keys = [...order.filter((k) => oursScore.summary[k]), ...Object.keys(oursScore.summary).filter((k) => !order.includes(k))];
console.log(`WCXB ${corpus}: ${pages.length} pages${failures ? `, ${failures} extraction errors` : ''}`);
console.log('| page type | pages | F1 ours | F1 stock | P ours | P stock | R ours | R stock | with ours | without ours |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const k of keys) {
  const o = oursScore.summary[k];
  const b = baseScore?.summary[k];
  console.log(`| ${k} | ${o.pages} | ${fmt(o.f1)} | ${fmt(b?.f1)} | ${fmt(o.precision)} | ${fmt(b?.precision)} | ${fmt(o.recall)} | ${fmt(b?.recall)} | ${fmt(o.with_rate)} | ${fmt(o.without_rate)} |`);
}
const oursPps = pages.length / (oursMs / 1000);
// Wall-clock rates suffer when other work shares the machine; pages per CPU-second (user + system, whole
// process including GC and reading) is the steadier figure for the ratio.
const oursCpuPps = pages.length / oursCpuS;
console.log(`\nours: ${oursPps.toFixed(1)} pages/s wall (extraction only; ${(pages.length / oursWall).toFixed(1)} with reading), ${oursCpuPps.toFixed(1)} pages per CPU-second, peak RSS ${oursRss} MB, one process`);
if (baseline) {
  const basePps = pages.length / (baseline.ms / 1000);
  const baseCpuPps = pages.length / (baseline.cpuMs / 1000);
  console.log(`stock: ${basePps.toFixed(1)} pages/s wall (extraction only), ${baseCpuPps.toFixed(1)} pages per CPU-second, peak RSS ${baseline.rss} MB per child of <= ${values.chunk} pages`);
  console.log(`speed ratio ours/stock: ${(oursPps / basePps).toFixed(2)}x wall, ${(oursCpuPps / baseCpuPps).toFixed(2)}x CPU`);
}
if (crossCheck !== null) console.log(`metric cross-check vs ${referencePath}: |ΔF1| = ${crossCheck.toExponential(2)}`);
if (values.out) {
  const rows = pages.map((p) => ({ id: p.id, type: p.type, f1: oursScore.perPage[p.id], stock_f1: baseScore?.perPage[p.id] ?? null, ...details[p.id] }));
  writeFileSync(values.out, JSON.stringify({ rows, predictions: ours }, null, 1));
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
