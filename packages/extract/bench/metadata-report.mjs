// Metadata and page-type scoring against the WCXB ground-truth labels (title, author, publish_date, page
// type). The matching rules are stated here so the rates in docs/BENCHMARK.md can be read exactly:
// - title: right when the lower-cased word tokens are equal, or when the truth's tokens are the prediction's
//   with a site-name part cut (the prediction starts or ends with the truth and the rest is at most 6 words);
//   "title exact" counts only the first (the labels cut site names from most titles, but not from all);
// - author: right when every truth name token is in the prediction and every prediction token is in the
//   truth, ignoring "by", "and" and punctuation (so "By Jane Doe" = "Jane Doe", "A, B and C" = "A, B, C");
// - date: right when the first ten characters (YYYY-MM-DD) are equal: to the day, in the page's own time;
// - page type: right when equal ("category" counts as collection, as for F1).
// Only labelled pages count for each field; a missing prediction on a labelled page is wrong.

const words = (s) => (String(s ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const NAME_FILLER = new Set(['by', 'and', 'written', 'author', 'posted', 'updated', 'reviewed', 'medically']);

export function titleRight(pred, truth) {
  const p = words(pred);
  const t = words(truth);
  if (t.length === 0) return null;
  if (p.join(' ') === t.join(' ')) return true;
  if (p.length <= t.length || p.length - t.length > 6) return false;
  const tj = t.join(' ');
  return p.slice(0, t.length).join(' ') === tj || p.slice(p.length - t.length).join(' ') === tj;
}

export function titleExact(pred, truth) {
  const t = words(truth);
  if (t.length === 0) return null;
  return words(pred).join(' ') === t.join(' ');
}

export function authorRight(pred, truth) {
  const t = words(truth).filter((w) => !NAME_FILLER.has(w));
  if (t.length === 0) return null;
  const p = words(pred).filter((w) => !NAME_FILLER.has(w));
  if (p.length === 0) return false;
  const ps = new Set(p);
  const ts = new Set(t);
  return t.every((w) => ps.has(w)) && p.every((w) => ts.has(w));
}

export function dateRight(pred, truth) {
  const t = String(truth ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return null;
  return String(pred ?? '').slice(0, 10) === t;
}

/**
 * rows: [{ type, truth: {title, author, publish_date}, pred: {title, byline, published, published_source, page_type} }]
 * Returns rates per field overall and per page type, the share of each date source, and the type confusion.
 */
export function scoreMetadata(rows) {
  const fields = {
    title: (r) => titleRight(r.pred.title, r.truth.title),
    title_exact: (r) => titleExact(r.pred.title, r.truth.title),
    author: (r) => authorRight(r.pred.byline, r.truth.author),
    date: (r) => dateRight(r.pred.published, r.truth.publish_date),
    page_type: (r) => r.pred.page_type === r.type,
  };
  const byType = {};
  const add = (key, field, ok) => {
    const slot = ((byType[key] ??= {})[field] ??= { right: 0, labelled: 0 });
    slot.labelled++;
    if (ok) slot.right++;
  };
  const confusion = {};
  const dateSources = {};
  for (const r of rows) {
    for (const [field, judge] of Object.entries(fields)) {
      const ok = judge(r);
      if (ok === null) continue;
      add('overall', field, ok);
      add(r.type, field, ok);
    }
    const row = (confusion[r.type] ??= {});
    row[r.pred.page_type ?? 'none'] = (row[r.pred.page_type ?? 'none'] ?? 0) + 1;
    if (dateRight(r.pred.published, r.truth.publish_date) !== null) {
      const src = r.pred.published ? r.pred.published_source ?? 'unknown' : 'none';
      const s = (dateSources[src] ??= { right: 0, found: 0 });
      s.found++;
      if (dateRight(r.pred.published, r.truth.publish_date)) s.right++;
    }
  }
  return { byType, confusion, dateSources };
}

export function printMetadataReport({ byType, confusion, dateSources }, order) {
  const pct = (s) => (s && s.labelled ? `${((100 * s.right) / s.labelled).toFixed(1)}% (${s.right}/${s.labelled})` : '-');
  const keys = [...order.filter((k) => byType[k]), ...Object.keys(byType).filter((k) => !order.includes(k))];
  console.log('\n| page type | title | title exact | author | date (day) | page type |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const k of keys) {
    const b = byType[k];
    console.log(`| ${k} | ${pct(b.title)} | ${pct(b.title_exact)} | ${pct(b.author)} | ${pct(b.date)} | ${pct(b.page_type)} |`);
  }
  console.log('\ndate source on date-labelled pages (right / found):');
  for (const [src, s] of Object.entries(dateSources).sort((a, b) => b[1].found - a[1].found)) {
    console.log(`  ${src}: ${s.right} / ${s.found}`);
  }
  const predicted = [...new Set(Object.values(confusion).flatMap((r) => Object.keys(r)))].sort();
  console.log(`\npage-type confusion (rows: truth, columns: ours)\n| truth | ${predicted.join(' | ')} |`);
  console.log(`| --- | ${predicted.map(() => '---').join(' | ')} |`);
  for (const t of order.filter((k) => confusion[k])) {
    console.log(`| ${t} | ${predicted.map((p) => confusion[t][p] ?? 0).join(' | ')} |`);
  }
}
