// The WCXB corpus as the trainers and benches read it (read by path, never copied into the repo), and the key
// that says whether a cache of per-page rows still matches the compiled core that computed them.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const core = join(dirname(fileURLToPath(import.meta.url)), '../dist/core');

/** A module of the compiled core (`dist('metadata.js')`): benches run over what ships. */
export const dist = (module) => import(pathToFileURL(join(core, module)).href);

/** The corpus's page ids, sorted. */
export function corpusIds(corpus) {
  return readdirSync(join(corpus, 'ground-truth')).filter((f) => f.endsWith('.json')).sort().map((f) => f.replace(/\.json$/, ''));
}

/**
 * One page: its ground truth, labelled type (the corpus's `category` is our `collection`), URL (a stand-in when
 * the label has none), host without `www.` (the unit of held-out folds) and HTML.
 */
export function readCorpusPage(corpus, id) {
  const gt = JSON.parse(readFileSync(join(corpus, 'ground-truth', `${id}.json`), 'utf8'));
  const primary = gt._internal?.page_type?.primary ?? 'unknown';
  const type = primary === 'category' ? 'collection' : primary;
  const url = gt.url || `https://wcxb.invalid/${id}`;
  let host;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    host = id;
  }
  const html = gunzipSync(readFileSync(join(corpus, 'html', `${id}.html.gz`))).toString('utf8');
  return { id, gt, type, url, host, html };
}

/** A hash of `parts` and every compiled core file `keep` accepts (by its path under dist/core). */
export function coreCacheKey(parts, keep = () => true) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  const files = readdirSync(core, { recursive: true }).map(String).filter((f) => f.endsWith('.js') && keep(f)).sort();
  for (const file of files) hash.update(file).update(readFileSync(join(core, file)));
  return hash.digest('hex');
}
