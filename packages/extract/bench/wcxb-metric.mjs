// The WCXB metric as the corpus README states it (bag of lower-cased \w+ tokens; per-page P, R, F1; plain
// means), written from the README so it can be cross-checked against the reference score-wcxb.mjs.
export const tokens = (text) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

export function scoreOne(prediction, truth) {
  return scoreTokens(tokens(prediction), tokens(truth));
}

/** The same score over token lists already cut (bench/train-blocks.mjs scores kept blocks' tokens). */
export function scoreTokens(pred, ref) {
  if (ref.length === 0) return pred.length === 0 ? { p: 1, r: 1, f1: 1 } : { p: 0, r: 0, f1: 0 };
  if (pred.length === 0) return { p: 0, r: 0, f1: 0 };
  const counts = new Map();
  for (const t of ref) counts.set(t, (counts.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const t of pred) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      overlap++;
      counts.set(t, c - 1);
    }
  }
  const p = overlap / pred.length;
  const r = overlap / ref.length;
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

const rate = (prediction, snippets) => {
  if (!Array.isArray(snippets) || snippets.length === 0) return null;
  const lower = prediction.toLowerCase();
  return snippets.filter((s) => lower.includes(String(s).toLowerCase())).length / snippets.length;
};

/** pages: [{id, type, truth, with, without}]; predictions: {id: text}. Returns {overall, <type>...}. */
export function scorePages(pages, predictions) {
  const groups = new Map();
  const add = (key, s) => {
    const g = groups.get(key) ?? { pages: 0, f1: 0, p: 0, r: 0, w: [], wo: [] };
    g.pages++;
    g.f1 += s.f1;
    g.p += s.p;
    g.r += s.r;
    if (s.withRate !== null) g.w.push(s.withRate);
    if (s.withoutRate !== null) g.wo.push(s.withoutRate);
    groups.set(key, g);
  };
  const perPage = {};
  for (const page of pages) {
    const pred = predictions[page.id] ?? '';
    const s = { ...scoreOne(pred, page.truth), withRate: rate(pred, page.with), withoutRate: rate(pred, page.without) };
    perPage[page.id] = s.f1;
    add('overall', s);
    add(page.type, s);
  }
  const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const out = {};
  for (const [k, g] of groups) {
    out[k] = { pages: g.pages, f1: g.f1 / g.pages, precision: g.p / g.pages, recall: g.r / g.pages, with_rate: mean(g.w), without_rate: mean(g.wo) };
  }
  return { summary: out, perPage };
}
