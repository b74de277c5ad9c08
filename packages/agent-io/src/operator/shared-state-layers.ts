import type { Layers } from "../layers.js";

/**
 * The layers with the operator's Redis named in every store, fetch and search request: the page
 * store, the fetch cache and limits, and the engines' budgets and waits then live in Redis, shared
 * by every websift instance that names it, whatever directories this instance has. One place, so no
 * operation can fall back to local state by forgetting the field.
 */
export function layersWithRedis(layers: Layers, redisUrl: string | undefined): Layers {
  if (redisUrl === undefined) return layers;
  const isRequest = (input: unknown): input is Record<string, unknown> => typeof input === "object" && input !== null && !Array.isArray(input);
  return {
    ...layers,
    store: (input, options) => {
      if (!isRequest(input)) return layers.store(input, options);
      const { store_dir: _local, ...request } = input;
      return layers.store({ ...request, redis_url: redisUrl }, options);
    },
    // The fetch cache, per-host pacing, robots.txt and backoffs; search passes it on to its own fetches
    // and keeps Brave's budget and the engines' waits and last outcomes there.
    fetch: (input, options) => layers.fetch(isRequest(input) ? { ...input, redis_url: redisUrl } : input, options),
    search: (input, options) => layers.search(isRequest(input) ? { ...input, redis_url: redisUrl } : input, options),
  };
}

/** The operator's Redis: the setting, else WEBSIFT_REDIS_URL; an empty variable counts as unset. */
export function operatorRedisUrl(setting: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const fromEnv = env["WEBSIFT_REDIS_URL"]?.trim();
  return setting ?? (fromEnv ? fromEnv : undefined);
}
