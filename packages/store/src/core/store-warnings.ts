import type { Manifest } from "./manifest.js";
import type { SkippedEntry } from "./screen-manifest.js";

export type WarningSink = (message: string) => void;

/** Where a damaged page file was found and what is wrong with it. */
export interface DamagedPage {
  handle: string;
  file: string;
  reason: string;
}

export function damagedPageWarning(page: DamagedPage): string {
  return `store: skipped damaged page ${page.handle} (pages/${page.file}): ${page.reason}; add the page again or remove it (websift-store remove ${page.handle}).`;
}

export function skippedEntryWarning(entry: SkippedEntry): string {
  return `store: skipped manifest entry ${JSON.stringify(entry.key.slice(0, 100))}: ${entry.reason}; it was not read. Add the page again to restore it.`;
}

/**
 * What the store skipped instead of failing, turned into warnings for the caller (the entry point
 * puts them in `meta.warnings`). Damaged files are remembered by file name, so once a page is added
 * again (a new file) it is no longer reported; each warning is given once per operation.
 */
export class StoreWarnings {
  private readonly damaged = new Map<string, DamagedPage>();
  private given = new Set<string>();

  constructor(private readonly sink: WarningSink) {}

  /** Called as each operation starts. */
  beginOperation(): void {
    this.given = new Set();
  }

  give(message: string): void {
    if (this.given.has(message)) return;
    this.given.add(message);
    this.sink(message);
  }

  skippedEntries(entries: readonly SkippedEntry[]): void {
    for (const entry of entries) this.give(skippedEntryWarning(entry));
  }

  damagedPage(page: DamagedPage): void {
    this.damaged.set(page.file, page);
    this.give(damagedPageWarning(page));
  }

  /** Repeats the damaged pages `manifest` still lists (a search skips them while the index lacks them). */
  damagedPagesIn(manifest: Manifest): void {
    for (const page of this.damaged.values()) {
      if (manifest.pages[page.handle]?.file === page.file) this.give(damagedPageWarning(page));
      else this.damaged.delete(page.file);
    }
  }
}
