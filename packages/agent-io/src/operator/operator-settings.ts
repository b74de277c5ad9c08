/**
 * What the operator decides: whoever starts websift (CLI flags, environment, config file) or embeds
 * it (`createWebsift(options)`). None of it is a request field, so neither the model nor a REST
 * caller can widen what the operator allowed (BRIEF.md, trust model).
 */
export interface OperatorSettings {
  /** Store directory (else WEBSIFT_STORE_DIR, else the user cache dir). */
  storeDir?: string;
  /**
   * Redis URL (`redis://` or `rediss://`; else WEBSIFT_REDIS_URL): the page store lives there, shared
   * by every websift instance that names the same Redis, instead of in the store directory.
   */
  redisUrl?: string;
  /** Allow loopback and private targets; cloud-metadata and link-local addresses stay refused. */
  allowPrivateHosts?: boolean;
  /**
   * Single private hosts that may be read (`HOST` or `HOST:PORT`, IPv6 in brackets), for the plain and the
   * browser tier, without opening every private address (else WEBSIFT_ALLOW_PRIVATE_HOSTS, comma-separated).
   */
  allowedPrivateHosts?: string[];
  /** SearXNG base URL (else WEBSIFT_SEARXNG_URL / SEARXNG_URL / the config file). */
  searxngUrl?: string;
  /** A ranking policy YAML replacing the packaged default. */
  policyFile?: string;
  /** Engines asked when a request names none (else WEBSIFT_ENGINES, else the config file's default). */
  engines?: string[];
  /** Called with one line per step (engines answered, pages read); the CLI prints them on a terminal. */
  onProgress?: (message: string) => void;
}

/**
 * Request fields of the 1.x agent contracts that were operator settings; a request that still
 * carries one is refused with the way the operator sets it instead.
 */
export const OPERATOR_ONLY_FIELDS: Readonly<Record<string, string>> = {
  allow_private_hosts: "--allow-private-hosts (or allowPrivateHosts in createWebsift options)",
  allowed_private_hosts: "--allow-private-host HOST[:PORT] or WEBSIFT_ALLOW_PRIVATE_HOSTS (or allowedPrivateHosts in createWebsift options)",
  store_dir: "--store DIR or WEBSIFT_STORE_DIR (or storeDir in createWebsift options)",
  redis_url: "--redis-url URL or WEBSIFT_REDIS_URL (or redisUrl in createWebsift options)",
  searxng_url: "--searxng-url URL or WEBSIFT_SEARXNG_URL (or searxngUrl in createWebsift options)",
  policy_file: "--policy FILE (or policyFile in createWebsift options)",
  config_dir: "WEBSIFT_CONFIG_DIR",
  cache_dir: "WEBSIFT_CACHE_DIR",
  state_dir: "WEBSIFT_STATE_DIR",
};

/** The first operator-only field a request carries, if any. */
export function operatorFieldIn(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  return Object.keys(input).find((key) => Object.hasOwn(OPERATOR_ONLY_FIELDS, key));
}
