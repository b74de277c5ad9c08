import type { AccessTimes, StoreBackend } from "./backend.js";

/** Readers persist recency at most this often; more touches in between are batched. */
const FLUSH_INTERVAL_MS = 1_000;

/**
 * Records get/search hits for LRU eviction. Readers do not take the writer lock: they merge their
 * touches into an advisory access file (atomic rename, last writer wins). A lost touch only makes
 * LRU slightly less precise; it can never damage stored pages.
 */
export class AccessTracker {
  private readonly pending = new Map<string, number>();
  private lastFlush = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly backend: StoreBackend,
    private readonly now: () => number,
  ) {}

  touch(handles: Iterable<string>): void {
    const at = this.now();
    for (const handle of handles) this.pending.set(handle, Math.max(at, this.pending.get(handle) ?? 0));
  }

  /** Pending touches, for a writer to fold into the manifest it is about to commit. */
  snapshot(): AccessTimes {
    return Object.fromEntries(this.pending);
  }

  /** Called after a commit that included `snapshot()`: those touches are durable now. */
  forget(times: AccessTimes): void {
    for (const [handle, at] of Object.entries(times)) {
      if (this.pending.get(handle) === at) this.pending.delete(handle);
    }
  }

  /** Writes now if the last write was long enough ago, otherwise soon (timer does not keep the process alive). */
  async flushSoon(): Promise<void> {
    if (this.pending.size === 0) return;
    if (Date.now() - this.lastFlush >= FLUSH_INTERVAL_MS) {
      await this.flush();
      return;
    }
    if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return;
    this.lastFlush = Date.now();
    const mine = this.snapshot();
    try {
      if (this.backend.mergeAccess) {
        await this.backend.mergeAccess(mine);
      } else {
        const merged = await this.backend.readAccess();
        for (const [handle, at] of Object.entries(mine)) merged[handle] = Math.max(at, merged[handle] ?? 0);
        await this.backend.writeAccess(merged);
      }
      this.forget(mine);
    } catch {
      // Advisory only: keep the touches and try again with the next flush or commit.
    }
  }
}
