/** Disjoint sets over 0..n-1 with path halving and union by size. */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    this.size = new Int32Array(count).fill(1);
    for (let i = 0; i < count; i++) this.parent[i] = i;
  }

  find(node: number): number {
    let x = node;
    while (this.parent[x] !== x) {
      const grand = this.parent[this.parent[x]!]!;
      this.parent[x] = grand;
      x = grand;
    }
    return x;
  }

  /** Returns false when both were already in one set. */
  union(a: number, b: number): boolean {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return false;
    if (this.size[rootA]! < this.size[rootB]!) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA] = this.size[rootA]! + this.size[rootB]!;
    return true;
  }

  /** Members grouped by set, each group ascending, groups ordered by their smallest member. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    const ordered: number[][] = [];
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      let group = byRoot.get(root);
      if (!group) {
        group = [];
        byRoot.set(root, group);
        ordered.push(group);
      }
      group.push(i);
    }
    return ordered;
  }
}
