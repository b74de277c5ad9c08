// Gradient-boosted trees for the trainers (train-blocks.mjs: one logistic output; train-page-type.mjs: a softmax
// over the page types). Histogram-based: each feature is cut into quantile bins once, and each tree is grown
// level by level from per-bin gradient/hessian sums, to a fixed depth. A tree is an array of nodes
// [feature, threshold, left, right, value]; a row goes left when x[feature] <= threshold; leaves have feature -1.

/** Quantile cut points per feature and every row's bin per feature (row-major, `d` bins per row). */
export function binRows(X, bins) {
  const n = X.length;
  const d = X[0]?.length ?? 0;
  const cuts = [];
  for (let j = 0; j < d; j++) {
    const vals = X.map((x) => x[j]).sort((a, b) => a - b);
    const c = [];
    for (let q = 1; q < bins; q++) {
      const v = vals[Math.floor((q * n) / bins)];
      if (c.length === 0 || v > c[c.length - 1]) c.push(v);
    }
    cuts.push(c);
  }
  const Xb = new Uint8Array(n * d);
  for (let i = 0; i < n; i++) {
    const x = X[i];
    for (let j = 0; j < d; j++) {
      const c = cuts[j];
      let lo = 0, hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (x[j] <= c[mid]) hi = mid;
        else lo = mid + 1;
      }
      Xb[i * d + j] = lo;
    }
  }
  return { cuts, Xb, n, d, bins };
}

/**
 * One regression tree on gradients `g` and hessians `h` (Newton leaves, L2 `lambda`, scaled by `rate`). Adds
 * each row's leaf value to `F` and returns the tree's nodes.
 */
export function growTree(binned, g, h, F, { depth, rate, lambda, minHess }) {
  const { cuts, Xb, n, d, bins } = binned;
  const tree = [{ f: -1, t: 0, bin: 0, l: -1, r: -1, v: 0 }];
  const node = new Int32Array(n);
  let frontier = [0];
  for (let level = 0; level < depth && frontier.length; level++) {
    const slot = new Map(frontier.map((id, k) => [id, k]));
    const H = new Float64Array(frontier.length * d * bins * 2);
    const tot = new Float64Array(frontier.length * 2);
    for (let i = 0; i < n; i++) {
      const k = slot.get(node[i]);
      if (k === undefined) continue;
      tot[k * 2] += g[i];
      tot[k * 2 + 1] += h[i];
      const off = k * d * bins * 2, row = i * d;
      for (let j = 0; j < d; j++) {
        const o = off + (j * bins + Xb[row + j]) * 2;
        H[o] += g[i];
        H[o + 1] += h[i];
      }
    }
    const next = [];
    const splits = new Map();
    frontier.forEach((id, k) => {
      const G = tot[k * 2], Hs = tot[k * 2 + 1];
      const parent = (G * G) / (Hs + lambda);
      let best = null;
      for (let j = 0; j < d; j++) {
        let gl = 0, hl = 0;
        const off = k * d * bins * 2 + j * bins * 2;
        for (let b = 0; b < cuts[j].length; b++) {
          gl += H[off + b * 2];
          hl += H[off + b * 2 + 1];
          const gr = G - gl, hr = Hs - hl;
          if (hl < minHess || hr < minHess) continue;
          const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
          if (!best || gain > best.gain) best = { gain, j, b };
        }
      }
      if (best && best.gain > 1e-6) {
        const l = tree.length, r = tree.length + 1;
        tree.push({ f: -1, t: 0, bin: 0, l: -1, r: -1, v: 0 }, { f: -1, t: 0, bin: 0, l: -1, r: -1, v: 0 });
        Object.assign(tree[id], { f: best.j, t: cuts[best.j][best.b], bin: best.b, l, r });
        splits.set(id, best);
        next.push(l, r);
      } else tree[id].v = (-G / (Hs + lambda)) * rate;
    });
    for (let i = 0; i < n; i++) {
      const s = splits.get(node[i]);
      if (!s) continue;
      const t = tree[node[i]];
      node[i] = Xb[i * d + s.j] <= s.b ? t.l : t.r;
    }
    frontier = next;
  }
  // Leaves of the last level.
  if (frontier.length) {
    const acc = new Map(frontier.map((id) => [id, [0, 0]]));
    for (let i = 0; i < n; i++) {
      const a = acc.get(node[i]);
      if (a) {
        a[0] += g[i];
        a[1] += h[i];
      }
    }
    for (const [id, [G, Hs]] of acc) tree[id].v = (-G / (Hs + lambda)) * rate;
  }
  for (let i = 0; i < n; i++) {
    let id = 0;
    while (tree[id].f >= 0) id = Xb[i * d + tree[id].f] <= tree[id].bin ? tree[id].l : tree[id].r;
    F[i] += tree[id].v;
  }
  return tree.map(({ f, t, l, r, v }) => [f, t, l, r, v]);
}

/**
 * Softmax boosting over `classes` classes: each round grows one tree per class on the cross-entropy's gradient.
 * `W` weighs the rows (normalised to mean 1). Returns { trees: rounds x classes trees }; scores start at 0.
 */
export function fitSoftmaxTrees(X, Y, W, classes, { rounds = 150, depth = 3, rate = 0.1, lambda = 1, bins = 32, minHess = 0.5 } = {}) {
  const binned = binRows(X, bins);
  const n = X.length;
  const wsum = W.reduce((a, b) => a + b, 0);
  const w = W.map((v) => (v * n) / wsum);
  const F = Array.from({ length: classes }, () => new Float64Array(n));
  const P = Array.from({ length: classes }, () => new Float64Array(n));
  const trees = [];
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let k = 0; k < classes; k++) max = Math.max(max, F[k][i]);
      let sum = 0;
      for (let k = 0; k < classes; k++) sum += P[k][i] = Math.exp(F[k][i] - max);
      for (let k = 0; k < classes; k++) P[k][i] /= sum;
    }
    const perClass = [];
    for (let k = 0; k < classes; k++) {
      const g = new Float64Array(n), h = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const p = P[k][i];
        g[i] = w[i] * (p - (Y[i] === k ? 1 : 0));
        h[i] = Math.max(1e-6, w[i] * p * (1 - p));
      }
      perClass.push(growTree(binned, g, h, F[k], { depth, rate, lambda, minHess }));
    }
    trees.push(perClass);
  }
  return { trees };
}

/** Per class, the summed leaf values of a softmax model for one row. */
export function softmaxScores(model, x) {
  const z = new Array(model.trees[0]?.length ?? 0).fill(0);
  for (const round of model.trees) {
    round.forEach((tree, k) => {
      let id = 0;
      while (tree[id][0] >= 0) id = x[tree[id][0]] <= tree[id][1] ? tree[id][2] : tree[id][3];
      z[k] += tree[id][4];
    });
  }
  return z;
}
