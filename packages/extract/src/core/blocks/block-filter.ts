// The block classifier: gradient-boosted trees (or, for comparison, logistic regression) over
// block-features.ts, shipped as data (block-weights.json, written by bench/train-blocks.mjs from the WCXB dev
// split; no download at run time). It drops the selected content's blocks that read as furniture (prices and
// cart controls, review widgets, related rails, share bars) on the page types where held-out folds showed a
// gain; on the other types the selected content stands as it is.
import type { ExtractResponsePageType } from "@websift/contracts";
import { BLOCK_FEATURE_NAMES, type BlockContext, blockFeatures } from "./block-features.js";
import { listBlocks, removeBlock, type TextBlock } from "./block-list.js";
import weights from "./block-weights.json" with { type: "json" };

/** A tree node: [feature, threshold, left, right, value]; a row goes left when x[feature] <= threshold; leaves have feature -1. */
type TreeNode = [number, number, number, number, number];

interface BlockWeights {
  /** Feature names at training time: a model trained on other features is not used. */
  features: string[];
  /** Per page type, the probability under which a block is dropped; a type not listed is not filtered. */
  thresholds: Partial<Record<ExtractResponsePageType, number>>;
  kind?: "trees" | "linear";
  base?: number;
  trees?: TreeNode[][];
  mean?: number[];
  scale?: number[];
  weights?: number[];
  bias?: number;
}

/**
 * On prose pages a paragraph is kept whatever its score: the trees learnt from the dev split's annotation, and
 * a long paragraph is where a wrong drop costs a reader most (measured on WCXB dev: -0.0008 F1 on articles).
 */
const PROSE_TYPES = new Set<ExtractResponsePageType>(["article", "documentation"]);
const LONG_PROSE_WORDS = 40;

/** When the blocks kept would hold less than this share of the content's words, nothing is dropped (read by bench/train-blocks.mjs). @public */
export const MIN_KEPT_SHARE = 0.3;

const model = weights as BlockWeights;
const usable =
  model.features.length === BLOCK_FEATURE_NAMES.length && model.features.every((name, i) => name === BLOCK_FEATURE_NAMES[i]);

/** Drops the blocks the classifier reads as furniture, in place; returns how many words went. */
export function filterBlocks(content: Element, context: BlockContext): number {
  const threshold = model.thresholds[context.pageType];
  if (!usable || threshold === undefined) return 0;
  const blocks = listBlocks(content);
  if (blocks.length < 2) return 0;
  const rows = blockFeatures(blocks, content, context);
  const guarded = PROSE_TYPES.has(context.pageType);
  const drop = blocks.filter((b, i) => !b.keep && !(guarded && isLongProse(b)) && probability(rows[i]!) < threshold);
  drop.push(...orphanedKeptLines(blocks, new Set(drop), content));
  const total = blocks.reduce((n, b) => n + b.words, 0);
  const dropped = drop.reduce((n, b) => n + b.words, 0);
  if (drop.length === 0 || total - dropped < total * MIN_KEPT_SHARE) return 0;
  for (const block of drop) removeBlock(block);
  return dropped;
}

/**
 * A kept line (a forum post's author and date) whose post lost every other block says nothing on its own: a
 * comment whose text was dropped would leave "Jane Doe · 2019-03-26 16:40" standing alone.
 */
function orphanedKeptLines(blocks: TextBlock[], dropped: ReadonlySet<TextBlock>, content: Element): TextBlock[] {
  if (!blocks.some((b) => b.keep)) return [];
  const posts = new Map<Element, { kept: TextBlock[]; standing: number }>();
  for (const block of blocks) {
    const post = topChild(block.owner, content);
    if (!post) continue;
    const entry = posts.get(post) ?? { kept: [], standing: 0 };
    if (block.keep) entry.kept.push(block);
    else if (!dropped.has(block)) entry.standing++;
    posts.set(post, entry);
  }
  return Array.from(posts.values()).flatMap((p) => (p.standing === 0 && p.kept.length > 0 ? p.kept : []));
}

/** The child of `root` holding `el` (null for the root itself). */
function topChild(el: Element, root: Element): Element | null {
  let node: Element | null = el;
  while (node && node.parentElement !== root) node = node === root ? null : node.parentElement;
  return node;
}

function isLongProse(block: TextBlock): boolean {
  const sentences = block.text.match(/[.!?…。](?=\s|$)/g)?.length ?? 0;
  return block.words >= LONG_PROSE_WORDS && block.linkWords < block.words * 0.2 && sentences >= 2;
}

function probability(row: number[]): number {
  return 1 / (1 + Math.exp(-(model.kind === "trees" ? treeScore(row) : linearScore(row))));
}

/**
 * The trees as flat typed arrays (node i of every tree at roots[t] + i): walking nested JSON arrays cost
 * ~1.5% of an extraction. Same nodes, same comparisons, leaves summed in the same order.
 */
interface FlatTrees {
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

function flattenTrees(trees: TreeNode[][]): FlatTrees {
  const size = trees.reduce((n, tree) => n + tree.length, 0);
  const flat: FlatTrees = {
    roots: new Int32Array(trees.length), feature: new Int32Array(size), threshold: new Float64Array(size),
    left: new Int32Array(size), right: new Int32Array(size), value: new Float64Array(size),
  };
  let at = 0;
  trees.forEach((tree, t) => {
    flat.roots[t] = at;
    for (const [feature, threshold, left, right, value] of tree) {
      flat.feature[at] = feature;
      flat.threshold[at] = threshold;
      flat.left[at] = left;
      flat.right[at] = right;
      flat.value[at] = value;
      at++;
    }
  });
  return flat;
}

const flatTrees = model.kind === "trees" && usable ? flattenTrees(model.trees ?? []) : null;

function treeScore(row: number[]): number {
  // Features at the training data's precision, so a value on a split point goes the way it went in training.
  const x = row.map((v) => Math.round(v * 1e4) / 1e4);
  let z = model.base ?? 0;
  const { roots, feature, threshold, left, right, value } = flatTrees!;
  for (let t = 0; t < roots.length; t++) {
    const root = roots[t]!;
    let node = root;
    while (feature[node]! >= 0) node = root + ((x[feature[node]!] ?? 0) <= threshold[node]! ? left[node]! : right[node]!);
    z += value[node]!;
  }
  return z;
}

function linearScore(row: number[]): number {
  const { weights: w = [], mean = [], scale = [] } = model;
  let z = model.bias ?? 0;
  for (let j = 0; j < row.length; j++) z += (w[j] ?? 0) * (((row[j] ?? 0) - (mean[j] ?? 0)) / (scale[j] || 1));
  return z;
}
