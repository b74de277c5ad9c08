import type { AccessTimes, StoreBackend } from "./backend.js";
import type { ReleaseLock } from "./lock.js";
import type { Manifest, PageRecord } from "./manifest.js";

/**
 * In-memory backend: values are serialised on write so callers never share mutable state with the
 * store, the same as on disk. The page store's own queue already serialises writers in one process.
 */
export class MemoryBackend implements StoreBackend {
  readonly location = null;
  private manifest: string | null = null;
  private version = 0;
  private readonly pages = new Map<string, string>();
  private access: AccessTimes = {};

  async manifestVersion(): Promise<string> {
    return String(this.version);
  }

  async readManifest(): Promise<Manifest | null> {
    return this.manifest === null ? null : (JSON.parse(this.manifest) as Manifest);
  }

  async writeManifest(manifest: Manifest): Promise<void> {
    this.manifest = JSON.stringify(manifest);
    this.version += 1;
  }

  async readPage(file: string): Promise<PageRecord | null> {
    const text = this.pages.get(file);
    return text === undefined ? null : (JSON.parse(text) as PageRecord);
  }

  async writePage(file: string, record: PageRecord): Promise<number> {
    const text = JSON.stringify(record);
    this.pages.set(file, text);
    return Buffer.byteLength(text, "utf8");
  }

  async syncPages(): Promise<void> {}

  async deletePage(file: string): Promise<void> {
    this.pages.delete(file);
  }

  async listPageFiles(): Promise<string[]> {
    return [...this.pages.keys()];
  }

  async removeLeftovers(): Promise<void> {}

  // One process owns a memory store, so its live index never needs restoring.
  readonly keepsIndexSnapshot = false;

  async readIndexSnapshot(): Promise<Buffer | null> {
    return null;
  }

  async writeIndexSnapshot(): Promise<number> {
    return 0;
  }

  async readAccess(): Promise<AccessTimes> {
    return { ...this.access };
  }

  async writeAccess(times: AccessTimes): Promise<void> {
    this.access = { ...times };
  }

  async acquireLock(): Promise<ReleaseLock> {
    return async () => {};
  }
}
