// The title ranker: a linear score over each candidate's features (title-features.ts), weights shipped as data
// (title-weights.json, written by bench/train-title.mjs from the WCXB dev split). The hand rules' answer
// stands unless another candidate outscores it by the trained margin.
import weights from "../title-weights.json" with { type: "json" };
import { TITLE_FEATURE_NAMES, type RankedTitle } from "./title-features.js";

interface TitleWeights {
  /** Per feature: mean and scale used to standardise it. */
  mean: number[];
  scale: number[];
  weights: number[];
  /** How much the best candidate must outscore the rules' answer by. */
  margin: number;
}

const model = weights as TitleWeights;
const usable = model.weights.length === TITLE_FEATURE_NAMES.length && model.mean.length === TITLE_FEATURE_NAMES.length;

/** The ranker's title, or null when the weights do not fit the features (then the rules' title stands). */
export function rankTitle(candidates: RankedTitle[], rulesKey: string | null): string | null {
  if (!usable || candidates.length === 0) return null;
  let best: RankedTitle | null = null;
  let bestScore = -Infinity;
  let rulesScore: number | null = null;
  for (const cand of candidates) {
    const z = score(cand.features);
    if (cand.key === rulesKey) rulesScore = z;
    if (z > bestScore) [best, bestScore] = [cand, z];
  }
  if (!best || (rulesScore !== null && best.key !== rulesKey && bestScore - rulesScore < model.margin)) return null;
  return best.text;
}

function score(x: number[]): number {
  let z = 0;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] ?? 0) * (((x[i] ?? 0) - (model.mean[i] ?? 0)) / (model.scale[i] || 1));
  return z;
}
