// Every key the fetch layer writes, in one place (docs/DEPLOY.md lists them). One hash tag for the
// layer: on Redis Cluster the keys share a slot, so a later multi-key script stays possible.
const PREFIX = "websift:{websift-fetch}:";

/** A cached page, by the same request identity the file cache names its files after (cacheKeyFor). */
export const pageCacheKey = (requestKey: string): string => `${PREFIX}cache:${requestKey}`;
/** When the next request to a host may start (ms, Redis clock). */
export const hostPaceKey = (host: string): string => `${PREFIX}pace:${host.toLowerCase()}`;
/** Parsed robots.txt rules of an origin. */
export const robotsKey = (origin: string): string => `${PREFIX}robots:${origin.toLowerCase()}`;
/** A host's Retry-After: present (with its expiry) while the host asked everyone to wait. */
export const hostBackoffKey = (host: string): string => `${PREFIX}backoff:${host.toLowerCase()}`;
