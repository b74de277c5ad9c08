import type { StoreBackend } from "./backend.js";
import { isExpired } from "./eviction.js";
import { IndexKeeper, SNAPSHOT_WORTHWHILE_PAGES, type IndexSource } from "./index-keeper.js";
import type { ReleaseLock } from "./lock.js";
import { emptyManifest, type Manifest, type PageEntry } from "./manifest.js";
import { readCheckedPage } from "./page-check.js";
import { screenManifestEntries, type SkippedEntry } from "./screen-manifest.js";
import type { PassageHit } from "./search-index.js";
import type { StoreWarnings } from "./store-warnings.js";

/** Page files replaced by a concurrent writer while we read: re-read the manifest this many times. */
export const READ_RETRIES = 5;

/**
 * What one store instance knows of the committed generation: the manifest it last read and the
 * search index kept in line with it. Readers never lock; a writer's commit is seen at the next read.
 */
export class StoreView {
  manifest: Manifest = emptyManifest();
  manifestToken: string | null = null;
  /** Manifest token the search index was last brought in line with (skip the diff when unchanged). */
  private indexedToken: string | null = null;
  readonly keeper: IndexKeeper;
  /** Entries of the current manifest that were left out as malformed; reported by every operation. */
  private skippedEntries: SkippedEntry[] = [];

  constructor(
    private readonly backend: StoreBackend,
    private readonly warnings: StoreWarnings,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {
    this.keeper = new IndexKeeper(backend);
  }

  get indexSource(): IndexSource {
    return this.keeper.source;
  }

  isLive(entry: PageEntry | undefined): entry is PageEntry {
    return entry !== undefined && !isExpired(entry, this.now(), this.ttlMs);
  }

  /** Pages past their TTL but not yet purged by a writer: search must not show them. */
  expiredHandles(): Set<string> {
    const now = this.now();
    const hidden = new Set<string>();
    for (const entry of Object.values(this.manifest.pages)) if (isExpired(entry, now, this.ttlMs)) hidden.add(entry.handle);
    return hidden;
  }

  /** The live entry whose canonical URL is this one, if any. */
  liveEntryForUrl(canonicalUrl: string): PageEntry | undefined {
    return Object.values(this.manifest.pages).find((entry) => entry.canonical_url === canonicalUrl && this.isLive(entry));
  }

  async refreshManifest(force = false): Promise<void> {
    const token = await this.backend.manifestVersion();
    if (force || token !== this.manifestToken) {
      const manifest = (await this.backend.readManifest()) ?? emptyManifest();
      this.skippedEntries = screenManifestEntries(manifest);
      this.manifest = manifest;
      this.manifestToken = token;
    }
    this.warnings.skippedEntries(this.skippedEntries);
  }

  /** After this instance committed `manifest`: it is the view now. */
  async adoptCommitted(manifest: Manifest): Promise<void> {
    this.manifest = manifest;
    this.manifestToken = await this.backend.manifestVersion();
  }

  /**
   * Brings the search index in line with the manifest. A fresh process (or one far behind) restores
   * the snapshot when it was written for exactly this manifest; otherwise only the page versions
   * the index lacks are read. `persistRebuild`: after rebuilding from page files, try to leave a
   * snapshot for the next process (writers skip this: they write one after their commit anyway).
   */
  async syncIndex(persistRebuild: boolean): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      await this.refreshManifest(attempt > 0);
      if (this.indexedToken === this.manifestToken) return;
      const behind = this.keeper.pagesToLoad(this.manifest);
      let rebuilding = false;
      if (this.backend.keepsIndexSnapshot && behind > 0 && (this.keeper.index.pageCount === 0 || behind >= SNAPSHOT_WORTHWHILE_PAGES)) {
        const outcome = await this.keeper.loadSnapshot(this.manifest);
        if (outcome === "loaded") {
          this.indexedToken = this.manifestToken;
          return;
        }
        // A writer committed after we read the manifest and already wrote its snapshot: read it again.
        if (outcome === "newer" && attempt + 1 < READ_RETRIES) continue;
        rebuilding = true;
      }
      const { missing, damaged } = await this.keeper.catchUp(this.manifest);
      // A damaged file stays out of the index (and is reported); re-reading would not mend it.
      for (const page of damaged) this.warnings.damagedPage(page);
      // A missing file most likely means a writer replaced it after we read the manifest: read it again.
      // If it stays missing, search skips that page and get reports store_corrupt for it.
      if (missing.length === 0 || attempt + 1 >= READ_RETRIES) {
        // With pages missing for good, keep retrying on later searches rather than caching the gap.
        this.indexedToken = missing.length === 0 ? this.manifestToken : null;
        for (const handle of missing) this.warnings.missingPage(handle, this.manifest.pages[handle]?.file ?? "");
        if (rebuilding && missing.length === 0 && persistRebuild) await this.persistRebuiltIndex();
        return;
      }
    }
  }

  /**
   * After a reader rebuilt the index from page files, spare the next process that work by writing
   * a snapshot, but only if the writer lock is free right now: readers never wait for writers.
   */
  private async persistRebuiltIndex(): Promise<void> {
    let release: ReleaseLock;
    try {
      release = await this.backend.acquireLock(0);
    } catch {
      return;
    }
    try {
      // Only for the generation still committed: never replace a newer writer's snapshot with an older one.
      if ((await this.backend.manifestVersion()) === this.indexedToken) await this.keeper.writeSnapshot(this.manifest);
    } catch {
      // A snapshot only saves time; the next rebuild tries again.
    } finally {
      await release().catch(() => undefined);
    }
  }

  /**
   * Right after a commit, still under the lock: bring the index to the committed generation and
   * snapshot it. A crash before the snapshot's rename leaves the previous snapshot, which does not
   * match the new manifest and is ignored. A failure here costs the next reader a rebuild, never
   * the commit, which has already happened.
   */
  async snapshotCommitted(): Promise<void> {
    if (!this.backend.keepsIndexSnapshot) return;
    try {
      const { missing, damaged } = await this.keeper.catchUp(this.manifest);
      for (const page of damaged) this.warnings.damagedPage(page);
      if (missing.length > 0) {
        this.indexedToken = null;
        return;
      }
      this.indexedToken = this.manifestToken;
      await this.keeper.writeSnapshot(this.manifest);
    } catch {
      this.indexedToken = null;
    }
  }

  /**
   * Page text for the hits only, read from the page versions the index holds: the index keeps term
   * ids, not text, so memory does not grow with the size of the pages. A handle whose file is gone
   * is left out of the map; so is one whose file is damaged (reported as a warning).
   */
  async readHitPages(hits: readonly PassageHit[]): Promise<{ texts: Map<string, string>; missing: string[] }> {
    const handles = [...new Set(hits.map((hit) => hit.handle))];
    const reads = await Promise.all(
      handles.map((handle) => {
        const entry = this.manifest.pages[handle];
        // Only the version the index holds has the spans of these hits.
        return entry === undefined || entry.file !== this.keeper.index.versionOf(handle) ? null : readCheckedPage(this.backend, entry);
      }),
    );
    const texts = new Map<string, string>();
    const missing: string[] = [];
    handles.forEach((handle, at) => {
      const read = reads[at];
      if (read?.kind === "ok") texts.set(handle, read.record.markdown);
      else if (read?.kind === "damaged") this.warnings.damagedPage({ handle, file: this.manifest.pages[handle]!.file, reason: read.reason });
      else missing.push(handle);
    });
    return { texts, missing };
  }
}
