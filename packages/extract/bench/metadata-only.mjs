#!/usr/bin/env node
// Metadata-only WCXB check: runs just the steps of extract-html.ts that read the metadata and the page type
// (prepareDocument: preclean, parse, streamed fragments, JSON-LD, hidden strip, depth cap, code languages; then
// readTypedMetadata) and scores title/author/date/type with the rules of metadata-report.mjs,
// in ~1/5 of the full bench's time. Over the compiled core:
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/metadata-only.mjs --corpus DIR
// Options: --types a,b; --misses title|author|date (print truth vs ours for each wrong page);
//   --out FILE (per-page predictions, to diff two runs).
// It differs from the full path only where extract-html.ts falls back to Readability's title, byline or date
// when readMetadata has none, and where a forum thread's first poster becomes its byline.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDocument } from '../dist/core/prepare-document.js';
import { readTypedMetadata } from '../dist/core/typed-metadata.js';
import { corpusIds, readCorpusPage } from './corpus-pages.mjs';
import { authorRight, dateRight, printMetadataReport, scoreMetadata, titleRight } from './metadata-report.mjs';

const { values } = parseArgs({
  options: { corpus: { type: 'string' }, types: { type: 'string' }, misses: { type: 'string' }, out: { type: 'string' } },
});
if (!values.corpus) {
  console.error('usage: node bench/metadata-only.mjs --corpus DIR [--types a,b] [--misses title|author|date] [--out FILE]');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const keep = values.types ? new Set(values.types.split(',')) : null;
const rows = [];
const started = Date.now();
for (const id of corpusIds(corpus)) {
  const { gt, type, url, html } = readCorpusPage(corpus, id);
  if (keep && !keep.has(type)) continue;
  const truth = { title: gt.ground_truth?.title, author: gt.ground_truth?.author, publish_date: gt.ground_truth?.publish_date };
  let pred = {};
  try {
    const { doc, jsonLd } = prepareDocument(url, html);
    const { meta, typed } = readTypedMetadata(doc, url, jsonLd);
    pred = { title: meta.title, byline: meta.byline, published: meta.published?.value ?? null, published_source: meta.published?.source ?? null, page_type: typed.type };
  } catch (err) {
    pred = { error: String(err?.message ?? err) };
  }
  rows.push({ id, url, type, truth, pred });
}

const judges = { title: (r) => titleRight(r.pred.title, r.truth.title), author: (r) => authorRight(r.pred.byline, r.truth.author), date: (r) => dateRight(r.pred.published, r.truth.publish_date) };
if (values.misses) {
  const judge = judges[values.misses];
  const truthKey = { title: 'title', author: 'author', date: 'publish_date' }[values.misses];
  const predKey = { title: 'title', author: 'byline', date: 'published' }[values.misses];
  for (const r of rows) {
    if (judge(r) !== false) continue;
    const src = values.misses === 'date' ? ` [${r.pred.published_source ?? 'none'}]` : '';
    console.log(`${r.id} ${r.type} ${r.url}\n  truth: ${JSON.stringify(r.truth[truthKey])}\n  ours:  ${JSON.stringify(r.pred[predKey])}${src}`);
  }
}
const report = scoreMetadata(rows);
printMetadataReport(report, ['overall', 'article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']);
console.log(`\n${rows.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 1));
