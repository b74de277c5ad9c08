/**
 * Okapi BM25 with the usual defaults. Kept apart from the index so the formula is easy to check.
 * idf uses the "+1" form so a term present in every passage still scores a little above zero.
 */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** A passage that contains the query terms as one contiguous run ranks above scattered matches. */
export const PHRASE_BOOST = 2;

export function inverseDocumentFrequency(passageCount: number, documentFrequency: number): number {
  return Math.log(1 + (passageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export interface Bm25Input {
  termFrequency: number;
  passageLength: number;
  averageLength: number;
  idf: number;
}

export function bm25TermScore({ termFrequency, passageLength, averageLength, idf }: Bm25Input): number {
  if (termFrequency <= 0) return 0;
  const lengthNorm = 1 - BM25_B + BM25_B * (passageLength / (averageLength || 1));
  return (idf * termFrequency * (BM25_K1 + 1)) / (termFrequency + BM25_K1 * lengthNorm);
}
