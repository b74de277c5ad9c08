// Stock baseline, run as a child of extract-bench.mjs: the published @mozilla/readability 0.6.0 (our
// speed patches reversed, see stock-readability.mjs) over jsdom,
// `parse().textContent`, no options. A child per chunk because jsdom cannot hold the whole corpus in one
// process (it outgrows a 4 GB heap). Reads {corpus, ids} JSON on stdin, prints {predictions, ms, page_ms, max_rss_mb}.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { loadStockReadability } from './stock-readability.mjs';

const input = JSON.parse(readFileSync(0, 'utf8'));
const { Readability } = loadStockReadability();
const predictions = {};
const pageMs = {};
let ms = 0;
const cpu0 = process.cpuUsage();
const quiet = new VirtualConsole();
for (const { id, url } of input.pages) {
  const html = gunzipSync(readFileSync(join(input.corpus, 'html', `${id}.html.gz`))).toString('utf8');
  const t0 = performance.now();
  try {
    const dom = new JSDOM(html, { url, virtualConsole: quiet });
    const article = new Readability(dom.window.document).parse();
    predictions[id] = article?.textContent ?? '';
    dom.window.close();
  } catch {
    predictions[id] = '';
  }
  pageMs[id] = performance.now() - t0;
  ms += pageMs[id];
}
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ predictions, ms, page_ms: pageMs, cpu_ms: (cpu.user + cpu.system) / 1000, max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) }));
