// The page-type classifier: multinomial logistic regression over page-type-features.ts, weights shipped as data
// (page-type-weights.json, written by bench/train-page-type.mjs from the WCXB dev split; no download at run time).
// It overrules the hand rules only when its top class beats the rules' class by the trained margin.
import type { ExtractResponsePageType } from "@websift/contracts";
import { FEATURE_NAMES, PAGE_TYPES } from "./page-type-features.js";
import weights from "./page-type-weights.json" with { type: "json" };

interface PageTypeWeights {
  /** Per feature: mean and scale used to standardise it. */
  mean: number[];
  scale: number[];
  /** One row per class in PAGE_TYPES order, one column per feature. */
  weights: number[][];
  bias: number[];
  /** Log-odds the top class must beat the rules' class by (in the rules_* one-hot sense). */
  margin: number;
}

const model = weights as PageTypeWeights;
const usable = model.mean.length === FEATURE_NAMES.length && model.weights.length === PAGE_TYPES.length;

/** The classifier's type, or null when the weights do not fit the features (then the rules stand). */
export function predictPageType(features: number[]): ExtractResponsePageType | null {
  if (!usable || features.length !== FEATURE_NAMES.length) return null;
  const scores = model.weights.map((row, k) => {
    let z = model.bias[k] ?? 0;
    for (let i = 0; i < row.length; i++) z += (row[i] ?? 0) * (((features[i] ?? 0) - (model.mean[i] ?? 0)) / (model.scale[i] || 1));
    return z;
  });
  let best = 0;
  for (let k = 1; k < scores.length; k++) if ((scores[k] ?? -Infinity) > (scores[best] ?? -Infinity)) best = k;
  // The rules' class is the one-hot among the first PAGE_TYPES.length features.
  const rulesIndex = features.slice(0, PAGE_TYPES.length).indexOf(1);
  if (rulesIndex >= 0 && rulesIndex !== best && (scores[best] ?? 0) - (scores[rulesIndex] ?? 0) < model.margin) return PAGE_TYPES[rulesIndex] ?? null;
  return PAGE_TYPES[best] ?? null;
}
