#!/usr/bin/env node
// Trains the title ranker (src/core/metadata/title-model.ts) on the WCXB dev split and measures it against the
// hand rules on held-out folds split by whole host, side by side, overall and per page type.
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/train-title.mjs --corpus DIR [--write]
// Options: --folds K (default 5), --cache FILE (candidates per page, reused while the compiled core is the same),
//   --l2 a,b (default 0.01,0.03,0.1), --rounds N (also boosted trees of depth 3 over the same features,
//   scoring each candidate alone: a comparison, not shipped), --margins a,b (default 0,0.5,1,1.5), --misses (held-out pages the model
//   gets wrong and the rules right, and the reverse), --lenient-weight a,b (what a candidate right only with a
//   site-name part left on counts in training, beside 1 for an exact one; default 0.1,0.3,1), --write (train on every page, write src/core/title-weights.json).
// The candidates and features are the compiled core's own (title-features.ts), over the same prepared document (prepareDocument) as
// extract-html.ts, and the rules' title is the full path's: a page the classifier types `service` is titled as
// select-content.ts titles it (by the rules, articleish off; the ranker is neither trained nor used there). A candidate is right by the report's rule (titleRight).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fitSoftmaxTrees, softmaxScores } from './boosted-trees.mjs';
import { foldsByHost } from './host-folds.mjs';
import { corpusIds, coreCacheKey, dist, readCorpusPage } from './corpus-pages.mjs';
import { titleExact, titleRight } from './metadata-report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    folds: { type: 'string', default: '5' },
    cache: { type: 'string' },
    write: { type: 'boolean', default: false },
    misses: { type: 'boolean', default: false },
    l2: { type: 'string' },
    margins: { type: 'string' },
    rounds: { type: 'string', default: '0' },
    'lenient-weight': { type: 'string' },
  },
});
if (!values.corpus) {
  console.error('usage: node bench/train-title.mjs --corpus DIR [--folds K] [--cache FILE] [--misses] [--write]');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const { TITLE_FEATURE_NAMES: NAMES } = await dist('metadata/title-features.js');
const TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'];

const rows = await loadRows();
const K = Number(values.folds);
const hosts = [...new Set(rows.map((r) => r.host))].sort();
const foldOfHost = foldsByHost(hosts, K);
console.log(`${rows.length} pages, ${hosts.length} hosts, ${NAMES.length} features, ${K} folds by host`);

// The ceiling: a page some candidate gets right, by the candidates' origin.
const ceiling = (keep) => rows.filter((r) => r.cands.some((c) => c.y && keep(c))).length;
const viaIndex = (name) => NAMES.indexOf(name);
const asWritten = (c) => c.x[viaIndex('as_written')] === 1;
const trimmed = (c) => asWritten(c) || c.x[viaIndex('trimmed')] === 1;
console.log(`\nceiling (some candidate right): as written ${frac(ceiling(asWritten))}; with the trimming ${frac(ceiling(trimmed))}; with lead parts too ${frac(ceiling(() => true))}`);
console.log(`candidates per page: ${(rows.reduce((s, r) => s + r.cands.length, 0) / rows.length).toFixed(1)}`);

const rulesRight = rows.map((r) => r.rulesRight);
const rulesExact = rows.map((r) => r.rulesExact);
console.log(`rules: ${frac(count(rulesRight))}, exact ${frac(count(rulesExact))}`);
const settings = [];
for (const l2 of (values.l2 ?? '0.01,0.03,0.1').split(',').map(Number)) for (const lw of (values['lenient-weight'] ?? '0.1,0.3,1').split(',').map(Number)) settings.push({ l2, lw });
const margins = (values.margins ?? '0,0.5,1,1.5').split(',').map(Number);
let best = null;
for (const setting of settings) {
  const scores = new Array(rows.length);
  for (let f = 0; f < K; f++) {
    const m = fit(rows.filter((r) => foldOfHost.get(r.host) !== f), setting.l2, setting.lw);
    rows.forEach((r, i) => { if (foldOfHost.get(r.host) === f) scores[i] = r.cands.map((c) => score(m, c.x)); });
  }
  for (const margin of margins) {
    const picks = rows.map((r, i) => decide(r, scores[i], margin));
    const right = picks.map((p) => p.y);
    const exact = picks.map((p) => p.exact);
    console.log(`l2=${setting.l2} lenient=${setting.lw} margin=${margin}: held-out ${frac(count(right))}, exact ${frac(count(exact))}`);
    // Both of the report's rates count: a title right only with the site's name left on is half right.
    const better = !best || count(right) + count(exact) > count(best.right) + count(best.exact);
    if (better) best = { ...setting, margin, right, exact, scores };
  }
}
// The comparison: pointwise trees (right or not per candidate), ranked by their log-odds.
for (const rounds of values.rounds.split(',').map(Number).filter((n) => n > 0)) {
  const scores = new Array(rows.length);
  for (let f = 0; f < K; f++) {
    const cands = rows.filter((r) => foldOfHost.get(r.host) !== f && ranked(r)).flatMap((r) => r.cands);
    const m = fitSoftmaxTrees(cands.map((c) => c.x), cands.map((c) => (c.y ? 1 : 0)), cands.map(() => 1), 2, { rounds, depth: 3 });
    rows.forEach((r, i) => { if (foldOfHost.get(r.host) === f) scores[i] = r.cands.map((c) => { const z = softmaxScores(m, c.x); return z[1] - z[0]; }); });
  }
  for (const margin of margins) console.log(`trees rounds=${rounds} margin=${margin}: held-out ${frac(count(rows.map((r, i) => decide(r, scores[i], margin).y)))}`);
}
// Hyper-parameters are picked on the same folds (a grid), so the chosen row is slightly optimistic.
console.log(`\nchosen l2=${best.l2} lenient=${best.lw} margin=${best.margin}; held-out, per page type:`);
console.log('| type | pages | rules | model | won | lost | rules exact | model exact |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const t of ['overall', ...TYPES]) {
  const idx = rows.map((r, i) => i).filter((i) => t === 'overall' || rows[i].type === t);
  const a = idx.filter((i) => rulesRight[i]).length;
  const b = idx.filter((i) => best.right[i]).length;
  const won = idx.filter((i) => best.right[i] && !rulesRight[i]).length;
  const lost = idx.filter((i) => !best.right[i] && rulesRight[i]).length;
  const ea = idx.filter((i) => rulesExact[i]).length;
  const eb = idx.filter((i) => best.exact[i]).length;
  console.log(`| ${t} | ${idx.length} | ${pct(a, idx.length)} | ${pct(b, idx.length)} | ${won} | ${lost} | ${pct(ea, idx.length)} | ${pct(eb, idx.length)} |`);
}
if (values.misses) {
  rows.forEach((r, i) => {
    if (best.right[i] === rulesRight[i]) return;
    const pick = decide(r, best.scores[i], best.margin);
    console.log(`${best.right[i] ? 'won ' : 'lost'} ${r.id} ${r.type}\n  truth: ${JSON.stringify(r.truth)}\n  rules: ${JSON.stringify(r.rules)}\n  model: ${JSON.stringify(pick.text)}`);
  });
}

if (values.write) {
  const m = fit(rows, best.l2, best.lw);
  const round = (x, k = 1e4) => Math.round(x * k) / k;
  const out = { mean: m.mean.map((v) => round(v)), scale: m.scale.map((v) => round(v)), weights: m.w.map((v) => round(v)), margin: best.margin };
  const path = join(here, '../src/core/title-weights.json');
  writeFileSync(path, JSON.stringify(out) + '\n');
  const picks = rows.map((r) => decide(r, r.cands.map((c) => score(m, c.x)), best.margin));
  console.log(`\nwrote ${path} (trained on all ${rows.length} pages); in-sample ${frac(count(picks.map((p) => p.y)))}, exact ${frac(count(picks.map((p) => p.exact)))}`);
  console.log('largest weights (standardised): ' + m.w.map((w, j) => [NAMES[j], w]).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 12).map(([n, w]) => `${n} ${w.toFixed(2)}`).join(', '));
}

/**
 * As title-model.ts decides: the top candidate, unless the rules' answer is within `margin` of it; and as
 * select-content.ts, the rules' title on a page the classifier types `service`.
 */
function decide(r, z, margin) {
  if (!ranked(r)) return { y: r.rulesRight, exact: r.rulesExact, text: r.rules };
  let top = -1;
  for (let i = 0; i < z.length; i++) if (top < 0 || z[i] > z[top]) top = i;
  const ri = r.cands.findIndex((c) => c.rules);
  if (top < 0 || (ri >= 0 && ri !== top && z[top] - z[ri] < margin)) return { y: r.rulesRight, exact: r.rulesExact, text: r.rules };
  return { y: r.cands[top].y, exact: r.cands[top].exact, text: r.cands[top].text };
}

/** Whether the ranker titles the page: a service page keeps the rules' title (see select-content.ts). */
function ranked(r) {
  return r.predType !== 'service';
}

function score(m, x) {
  let z = 0;
  for (let j = 0; j < x.length; j++) z += m.w[j] * ((x[j] - m.mean[j]) / m.scale[j]);
  return z;
}

/**
 * Conditional logit over each page's candidates: maximise the softmax mass on the right ones (a page may have
 * several), full-batch Adam with L2 on standardised features. Pages where every candidate or none is right teach
 * nothing and are left out.
 */
function fit(rows, l2, lenientWeight) {
  const d = NAMES.length;
  const train = rows.filter(ranked);
  const all = train.flatMap((r) => r.cands);
  const mean = new Array(d).fill(0);
  const scale = new Array(d).fill(0);
  for (const c of all) c.x.forEach((v, j) => (mean[j] += v / all.length));
  for (const c of all) c.x.forEach((v, j) => (scale[j] += (v - mean[j]) ** 2 / all.length));
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]) || 1;
  // The target: a candidate right word for word counts fully, one right only with a site-name part left on
  // counts `lenientWeight` (the softmax mass aimed at is sum(t * p), so a page with no exact one is unchanged).
  const t = (c) => (c.exact ? 1 : c.y ? Math.max(lenientWeight, 1e-3) : 0);
  const pages = train
    .filter((r) => r.cands.some((c) => c.y) && !r.cands.every((c) => c.exact))
    .map((r) => r.cands.map((c) => ({ x: c.x.map((v, j) => (v - mean[j]) / scale[j]), t: t(c) })));
  const w = new Array(d).fill(0);
  const mw = new Array(d).fill(0), vw = new Array(d).fill(0);
  const lr = 0.05, b1 = 0.9, b2 = 0.999, eps = 1e-8;
  for (let it = 1; it <= 300; it++) {
    const g = w.map((v) => l2 * v);
    for (const cands of pages) {
      const z = cands.map((c) => c.x.reduce((s, v, j) => s + v * w[j], 0));
      const top = Math.max(...z);
      const e = z.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, b) => a + b, 0);
      const sumRight = e.reduce((a, v, i) => a + cands[i].t * v, 0);
      cands.forEach((c, i) => {
        const gz = (e[i] / sum - (c.t * e[i]) / sumRight) / pages.length;
        if (gz !== 0) for (let j = 0; j < d; j++) g[j] += gz * c.x[j];
      });
    }
    for (let j = 0; j < d; j++) {
      mw[j] = b1 * mw[j] + (1 - b1) * g[j];
      vw[j] = b2 * vw[j] + (1 - b2) * g[j] * g[j];
      w[j] -= (lr * (mw[j] / (1 - b1 ** it))) / (Math.sqrt(vw[j] / (1 - b2 ** it)) + eps);
    }
  }
  return { mean, scale, w };
}

function count(flags) {
  return flags.filter(Boolean).length;
}
function frac(n) {
  return pct(n, rows.length);
}
function pct(n, d) {
  return `${d ? ((100 * n) / d).toFixed(1) : '-'}% (${n}/${d})`;
}

/** One row per title-labelled page: host, type, the rules' title, and the candidates with features and label. */
async function loadRows() {
  if (values.cache && existsSync(values.cache)) {
    const cached = JSON.parse(readFileSync(values.cache, 'utf8'));
    if (cached.key === cacheKey()) return cached.rows;
    console.error(`${values.cache} was computed by other core code; computing again`);
  }
  const { prepareDocument } = await dist('prepare-document.js');
  const { readTypedMetadata } = await dist('typed-metadata.js');
  const { rankedTitles } = await dist('metadata/title-features.js');
  const out = [];
  for (const id of corpusIds(corpus)) {
    const { gt, type, url, host, html } = readCorpusPage(corpus, id);
    const truth = gt.ground_truth?.title;
    if (titleRight('', truth) === null) continue;
    try {
      const { doc, jsonLd } = prepareDocument(url, html);
      // As select-content.ts reads them: a service page's candidates are read with its article reading off.
      const { meta, typed } = readTypedMetadata(doc, url, jsonLd);
      const c = meta.titleCandidates;
      const rules = meta.rulesTitle;
      const cands = rankedTitles(c, rules).map((k) => ({ text: k.text, x: k.features, y: titleRight(k.text, truth) === true, exact: titleExact(k.text, truth) === true, rules: k.text === rules }));
      out.push({ id, host, type, predType: typed.type, truth, rules, rulesRight: titleRight(rules, truth) === true, rulesExact: titleExact(rules, truth) === true, cands });
    } catch (error) {
      out.push({ id, host, type, predType: null, truth, rules: null, rulesRight: false, rulesExact: false, cands: [] });
      console.error(`${id}: ${error.message}`);
    }
    if (out.length % 300 === 0) console.error(`${out.length} pages read`);
  }
  if (values.cache) writeFileSync(values.cache, JSON.stringify({ key: cacheKey(), rows: out }));
  return out;
}

/** What a cache is valid for: this script and the compiled core that computes the candidates (not the weights). */
function cacheKey() {
  return coreCacheKey([NAMES.join(','), readFileSync(fileURLToPath(import.meta.url))], (file) => !file.endsWith('title-model.js'));
}
