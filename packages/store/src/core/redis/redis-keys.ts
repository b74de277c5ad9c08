/**
 * Key names of one store in Redis. Every key carries the hash tag `{websift-store}` so that on Redis
 * Cluster they live in one slot and the Lua scripts and MULTI blocks that touch several stay legal.
 * A deployment that wants two stores on one Redis uses two database numbers (`redis://host/1`).
 */
const PREFIX = "websift:{websift-store}:";

export const REDIS_KEYS = {
  /** The manifest JSON: the commit point, exactly as the directory store's manifest.json. */
  manifest: `${PREFIX}manifest`,
  /** A random id written with every manifest: the token readers compare to see a new commit. */
  commit: `${PREFIX}commit`,
  /** Hash: page file name -> page record JSON (one immutable field per page version). */
  pages: `${PREFIX}pages`,
  /** Hash: handle -> last access ms (advisory LRU hints from readers). */
  access: `${PREFIX}access`,
  /** The writer lock: a random token with an expiry, so a writer that died frees it. */
  lock: `${PREFIX}lock`,
} as const;
