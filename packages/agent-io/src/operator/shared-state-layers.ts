import type { Layers } from "../layers.js";

/**
 * The layers with the operator's Redis named in every store request: the page store then lives in
 * Redis, shared by every websift instance that names it, whatever store directory this instance has.
 * One place, so no operation can fall back to a local store by forgetting the field.
 */
export function layersWithRedis(layers: Layers, redisUrl: string | undefined): Layers {
  if (redisUrl === undefined) return layers;
  return {
    ...layers,
    store: (input, options) => {
      if (typeof input !== "object" || input === null || Array.isArray(input)) return layers.store(input, options);
      const { store_dir: _local, ...request } = input as Record<string, unknown>;
      return layers.store({ ...request, redis_url: redisUrl }, options);
    },
  };
}

/** The operator's Redis: the setting, else WEBSIFT_REDIS_URL; an empty variable counts as unset. */
export function operatorRedisUrl(setting: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const fromEnv = env["WEBSIFT_REDIS_URL"]?.trim();
  return setting ?? (fromEnv ? fromEnv : undefined);
}
