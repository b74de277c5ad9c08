/**
 * One tokenizer for indexed passages and for queries, so a query term matches exactly the
 * passages' terms. Diacritics are folded so "cafe" finds "café".
 * Anything that is not a letter or digit separates tokens, which also makes every user query safe:
 * operators and quotes simply vanish.
 */
const TOKEN = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;
// Han and kana are written without spaces: index them one character per token (phrase checks keep order).
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const MAX_TOKEN_LENGTH = 64;

export function tokenize(text: string): string[] {
  const folded = text.normalize("NFKD").replace(MARKS, "").toLowerCase().replace(CJK, " $& ");
  const tokens = folded.match(TOKEN);
  if (tokens === null) return [];
  return tokens.map((token) => (token.length > MAX_TOKEN_LENGTH ? token.slice(0, MAX_TOKEN_LENGTH) : token));
}
