import type { AccessTracker } from "./access-tracker.js";
import type { StoreBackend } from "./backend.js";
import { planEviction } from "./eviction.js";
import type { Manifest } from "./manifest.js";
import type { StoreView } from "./store-view.js";

export interface CommitSettings {
  lockTimeoutMs: number;
  ttlMs: number;
  maxBytes: number;
  now: () => number;
}

/** A change to a copy of the manifest: its result, and the handles eviction must spare (just written). */
export type ManifestChange<T> = (manifest: Manifest) => Promise<{ result: T; keep: Set<string> }>;

/**
 * Lock, re-read, change, evict, commit, clean up. `change` edits a copy of the manifest; the commit
 * is one atomic manifest replace, so a crash anywhere leaves the previous generation whole.
 */
export async function commitUnderLock<T extends object>(
  backend: StoreBackend,
  view: StoreView,
  access: AccessTracker,
  settings: CommitSettings,
  change: ManifestChange<T>,
): Promise<T & { evicted: string[] }> {
  // Index work that may mean reading every page file happens before taking the lock, so other
  // writers do not wait for it; under the lock only this commit's changes are indexed.
  if (backend.keepsIndexSnapshot) await view.syncIndex(false).catch(() => undefined);
  const release = await backend.acquireLock(settings.lockTimeoutMs);
  try {
    await view.refreshManifest(true);
    const next = structuredClone(view.manifest);
    const { result, keep } = await change(next);

    const touches = access.snapshot();
    const recorded = await backend.readAccess();
    for (const entry of Object.values(next.pages)) {
      entry.last_access = Math.max(entry.last_access, recorded[entry.handle] ?? 0, touches[entry.handle] ?? 0);
    }
    const plan = planEviction(Object.values(next.pages), { now: settings.now(), ttlMs: settings.ttlMs, maxBytes: settings.maxBytes, keep });
    for (const handle of [...plan.expired, ...plan.leastRecentlyUsed]) delete next.pages[handle];
    next.evictions.ttl += plan.expired.length;
    next.evictions.lru += plan.leastRecentlyUsed.length;
    next.generation += 1;

    await backend.writeManifest(next);
    await view.adoptCommitted(next);
    access.forget(touches);

    await view.snapshotCommitted();
    await collectGarbage(backend, next, recorded);
    return { ...result, evicted: [...plan.expired, ...plan.leastRecentlyUsed] };
  } finally {
    await release();
  }
}

/** After a commit: drop page files no generation refers to any more (old versions, evicted, crash leftovers). */
async function collectGarbage(backend: StoreBackend, manifest: Manifest, recorded: Record<string, number>): Promise<void> {
  const referenced = new Set(Object.values(manifest.pages).map((entry) => entry.file));
  try {
    for (const file of await backend.listPageFiles()) {
      if (!referenced.has(file)) await backend.deletePage(file);
    }
    await backend.removeLeftovers();
    const pruned = Object.fromEntries(Object.entries(recorded).filter(([handle]) => manifest.pages[handle] !== undefined));
    if (Object.keys(pruned).length !== Object.keys(recorded).length) await backend.writeAccess(pruned);
  } catch {
    // Garbage only costs space; the next commit tries again.
  }
}
