import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { StoreLayerError } from "../../errors.js";
import type { AccessTimes, StoreBackend } from "../backend.js";
import type { ReleaseLock } from "../lock.js";
import { parseManifest, parsePageRecord, type Manifest, type PageRecord } from "../manifest.js";
import { redisUnavailable, sharedRedisClient } from "./redis-connection.js";
import { REDIS_KEYS } from "./redis-keys.js";
import { COMMIT_MANIFEST, MERGE_ACCESS, RELEASE_LOCK } from "./redis-scripts.js";

/** A writer that stalls longer than this loses the lock to the next one (and its commit is refused). */
const LOCK_LIFETIME_MS = 15_000;
const LOCK_POLL_MS = 20;

const token = (): string => randomBytes(12).toString("hex");

/**
 * The store on Redis: the same manifest, page records and commit protocol as on disk, so the page
 * store's logic (and its search index and ranking) is the same code. Any process given the same URL
 * sees the same pages. Every Redis failure becomes `store_unavailable`; nothing here retries, the
 * caller does, and the shared client reconnects by itself.
 */
export class RedisBackend implements StoreBackend {
  // No directory: stats report `dir: null`, and there is nothing on disk to vanish under us.
  readonly location = null;
  // Each process builds its index from the page records; a snapshot in Redis would cost every commit
  // a write of the whole index for a gain only at process start.
  readonly keepsIndexSnapshot = false;
  /** The lock token while this instance holds the writer lock; the commit script checks it. */
  private lockToken: string | null = null;

  constructor(
    private readonly client: Redis,
    private readonly url: string,
  ) {}

  static async open(url: string): Promise<RedisBackend> {
    return new RedisBackend(await sharedRedisClient(url), url);
  }

  private async call<T>(operation: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof StoreLayerError) throw error;
      throw redisUnavailable(this.url, operation, error);
    }
  }

  /** A random id per commit rather than the generation number: Redis restored from an older AOF may repeat a number, never an id. */
  manifestVersion(): Promise<string> {
    return this.call("read the store's commit id", async () => (await this.client.get(REDIS_KEYS.commit)) ?? "none");
  }

  readManifest(): Promise<Manifest | null> {
    return this.call("read the store manifest", async () => {
      const text = await this.client.get(REDIS_KEYS.manifest);
      return text === null ? null : parseManifest(text, `${REDIS_KEYS.manifest} in Redis`);
    });
  }

  async writeManifest(manifest: Manifest): Promise<void> {
    const held = this.lockToken;
    if (held === null) throw new StoreLayerError("internal_error", "Cannot commit the store manifest: the writer lock is not held.");
    const committed = await this.call("commit the store manifest", () =>
      this.client.eval(COMMIT_MANIFEST, 3, REDIS_KEYS.lock, REDIS_KEYS.manifest, REDIS_KEYS.commit, held, JSON.stringify(manifest), token()),
    );
    if (committed !== 1) {
      throw new StoreLayerError("store_locked", "Cannot commit the store manifest: this writer's lock expired and another writer took it; nothing was committed, retry.", {
        details: { reason: "lock_lost" },
      });
    }
  }

  readPage(file: string): Promise<PageRecord | null> {
    return this.call("read a stored page", async () => {
      const text = await this.client.hget(REDIS_KEYS.pages, file);
      return text === null ? null : parsePageRecord(text, `${REDIS_KEYS.pages}[${file}] in Redis`);
    });
  }

  /** Page versions are immutable fields named per generation; none is visible until the manifest names it. */
  writePage(file: string, record: PageRecord): Promise<number> {
    const text = JSON.stringify(record);
    return this.call("write a page", async () => {
      await this.client.hset(REDIS_KEYS.pages, file, text);
      return Buffer.byteLength(text, "utf8");
    });
  }

  // Durability is Redis's persistence (appendonly, appendfsync; see docs/DEPLOY.md), not an fsync here.
  async syncPages(): Promise<void> {}

  async deletePage(file: string): Promise<void> {
    await this.call("delete an old page version", () => this.client.hdel(REDIS_KEYS.pages, file));
  }

  listPageFiles(): Promise<string[]> {
    return this.call("list page versions", () => this.client.hkeys(REDIS_KEYS.pages));
  }

  async removeLeftovers(): Promise<void> {}

  async readIndexSnapshot(): Promise<Buffer | null> {
    return null;
  }

  async writeIndexSnapshot(): Promise<number> {
    return 0;
  }

  readAccess(): Promise<AccessTimes> {
    return this.call("read access times", async () => {
      const times: AccessTimes = {};
      for (const [handle, at] of Object.entries(await this.client.hgetall(REDIS_KEYS.access))) {
        const value = Number(at);
        if (Number.isFinite(value)) times[handle] = value; // advisory: a bad value only loses a hint
      }
      return times;
    });
  }

  /** Replaced as a whole in one MULTI, like the file; only a writer pruning removed pages does this, under the lock. */
  async writeAccess(times: AccessTimes): Promise<void> {
    await this.call("write access times", async () => {
      const block = this.client.multi().del(REDIS_KEYS.access);
      const entries = Object.entries(times);
      if (entries.length > 0) block.hset(REDIS_KEYS.access, Object.fromEntries(entries.map(([handle, at]) => [handle, String(at)])));
      const replies = await block.exec();
      const failed = replies?.find(([error]) => error !== null)?.[0];
      if (failed) throw failed;
    });
  }

  /** Readers' touches, merged inside Redis: O(touched handles), and no instance undoes another's. */
  async mergeAccess(times: AccessTimes): Promise<void> {
    const args = Object.entries(times).flatMap(([handle, at]) => [handle, String(at)]);
    if (args.length === 0) return;
    await this.call("record access times", () => this.client.eval(MERGE_ACCESS, 1, REDIS_KEYS.access, ...args));
  }

  /** SET NX with an expiry, polled until `timeoutMs`; released only by its owner (Lua compare-and-delete). */
  async acquireLock(timeoutMs: number): Promise<ReleaseLock> {
    const mine = token();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const taken = await this.call("take the writer lock", () => this.client.set(REDIS_KEYS.lock, mine, "PX", LOCK_LIFETIME_MS, "NX"));
      if (taken === "OK") break;
      if (Date.now() >= deadline) {
        throw new StoreLayerError("store_locked", `Cannot write to the store: another writer has held its Redis lock for over ${timeoutMs} ms; retry later.`, {
          details: { lock_timeout_ms: timeoutMs },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    this.lockToken = mine;
    return async () => {
      if (this.lockToken === mine) this.lockToken = null;
      // If Redis is down now the lock simply expires after its lifetime.
      await this.client.eval(RELEASE_LOCK, 1, REDIS_KEYS.lock, mine).catch(() => undefined);
    };
  }
}
