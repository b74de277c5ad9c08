// Deterministic test text: a seeded generator, so every run sees the same corpus.
import type { FormatInputResult } from "@websift/contracts";

function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const VOCABULARY = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${"aeiou"[i % 5]}`);

/** About `words` words of prose-like text with paragraph breaks. */
export function makeText(seed: number, words: number): string {
  const next = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(VOCABULARY[next() % VOCABULARY.length]!);
    if (i % 40 === 39) out.push("\n\n");
  }
  return out.join(" ").replace(/ \n\n /g, ".\n\n");
}

/** Replaces every `every`-th word: small edits keep word-shingle Jaccard high. */
export function editWords(text: string, every: number): string {
  const words = text.split(" ");
  for (let i = every - 1; i < words.length; i += every) words[i] = `edit${i}`;
  return words.join(" ");
}

export function result(url: string, body: string, extra: Partial<FormatInputResult> = {}): FormatInputResult {
  return { url, title: `Title of ${url}`, score: 0.5, snippet: body.slice(0, 80), body_markdown: body, ...extra };
}
