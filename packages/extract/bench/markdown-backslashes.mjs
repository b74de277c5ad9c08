#!/usr/bin/env node
// The issue-14 Markdown check over a whole corpus, as the acceptance reads it: every page through the built CLI
// (`websift-extract --jsonl --format text`), and in each page's `data.content_markdown`, outside code spans and
// fenced blocks, any backslash inside a word (a letter or digit before it and a letter, digit or `_` after, or
// `_` on either side). A backslash the page's own text has (its HTML holds the same word, `&amp;` read as `&`:
// an image's alt text, which Markdown keeps and plain text does not) is reported apart: it is the page's, not
// an escape.
//   cd packages/extract && pnpm exec tsc -p tsconfig.build.json && node bench/markdown-backslashes.mjs --corpus DIR [--limit N]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusIds, readCorpusPage } from './corpus-pages.mjs';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, limit: { type: 'string' } } });
if (!values.corpus) {
  console.error('usage: node bench/markdown-backslashes.mjs --corpus DIR [--limit N]');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const ids = corpusIds(corpus).slice(0, values.limit ? Number(values.limit) : undefined);
const cli = join(dirname(fileURLToPath(import.meta.url)), '../bin/websift-extract.js');
const sources = new Map();
const child = spawn(process.execPath, [cli, '--jsonl', '--format', 'text'], { stdio: ['pipe', 'pipe', 'inherit'] });
(async () => {
  for (const id of ids) {
    const { url, html } = readCorpusPage(corpus, id);
    sources.set(id, html.replace(/&amp;/g, '&'));
    if (!child.stdin.write(JSON.stringify({ url, html }) + '\n')) await new Promise((done) => child.stdin.once('drain', done));
  }
  child.stdin.end();
})();

const IN_WORD = /[\p{L}\p{N}]\\[\p{L}\p{N}_]|[\p{L}\p{N}]\\_|_\\[\p{L}\p{N}]/gu;
const WORD_AROUND = /[\p{L}\p{N}_\\&#;]*$/u;
const WORD_AFTER = /^[\p{L}\p{N}_\\&#;]*/u;
const escapes = [];
const pagesOwn = [];
let read = 0;
let failed = 0;
for await (const line of createInterface({ input: child.stdout })) {
  const envelope = JSON.parse(line);
  const id = ids[read++];
  if (!envelope.ok) {
    failed++;
    continue;
  }
  const prose = (envelope.data.content_markdown ?? '').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const source = sources.get(id) ?? '';
  sources.delete(id);
  for (const m of prose.matchAll(IN_WORD)) {
    const word = prose.slice(0, m.index).match(WORD_AROUND)[0] + prose.slice(m.index).match(WORD_AFTER)[0];
    (source.includes(word) ? pagesOwn : escapes).push({ id, word });
  }
}
const pages = (list) => new Set(list.map((e) => e.id)).size;
for (const e of escapes) console.log(`escape  ${e.id} ${JSON.stringify(e.word)}`);
for (const e of pagesOwn) console.log(`page's  ${e.id} ${JSON.stringify(e.word)}`);
console.log(`${read} pages (${failed} without content): ${pages(escapes)} with a backslash escape inside a word; ${pages(pagesOwn)} whose own text has one`);
process.exitCode = escapes.length > 0 ? 1 : 0;
