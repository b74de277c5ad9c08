export interface Scored<T> {
  passage: T;
  score: number;
}

/**
 * Keeps the best `k` of a stream without sorting all of it. With a total order as `compare` the
 * result does not depend on the order items are offered in. k is small (<= 100) while candidates
 * can number thousands, so a sorted array with binary insertion beats a full sort.
 */
export class TopK<T> {
  private readonly items: Array<Scored<T>> = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: Scored<T>, b: Scored<T>) => number,
  ) {}

  /** True when `passage` with `score` would be kept if offered now (lets callers skip costly work). */
  wouldKeep(passage: T, score: number): boolean {
    const items = this.items;
    if (items.length < this.k) return true;
    const worst = items[items.length - 1];
    return worst !== undefined && this.compare({ passage, score }, worst) < 0;
  }

  offer(passage: T, score: number): void {
    if (!this.wouldKeep(passage, score)) return;
    const item = { passage, score };
    const items = this.items;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(items[middle] as Scored<T>, item) <= 0) low = middle + 1;
      else high = middle;
    }
    items.splice(low, 0, item);
    if (items.length > this.k) items.pop();
  }

  sorted(): Array<Scored<T>> {
    return this.items;
  }
}
