import { promises as fs } from "node:fs";
import path from "node:path";
import { StoreLayerError } from "../errors.js";
import { syncDirectory, writeFileAtomic } from "./atomic-write.js";
import type { AccessTimes, StoreBackend } from "./backend.js";
import { acquireFileLock, type ReleaseLock } from "./lock.js";
import { parseManifest, parsePageRecord, type Manifest, type PageRecord } from "./manifest.js";
import { prepareStoreDirectory } from "./store-directory.js";
import { ACCESS_FILE, LOCK_FILE, MANIFEST_FILE, PAGES_DIR, SNAPSHOT_FILE, isOwnLeftover, isOwnPageAreaFile, isPageFileName } from "./store-files.js";
/** A reader's temp file younger than this may still be about to be renamed. */
const LIVE_TEMP_MS = 60_000;

/**
 * Directory layout:
 *   manifest.json   the commit point (atomic, fsynced)
 *   pages/*.json    one immutable file per page version
 *   access.json     advisory last-access times from readers
 *   index.snapshot  search index of one committed generation (derived data; checked before use)
 *   write.lock      O_EXCL writer lock
 *   websift-store.json  marker written on creation (see store-directory.ts)
 * Only names of these patterns (store-files.ts) are ever read as pages or deleted.
 */
export class FsBackend implements StoreBackend {
  readonly location: string;
  private readonly pagesDir: string;

  private constructor(directory: string) {
    this.location = directory;
    this.pagesDir = path.join(directory, PAGES_DIR);
  }

  static async open(directory: string): Promise<FsBackend> {
    const backend = new FsBackend(path.resolve(directory));
    await prepareStoreDirectory(backend.location);
    return backend;
  }

  private file(name: string): string {
    return path.join(this.location, name);
  }

  async manifestVersion(): Promise<string> {
    try {
      const stat = await fs.stat(this.file(MANIFEST_FILE), { bigint: true });
      return `${stat.ino}:${stat.mtimeNs}:${stat.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
      throw error;
    }
  }

  async readManifest(): Promise<Manifest | null> {
    const location = this.file(MANIFEST_FILE);
    const text = await readIfExists(location);
    return text === null ? null : parseManifest(text, location);
  }

  async writeManifest(manifest: Manifest): Promise<void> {
    await writeFileAtomic(this.file(MANIFEST_FILE), JSON.stringify(manifest), { durable: true });
  }

  /** The path of a page file, refused unless the name is the store's own (no traversal out of pages/). */
  private pagePath(file: string, allowTemp = false): string {
    const location = path.resolve(this.pagesDir, file);
    // The pattern already excludes separators; the resolved check keeps that true if it ever changes.
    if (!(allowTemp ? isOwnPageAreaFile(file) : isPageFileName(file)) || path.dirname(location) !== this.pagesDir) {
      throw new StoreLayerError("store_corrupt", `Cannot use page file ${JSON.stringify(file)}: it is not a name this store writes; it is left alone.`, {
        details: { file },
      });
    }
    return location;
  }

  async readPage(file: string): Promise<PageRecord | null> {
    const location = this.pagePath(file);
    const text = await readIfExists(location);
    return text === null ? null : parsePageRecord(text, location);
  }

  async writePage(file: string, record: PageRecord): Promise<number> {
    // Data is fsynced per file; the directory once per batch in syncPages, before the manifest commit.
    return writeFileAtomic(this.pagePath(file), JSON.stringify(record), { durable: true, syncDirectory: false });
  }

  async syncPages(): Promise<void> {
    await syncDirectory(this.pagesDir);
  }

  async deletePage(file: string): Promise<void> {
    await fs.rm(this.pagePath(file, true), { force: true });
  }

  /** Only files of the store's own name pattern: anything else in pages/ is not ours to delete. */
  async listPageFiles(): Promise<string[]> {
    return (await fs.readdir(this.pagesDir)).filter(isOwnPageAreaFile);
  }

  async removeLeftovers(): Promise<void> {
    const now = Date.now();
    for (const name of await fs.readdir(this.location)) {
      if (!isOwnLeftover(name)) continue;
      const location = this.file(name);
      // Readers write access.json without the lock: leave their temp files alone while they may be live.
      if (name.startsWith(ACCESS_FILE)) {
        const stat = await fs.stat(location).catch(() => null);
        if (stat === null || now - stat.mtimeMs < LIVE_TEMP_MS) continue;
      }
      await fs.rm(location, { force: true });
    }
  }

  readonly keepsIndexSnapshot = true;

  async readIndexSnapshot(): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(SNAPSHOT_FILE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async writeIndexSnapshot(data: Uint8Array): Promise<number> {
    return writeFileAtomic(this.file(SNAPSHOT_FILE), data, { durable: true });
  }

  async readAccess(): Promise<AccessTimes> {
    const text = await readIfExists(this.file(ACCESS_FILE));
    if (text === null) return {};
    try {
      const value = JSON.parse(text) as unknown;
      return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AccessTimes) : {};
    } catch {
      return {}; // advisory data: a damaged file only loses recency hints
    }
  }

  async writeAccess(times: AccessTimes): Promise<void> {
    await writeFileAtomic(this.file(ACCESS_FILE), JSON.stringify(times), { durable: false });
  }

  acquireLock(timeoutMs: number): Promise<ReleaseLock> {
    return acquireFileLock(this.file(LOCK_FILE), timeoutMs);
  }
}

async function readIfExists(location: string): Promise<string | null> {
  try {
    return await fs.readFile(location, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
