import type { SkippedEntry } from "./screen-manifest.js";

export type WarningSink = (message: string) => void;

/** Where a damaged page file was found and what is wrong with it. */
export interface DamagedPage {
  handle: string;
  file: string;
  reason: string;
}

function damagedPageWarning(page: DamagedPage): string {
  return `store: skipped damaged page ${page.handle} (pages/${page.file}): ${page.reason}; add the page again or remove it (websift-store remove ${page.handle}).`;
}

function skippedEntryWarning(entry: SkippedEntry): string {
  return `store: skipped manifest entry ${JSON.stringify(entry.key.slice(0, 100))}: ${entry.reason}; it was not read. Add the page again to restore it.`;
}

/**
 * What the store skipped instead of failing, turned into warnings for the caller (the entry point
 * puts them in `meta.warnings`), each once per operation: a store instance lives across calls, and
 * every call's reply must tell of the damage it stepped around.
 */
export class StoreWarnings {
  private readonly given = new Set<string>();

  constructor(private sink: WarningSink) {}

  /** Start an operation: its warnings go to `sink`, and nothing counts as told yet. */
  begin(sink: WarningSink): void {
    this.sink = sink;
    this.given.clear();
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
    this.give(damagedPageWarning(page));
  }

  missingPage(handle: string, file: string): void {
    this.give(damagedPageWarning({ handle, file, reason: "its file is missing" }));
  }
}
