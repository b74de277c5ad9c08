import type { Manifest, PageRecord } from "./manifest.js";
import type { ReleaseLock } from "./lock.js";

/** Last-access times written by readers; advisory (a lost update only blurs LRU order). */
export type AccessTimes = Record<string, number>;

/**
 * Where a store keeps its bytes. The page store's logic is the same for disk and memory; only
 * this seam differs.
 */
export interface StoreBackend {
  /** Directory of a disk store, null in memory. */
  readonly location: string | null;
  /** Cheap token that changes whenever the manifest is replaced. */
  manifestVersion(): Promise<string>;
  readManifest(): Promise<Manifest | null>;
  /** The commit point: durable and atomic. */
  writeManifest(manifest: Manifest): Promise<void>;
  /** null when the file does not exist (e.g. replaced by another writer meanwhile). */
  readPage(file: string): Promise<PageRecord | null>;
  /** Writes a page file atomically and returns its size in bytes; durable after `syncPages`. */
  writePage(file: string, record: PageRecord): Promise<number>;
  syncPages(): Promise<void>;
  deletePage(file: string): Promise<void>;
  /** Every file in the page area, including temp leftovers, for garbage collection. */
  listPageFiles(): Promise<string[]>;
  /** Removes temp files left by crashed writes outside the page area; caller holds the lock. */
  removeLeftovers(): Promise<void>;
  /** Whether search index snapshots are kept; in memory the live index is all there is. */
  readonly keepsIndexSnapshot: boolean;
  /** The last index snapshot written, null when there is none (its contents are checked by the caller). */
  readIndexSnapshot(): Promise<Buffer | null>;
  /** Replaces the snapshot atomically and durably; caller holds the lock. Returns its size in bytes. */
  writeIndexSnapshot(data: Uint8Array): Promise<number>;
  readAccess(): Promise<AccessTimes>;
  writeAccess(times: AccessTimes): Promise<void>;
  /**
   * Raises each handle's recorded time to the given one in one atomic step, where the backend can
   * (Redis: readers of several instances flush at once and must not undo each other's touches).
   * Absent: readers read, merge and write the whole map (last writer wins).
   */
  mergeAccess?(times: AccessTimes): Promise<void>;
  acquireLock(timeoutMs: number): Promise<ReleaseLock>;
}
