// minhash 0.0.9 ships no types; only the members the format layer touches are declared.
declare module "minhash" {
  export interface MinhashLike {
    hashvalues: ArrayLike<number>;
    hashbands?: string[];
  }
  export class Minhash {
    constructor(config?: { numPerm?: number; seed?: number });
    numPerm: number;
    seed: number;
    hashvalues: number[];
    permA: number[];
    permB: number[];
    update(str: string): void;
    jaccard(other: Minhash): number;
  }
  export class LshIndex {
    constructor(args?: { bandSize?: number });
    bandSize: number;
    /** band key -> inserted keys, in insertion order. */
    index: Record<string, string[]>;
    insert(key: string, minhash: MinhashLike): void;
    /** Throws on a band that was never inserted: use a guarded lookup instead. */
    query(minhash: MinhashLike): string[];
    getHashbands(minhash: MinhashLike): string[];
  }
}
