import type { StoreBackend } from "./backend.js";
import { bindingFor, decodeIndexSnapshot, encodeIndexSnapshot, sameBinding } from "./index-snapshot.js";
import type { Manifest } from "./manifest.js";
import { readCheckedPage } from "./page-check.js";
import { SearchIndex } from "./search-index.js";
import type { DamagedPage } from "./store-warnings.js";

/** Parallel page-file reads while (re)building the search index. */
const LOAD_BATCH = 32;
/** Catching up on at least this many pages costs more than restoring a snapshot (if one matches). */
export const SNAPSHOT_WORTHWHILE_PAGES = 64;

/** How the live index was last built from scratch: never, from a snapshot, or from the page files. */
export type IndexSource = "none" | "snapshot" | "page-files";

/**
 * `loaded`: the snapshot matched the manifest and is now the live index. `newer`: it belongs to a
 * later generation than the manifest we hold (re-read the manifest). Anything else: rebuild.
 */
export type SnapshotOutcome = "loaded" | "absent" | "damaged" | "stale" | "newer";

/** Pages `catchUp` could not index: files gone (worth a re-read of the manifest) or damaged (not). */
export interface CatchUpGaps {
  missing: string[];
  damaged: DamagedPage[];
}

/**
 * Owns the live search index and keeps it in line with a manifest: from a matching snapshot when
 * there is one, else by (re)indexing page files; and writes snapshots for a committed manifest.
 */
export class IndexKeeper {
  index = new SearchIndex();
  source: IndexSource = "none";

  constructor(private readonly backend: StoreBackend) {}

  /** Page versions in `manifest` the index lacks. */
  pagesToLoad(manifest: Manifest, index: SearchIndex = this.index): number {
    let count = 0;
    for (const entry of Object.values(manifest.pages)) if (index.versionOf(entry.handle) !== entry.file) count += 1;
    return count;
  }

  /** True when the index holds exactly the page versions `manifest` lists. */
  matches(manifest: Manifest, index: SearchIndex = this.index): boolean {
    return index.pageCount === Object.keys(manifest.pages).length && this.pagesToLoad(manifest, index) === 0;
  }

  /** Replaces the live index with the snapshot when, and only when, it was written for this manifest. */
  async loadSnapshot(manifest: Manifest): Promise<SnapshotOutcome> {
    if (!this.backend.keepsIndexSnapshot) return "absent";
    let data: Buffer | null;
    try {
      data = await this.backend.readIndexSnapshot();
    } catch {
      return "damaged"; // unreadable (permissions, I/O): the page files still are the truth
    }
    if (data === null) return "absent";
    try {
      const snapshot = decodeIndexSnapshot(data);
      const wanted = bindingFor(manifest);
      if (!sameBinding(snapshot.binding, wanted)) return snapshot.binding.generation > wanted.generation ? "newer" : "stale";
      const index = snapshot.restore();
      // A digest match means the page sets agree; checked again so a wrong snapshot can never be used.
      if (!this.matches(manifest, index)) return "damaged";
      this.index = index;
      this.source = "snapshot";
      return "loaded";
    } catch {
      return "damaged";
    }
  }

  /**
   * Drops page versions the manifest no longer lists and indexes the ones it adds, reading page
   * files. Returns the handles whose files were missing (most likely replaced by a concurrent writer)
   * and the damaged files, which are left out of the index rather than failing it.
   */
  async catchUp(manifest: Manifest): Promise<CatchUpGaps> {
    const pages = manifest.pages;
    const fromScratch = this.index.pageCount === 0;
    for (const handle of [...this.index.indexedHandles()]) {
      if (pages[handle]?.file !== this.index.versionOf(handle)) this.index.removePage(handle);
    }
    const toLoad = Object.values(pages).filter((entry) => this.index.versionOf(entry.handle) !== entry.file);
    const gaps: CatchUpGaps = { missing: [], damaged: [] };
    for (let at = 0; at < toLoad.length; at += LOAD_BATCH) {
      const batch = toLoad.slice(at, at + LOAD_BATCH);
      const reads = await Promise.all(batch.map((entry) => readCheckedPage(this.backend, entry)));
      batch.forEach((entry, offset) => {
        const read = reads[offset]!;
        if (read.kind === "ok") this.index.addPage(entry.handle, entry.file, read.record.markdown, read.record.passages);
        else if (read.kind === "missing") gaps.missing.push(entry.handle);
        else gaps.damaged.push({ handle: entry.handle, file: entry.file, reason: read.reason });
      });
    }
    if (fromScratch && toLoad.length > 0) this.source = "page-files";
    return gaps;
  }

  /** Writes a snapshot of the live index for `manifest`; the caller holds the writer lock. */
  async writeSnapshot(manifest: Manifest): Promise<boolean> {
    if (!this.backend.keepsIndexSnapshot || !this.matches(manifest)) return false;
    await this.backend.writeIndexSnapshot(encodeIndexSnapshot(this.index, bindingFor(manifest)));
    return true;
  }
}
