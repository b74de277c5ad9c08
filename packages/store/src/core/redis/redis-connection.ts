import type { Redis } from "ioredis";
import { StoreLayerError } from "../../errors.js";
import { stripUrlCredentials } from "../url-credentials.js";

/** A connect or a command that takes longer than this is a Redis that is down or hung: answer, do not wait. */
const REDIS_CONNECT_TIMEOUT_MS = 1_000;
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect forever (Redis comes back by itself), backing off up to this. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * One client per Redis URL per process: ioredis pipelines every command over one connection, so this
 * one connection is the pool (a command in flight does not hold it for others). Kept across calls
 * and across store re-opens, so a failed open does not leak a connection.
 */
const clients = new Map<string, Promise<Redis>>();

/** ioredis is loaded on first use: a store on disk or in memory never pays for importing it. */
async function createRedisClient(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // Applies to commands already sent: a hung server (SIGSTOP, a full network buffer) fails the call
    // instead of hanging it (node-redis 6.3.1 does not time out a sent command; see docs/DEPLOY.md).
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Commands issued while (re)connecting wait for the connection, but fail as soon as one attempt
    // fails: with Redis down, a call answers store_unavailable within about a connect timeout.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(50 * attempt, MAX_RECONNECT_DELAY_MS),
    // While a restarted Redis replays its AOF, calls wait for it to finish instead of failing with
    // LOADING; the command timeout (which also runs for queued commands) still bounds that wait.
    enableReadyCheck: true,
  });
  // Without a listener an 'error' event would crash the process; failures reach callers as rejections.
  client.on("error", () => undefined);
  return client;
}

export function sharedRedisClient(url: string): Promise<Redis> {
  let client = clients.get(url);
  if (client === undefined) {
    client = createRedisClient(url);
    clients.set(url, client);
  }
  return client;
}

/** Closes every client this process opened (tests, benchmark, shutdown). */
export async function closeRedisClients(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(
    open.map(async (opening) => {
      const client = await opening;
      // quit waits for Redis; when it is down, drop the socket instead of waiting for a reconnect.
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    }),
  );
}

/** The URL as it may appear in a message: no password. */
function describeRedisUrl(url: string): string {
  return stripUrlCredentials(url);
}

/**
 * Any failure talking to Redis (refused, reset, timed out, still loading, out of memory, read-only
 * replica) is one typed, retryable answer: the call changed nothing the store relies on, and the
 * same call succeeds once Redis is back.
 */
export function redisUnavailable(url: string, operation: string, cause: unknown): StoreLayerError {
  const reason = describeFailure(cause);
  return new StoreLayerError("store_unavailable", `Cannot ${operation}: the page store's Redis at ${describeRedisUrl(url)} did not answer (${reason}); retry shortly.`, {
    details: { redis: describeRedisUrl(url), reason },
    cause,
  });
}

/** ioredis's wording names its own options; say what happened instead. */
function describeFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  if (cause.name === "MaxRetriesPerRequestError") return "no connection";
  if (cause.message === "Command timed out") return `no reply within ${REDIS_COMMAND_TIMEOUT_MS} ms`;
  return cause.message;
}
