// The search layer's own Redis connection (layers share no code; the settings are the page store's, see
// docs/DEPLOY.md for why ioredis and these timeouts).
import type { Redis } from "ioredis";


/** A connect or a command that takes longer than this is a Redis that is down or hung: fall back, do not wait. */
const REDIS_CONNECT_TIMEOUT_MS = 1_000;
const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect forever (Redis comes back by itself), backing off up to this. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/** One client per Redis URL per process: ioredis pipelines every command over one connection, which is the pool. */
const clients = new Map<string, Promise<Redis>>();

/** ioredis is loaded on first use: a search without a Redis URL never pays for importing it. */
async function createRedisClient(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // Also bounds commands already sent: a hung server (SIGSTOP) fails the call instead of holding the fetch.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A call made while (re)connecting waits for that attempt and fails as soon as it fails.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(50 * attempt, MAX_RECONNECT_DELAY_MS),
    enableReadyCheck: true,
  });
  // Without a listener an 'error' event would crash the process; failures reach callers as rejections.
  client.on("error", () => undefined);
  keepFromHoldingProcessOpen(client);
  return client;
}

/**
 * The shared state is an optimisation, so its connection never keeps a process alive: a one-shot CLI
 * (websift-search) exits when its work is done, even while Redis is
 * down and the client is backing off. A command in flight still does, through its timeout timer.
 */
function keepFromHoldingProcessOpen(client: Redis): void {
  client.on("connect", () => client.stream?.unref());
  // Emitted on the tick after ioredis set its reconnect timer (a private field, read defensively).
  client.on("reconnecting", () => (client as unknown as { reconnectTimeout?: NodeJS.Timeout | null }).reconnectTimeout?.unref?.());
}

export function sharedRedisClient(url: string): Promise<Redis> {
  let client = clients.get(url);
  if (client === undefined) {
    client = createRedisClient(url);
    clients.set(url, client);
  }
  return client;
}

/** Closes every client this process opened (tests, benchmark, the CLI before it exits). */
export async function closeRedisClients(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(
    open.map(async (opening) => {
      const client = await opening.catch(() => undefined);
      if (client === undefined) return;
      // quit waits for Redis; when it is down, drop the socket instead of waiting for a reconnect.
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    }),
  );
}

/** The URL as it may appear in a warning: no password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return "the configured Redis";
  }
}

/** ioredis's wording names its own options; say what happened instead. */
export function describeRedisFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  if (cause.name === "MaxRetriesPerRequestError") return "no connection";
  if (cause.message === "Command timed out") return `no reply within ${REDIS_COMMAND_TIMEOUT_MS} ms`;
  return cause.message;
}
