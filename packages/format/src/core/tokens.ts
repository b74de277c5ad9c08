// Token counting with a real BPE vocabulary shipped inside gpt-tokenizer (no download at run time).
// cl100k_base: loads ~40% faster than o200k_base here and counts slightly more tokens on most text,
// so a budget met under it is the more conservative promise.
import { countTokens as countCl100k, decode, encode, isWithinTokenLimit } from "gpt-tokenizer/encoding/cl100k_base";

export const TOKENIZER_NAME = "cl100k_base";

// Page text may contain "<|endoftext|>" and friends: count them as plain text instead of throwing.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return countCl100k(text, PLAIN_TEXT);
}

/** Token count if it is at most `limit`, else false; stops encoding as soon as the limit is passed. */
export function countTokensWithin(text: string, limit: number): number | false {
  if (limit < 0) return false;
  return isWithinTokenLimit(text, limit, PLAIN_TEXT);
}

/** Longest-ish verbatim prefix of `text` that encodes to at most `maxTokens` tokens. */
export function prefixWithinTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return "";
  // Encoding a huge body to keep a few hundred tokens is waste: no token here is longer than ~64 chars
  // in practice, and a shorter window only ever yields a shorter (still valid) prefix.
  const window = text.length > maxTokens * 64 + 64 ? text.slice(0, maxTokens * 64 + 64) : text;
  const tokens = encode(window, PLAIN_TEXT);
  if (tokens.length <= maxTokens) return window;
  const decoded = decode(tokens.slice(0, maxTokens));
  // A token can end inside a multi-byte character (the decoder then emits U+FFFD): keep only the part
  // that matches `text` exactly, so the result is always a verbatim prefix.
  let same = 0;
  const limit = Math.min(decoded.length, text.length);
  while (same < limit && decoded.charCodeAt(same) === text.charCodeAt(same)) same++;
  return text.slice(0, same);
}
