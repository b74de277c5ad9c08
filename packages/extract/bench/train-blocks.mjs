#!/usr/bin/env node
// Trains the block classifier (src/core/blocks/) on the WCXB dev split and measures it against the unfiltered
// content on held-out folds, side by side, per page type.
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/train-blocks.mjs --corpus DIR [--write]
// Options: --folds K (default 5; folds are whole hosts, so a site's pages are never on both sides),
//   --every N (every Nth page, for quick runs), --cache FILE (blocks and features per page, reused when present),
//   --l2 a,b (the grid; default 0.001), --write (train on every page and write src/core/blocks/block-weights.json:
//   numbers only, derived data).
// Blocks and features come from the compiled core's own code (select-content.js, blocks/*.js), so what is trained
// is what runs. A block's label: its words appear, in order, in the page's ground-truth text.
// The F1 here is the corpus metric over the kept blocks' words; the real figure is bench/extract-bench.mjs's.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scoreTokens, tokens } from './wcxb-metric.mjs';
import { binRows, growTree } from './boosted-trees.mjs';
import { foldsByHost } from './host-folds.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    folds: { type: 'string', default: '5' },
    every: { type: 'string', default: '1' },
    cache: { type: 'string' },
    write: { type: 'boolean', default: false },
    l2: { type: 'string', default: '0.001' },
    model: { type: 'string', default: 'lr' },
    rounds: { type: 'string', default: '120' },
    depth: { type: 'string', default: '3' },
  },
});
if (!values.corpus) {
  console.error('usage: node bench/train-blocks.mjs --corpus DIR [--folds K] [--every N] [--cache FILE] [--write]');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const dist = (m) => import(pathToFileURL(join(here, '../dist/core', m)).href);
const { BLOCK_FEATURE_NAMES } = await dist('blocks/block-features.js');
const { PAGE_TYPES } = await dist('page-type-features.js');
const { MIN_KEPT_SHARE } = await dist('blocks/block-filter.js');


const pages = await loadPages();
const K = Number(values.folds);
const hosts = [...new Set(pages.map((p) => p.host))].sort();
const foldOfHost = foldsByHost(hosts, K);
const nBlocks = pages.reduce((n, p) => n + p.y.length, 0);
console.log(`${pages.length} pages, ${nBlocks} blocks, ${hosts.length} hosts, ${BLOCK_FEATURE_NAMES.length} features, ${K} folds by host`);

const thresholds = [0, 0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];
const types = [...PAGE_TYPES];
// Per routing page type, the threshold with the best held-out F1, kept only when it beats the unfiltered
// content by at least MIN_GAIN (a type where the filter does not clearly help is left alone).
const MIN_GAIN = 0.002;
const chosen = {};
for (const l2 of values.l2.split(',').map(Number)) {
  // Held-out probabilities for every block.
  const probs = new Map();
  for (let f = 0; f < K; f++) {
    const train = pages.filter((p) => foldOfHost.get(p.host) !== f);
    const m = train1(train, l2);
    for (const p of pages) if (foldOfHost.get(p.host) === f) probs.set(p.id, p.X.map((x) => predict1(m, x)));
  }
  console.log(`\n${values.model}${values.model === 'lr' ? ` l2=${l2}` : ` rounds=${values.rounds} depth=${values.depth}`}: held-out mean F1 per routing page type by threshold; 0 = unfiltered`);
  console.log(`| type | pages | ${thresholds.join(' | ')} | chosen |`);
  console.log(`| --- | --- | ${thresholds.map(() => '---').join(' | ')} | --- |`);
  const chosenF1 = new Map();
  for (const t of ['overall', ...types]) {
    const group = t === 'overall' ? pages : pages.filter((p) => p.pageType === t);
    if (group.length === 0) continue;
    const f1s = thresholds.map((th) => mean(group.map((p) => pageF1(p, probs.get(p.id), th))));
    let pick = '-';
    if (t !== 'overall') {
      const best = f1s.indexOf(Math.max(...f1s));
      if (f1s[best] - f1s[0] >= MIN_GAIN) {
        chosen[t] = thresholds[best];
        pick = String(thresholds[best]);
      }
      for (const p of group) chosenF1.set(p.id, pageF1(p, probs.get(p.id), chosen[t] ?? 0));
    }
    console.log(`| ${t} | ${group.length} | ${f1s.map((v) => v.toFixed(4)).join(' | ')} | ${pick} |`);
  }
  // The same pages by their true type (the corpus label), each filtered by its routing type's threshold.
  console.log('\nwith the chosen thresholds, by true type: unfiltered -> filtered');
  for (const t of ['overall', ...types]) {
    const group = t === 'overall' ? pages : pages.filter((p) => p.type === t);
    if (group.length === 0) continue;
    const before = mean(group.map((p) => pageF1(p, probs.get(p.id), 0)));
    const after = mean(group.map((p) => chosenF1.get(p.id)));
    console.log(`  ${t.padEnd(14)} ${String(group.length).padStart(4)}  ${before.toFixed(4)} -> ${after.toFixed(4)} (${after >= before ? '+' : ''}${(after - before).toFixed(4)})`);
  }
}

if (values.write) {
  const l2 = Number(values.l2.split(',')[0]);
  const m = train1(pages, l2);
  const path = join(here, '../src/core/blocks/block-weights.json');
  const round = (v, k = 1e5) => Math.round(v * k) / k;
  const body = m.kind === 'trees'
    ? { kind: 'trees', base: round(m.base), trees: m.trees.map((tree) => tree.map(([f, t, l, r, v]) => [f, round(t, 1e4), l, r, round(v)])) }
    : { kind: 'linear', mean: m.mean.map((v) => round(v)), scale: m.scale.map((v) => round(v)), weights: m.w.map((v) => round(v)), bias: round(m.b) };
  writeFileSync(path, `${JSON.stringify({ features: BLOCK_FEATURE_NAMES, thresholds: chosen, ...body })}\n`);
  console.log(`\nwrote ${path} (trained on all ${pages.length} pages; thresholds ${JSON.stringify(chosen)})`);
}

function train1(train, l2) {
  return values.model === 'trees' ? fitTrees(train, { rounds: Number(values.rounds), depth: Number(values.depth) }) : fit(train, l2);
}
function predict1(m, x) {
  return m.kind === 'trees' ? treeProb(m, x) : prob(m, x);
}

/** F1 of the page when blocks under the threshold are dropped (none dropped when too little would stay). */
function pageF1(p, pr, th) {
  const total = p.w.reduce((a, b) => a + b, 0);
  let kept = p.toks.filter((_, i) => pr[i] >= th);
  const keptWords = kept.reduce((n, t) => n + t.length, 0);
  if (keptWords < total * MIN_KEPT_SHARE) kept = p.toks;
  return scoreTokens(kept.flat(), p.truth).f1;
}

function mean(xs) {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

/** Binary logistic regression, weighted by block words, full-batch Adam on standardised features and L2. */
function fit(train, l2) {
  const d = BLOCK_FEATURE_NAMES.length;
  const X = [], Y = [], Wt = [];
  for (const p of train) p.X.forEach((x, i) => { X.push(x); Y.push(p.y[i]); Wt.push(Math.sqrt(p.w[i])); });
  const n = X.length;
  const mean = new Array(d).fill(0), scale = new Array(d).fill(0);
  for (const x of X) for (let j = 0; j < d; j++) mean[j] += x[j] / n;
  for (const x of X) for (let j = 0; j < d; j++) scale[j] += (x[j] - mean[j]) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]) || 1;
  const Z = X.map((x) => Float64Array.from(x, (v, j) => (v - mean[j]) / scale[j]));
  const wsum = Wt.reduce((a, b) => a + b, 0);
  const w = new Float64Array(d);
  let b = 0;
  const mw = new Float64Array(d), vw = new Float64Array(d);
  let mb = 0, vb = 0;
  const lr = 0.05, b1 = 0.9, b2 = 0.999, eps = 1e-8;
  for (let it = 1; it <= 300; it++) {
    const gw = new Float64Array(d);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const z = Z[i];
      let s = b;
      for (let j = 0; j < d; j++) s += w[j] * z[j];
      const g = (Wt[i] / wsum) * (1 / (1 + Math.exp(-s)) - Y[i]);
      gb += g;
      for (let j = 0; j < d; j++) gw[j] += g * z[j];
    }
    for (let j = 0; j < d; j++) {
      const g = gw[j] + l2 * w[j];
      mw[j] = b1 * mw[j] + (1 - b1) * g;
      vw[j] = b2 * vw[j] + (1 - b2) * g * g;
      w[j] -= (lr * (mw[j] / (1 - b1 ** it))) / (Math.sqrt(vw[j] / (1 - b2 ** it)) + eps);
    }
    mb = b1 * mb + (1 - b1) * gb;
    vb = b2 * vb + (1 - b2) * gb * gb;
    b -= (lr * (mb / (1 - b1 ** it))) / (Math.sqrt(vb / (1 - b2 ** it)) + eps);
  }
  return { mean, scale, w: [...w], b };
}

function prob(m, x) {
  let s = m.b;
  for (let j = 0; j < x.length; j++) s += m.w[j] * ((x[j] - m.mean[j]) / m.scale[j]);
  return 1 / (1 + Math.exp(-s));
}

/** Per page: host, truth type, the blocks' features, labels, word counts and tokens (cached: extraction is slow). */
async function loadPages() {
  if (values.cache && existsSync(values.cache)) {
    const cached = JSON.parse(readFileSync(values.cache, 'utf8'));
    if (cached.features === BLOCK_FEATURE_NAMES.length) return cached.pages;
  }
  const { selectContent } = await dist('select-content.js');
  const { listBlocks } = await dist('blocks/block-list.js');
  const { blockFeatures } = await dist('blocks/block-features.js');
  const every = Number(values.every);
  const ids = readdirSync(join(corpus, 'ground-truth')).filter((f) => f.endsWith('.json')).sort().map((f) => f.replace(/\.json$/, ''));
  const out = [];
  for (let n = 0; n < ids.length; n += every) {
    const id = ids[n];
    const gt = JSON.parse(readFileSync(join(corpus, 'ground-truth', `${id}.json`), 'utf8'));
    const primary = gt._internal?.page_type?.primary ?? 'unknown';
    const url = gt.url || `https://wcxb.invalid/${id}`;
    const html = gunzipSync(readFileSync(join(corpus, 'html', `${id}.html.gz`))).toString('utf8');
    let selected;
    try {
      selected = selectContent(url, html);
    } catch {
      continue;
    }
    const chosen = selected.chosen;
    if (!chosen) continue;
    const blocks = listBlocks(chosen.content);
    const X = blockFeatures(blocks, chosen.content, { pageType: selected.pageType, via: chosen.via, title: selected.meta.rulesTitle, description: selected.meta.description }).map((r) => r.map((v) => Math.round(v * 1e4) / 1e4));
    const truth = tokens(gt.ground_truth?.main_content ?? '');
    const truthLine = ` ${truth.join(' ')} `;
    const truthSet = new Set(truth);
    const toks = blocks.map((b) => tokens(b.text));
    const y = toks.map((t) => {
      if (t.length === 0) return 0;
      if (truthLine.includes(` ${t.join(' ')} `)) return 1;
      // Long blocks whose inline markup split a word differently still count when nearly every word is there.
      return t.length >= 8 && t.filter((w) => truthSet.has(w)).length >= 0.9 * t.length ? 1 : 0;
    });
    let host = '';
    try {
      host = new URL(url).hostname.replace(/^www\./, '');
    } catch {}
    out.push({ id, host, type: primary === 'category' ? 'collection' : primary, pageType: selected.pageType, X, y, w: toks.map((t) => t.length), toks, truth });
    if (out.length % 100 === 0) console.error(`${out.length} pages`);
  }
  if (values.cache) writeFileSync(values.cache, JSON.stringify({ features: BLOCK_FEATURE_NAMES.length, pages: out }));
  return out;
}

/** Gradient-boosted trees (logistic loss, rows weighted by the square root of the block's words). */
function fitTrees(train, { rounds = 120, depth = 3, rate = 0.1, lambda = 1, bins = 32, minHess = 0.5 } = {}) {
  const rows = [];
  for (const p of train) p.X.forEach((x, i) => rows.push([x, p.y[i], Math.sqrt(p.w[i])]));
  const n = rows.length;
  const binned = binRows(rows.map((r) => r[0]), bins);
  const Y = Float64Array.from(rows, (r) => r[1]);
  const W = Float64Array.from(rows, (r) => r[2]);
  const wsum = W.reduce((a, b) => a + b, 0);
  for (let i = 0; i < n; i++) W[i] = (W[i] * n) / wsum;
  const pos = Y.reduce((s, y, i) => s + y * W[i], 0) / n;
  const base = Math.log(pos / (1 - pos));
  const F = new Float64Array(n).fill(base);
  const trees = [];
  for (let round = 0; round < rounds; round++) {
    const g = new Float64Array(n), h = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-F[i]));
      g[i] = W[i] * (p - Y[i]);
      h[i] = Math.max(1e-6, W[i] * p * (1 - p));
    }
    trees.push(growTree(binned, g, h, F, { depth, rate, lambda, minHess }));
  }
  return { kind: 'trees', base, trees };
}

function treeProb(m, x) {
  let s = m.base;
  for (const tree of m.trees) {
    let id = 0;
    while (tree[id][0] >= 0) id = x[tree[id][0]] <= tree[id][1] ? tree[id][2] : tree[id][3];
    s += tree[id][4];
  }
  return 1 / (1 + Math.exp(-s));
}
