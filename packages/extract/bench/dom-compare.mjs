// Measures parse + Readability time and memory over the first N corpus pages with happy-dom and linkedom,
// the two server-side DOMs the design allows; the core's DOM choice (src/core/dom.ts) rests on this.
// Usage: node bench/dom-compare.mjs --corpus DIR [--limit 200] [--dom linkedom|happy-dom]
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Readability } from '@mozilla/readability';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, limit: { type: 'string', default: '200' }, dom: { type: 'string', default: 'linkedom' } } });
const dir = values.corpus;
const ids = readdirSync(join(dir, 'html')).filter((f) => f.endsWith('.html.gz')).sort().slice(0, Number(values.limit));
let parse;
if (values.dom === 'linkedom') {
  const { DOMParser } = await import('linkedom');
  parse = (html) => new DOMParser().parseFromString(html, 'text/html');
} else {
  const { Window } = await import('happy-dom');
  parse = (html, url) => {
    const w = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true, disableComputedStyleRendering: true } });
    w.document.write(html);
    return { doc: w.document, close: () => w.happyDOM.close() };
  };
}
let peak = 0, tParse = 0, tRead = 0, ok = 0;
const t0 = performance.now();
for (const f of ids) {
  const html = gunzipSync(readFileSync(join(dir, 'html', f))).toString('utf8');
  const gt = JSON.parse(readFileSync(join(dir, 'ground-truth', f.replace('.html.gz', '.json')), 'utf8'));
  const a = performance.now();
  let r = parse(html, gt.url);
  let close = () => {};
  if (r.doc) { close = r.close; r = r.doc; }
  const b = performance.now();
  try { const art = new Readability(r).parse(); if (art?.textContent) ok++; } catch { /* count as miss */ }
  const c = performance.now();
  await close();
  tParse += b - a; tRead += c - b;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const total = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ dom: values.dom, pages: ids.length, ok, pages_per_s: +(ids.length / total).toFixed(2), parse_s: +(tParse / 1000).toFixed(2), readability_s: +(tRead / 1000).toFixed(2), peak_rss_mb: Math.round(peak / 2 ** 20) }));
