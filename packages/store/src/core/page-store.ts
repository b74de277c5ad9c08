import { createHash } from "node:crypto";
import { StoreLayerError } from "../errors.js";
import { AccessTracker } from "./access-tracker.js";
import type { StoreBackend } from "./backend.js";
import { isExpired, planEviction } from "./eviction.js";
import { FsBackend } from "./fs-backend.js";
import { assertHandle, canonicalizeUrl, handleForUrl } from "./handle.js";
import { IndexKeeper, SNAPSHOT_WORTHWHILE_PAGES, type IndexSource } from "./index-keeper.js";
import type { ReleaseLock } from "./lock.js";
import { STORE_FORMAT, emptyManifest, type Manifest, type PageEntry, type PageRecord } from "./manifest.js";
import { MemoryBackend } from "./memory-backend.js";
import { resolvePageStoreOptions, type PageStoreOptions, type ResolvedPageStoreOptions } from "./options.js";
import { validatePageInputs } from "./page-input.js";
import { readCheckedPage } from "./page-check.js";
import { paginate, type TextSpan } from "./paging.js";
import { splitIntoPassages, type PassageSpan } from "./passages.js";
import { screenManifestEntries, type SkippedEntry } from "./screen-manifest.js";
import type { PassageHit } from "./search-index.js";
import { pageFileName } from "./store-files.js";
import { StoreWarnings } from "./store-warnings.js";
import type {
  AddResult,
  AddStatus,
  AddedPage,
  GetOptions,
  GetResult,
  ListResult,
  PageInput,
  RemoveResult,
  SearchOptions,
  SearchResult,
  StatsResult,
} from "./types.js";

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;
export const DEFAULT_PAGE_SIZE_TOKENS = 1000;
export const MAX_PAGE_SIZE_TOKENS = 1_000_000;
/** Page files replaced by a concurrent writer while we read: re-read the manifest this many times. */
const READ_RETRIES = 5;

interface PreparedPage {
  input: PageInput;
  canonicalUrl: string;
  handle: string;
  markdownSha256: string;
  title: string;
  passages: PassageSpan[];
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A page without a title is named by its first level-1 heading, if any. */
function titleOf(input: PageInput, passages: readonly PassageSpan[]): string {
  if (input.title !== undefined) return input.title.trim();
  const firstHeading = passages.find((passage) => passage.heading !== "" && /^ {0,3}# /.test(input.markdown.slice(passage.start, passage.end)));
  return firstHeading?.heading ?? "";
}

function integerOption(value: unknown, field: string, fallback: number, min: number, max: number, operation: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new StoreLayerError("invalid_request", `Cannot ${operation}: ${field} must be an integer from ${min} to ${max}.`, { details: { field } });
  }
  return value;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A durable local page index. Writers serialise through a lock and commit by atomically replacing
 * the manifest; readers never lock and always see one committed generation.
 */
export class PageStore {
  private manifest: Manifest = emptyManifest();
  private manifestToken: string | null = null;
  /** Manifest token the search index was last brought in line with (skip the diff when unchanged). */
  private indexedToken: string | null = null;
  private readonly keeper: IndexKeeper;
  private readonly access: AccessTracker;
  private readonly warnings: StoreWarnings;
  /** Entries of the current manifest that were left out as malformed; reported by every operation. */
  private skippedEntries: SkippedEntry[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Last pagination, so reading a page through page by page does not re-cut it every call. */
  private lastPaging: { key: string; spans: TextSpan[] } | null = null;
  /** The last page file read by `get`, so paging through a page reads its file once. */
  private lastPage: { file: string; markdown: string } | null = null;

  constructor(
    private readonly backend: StoreBackend,
    readonly options: ResolvedPageStoreOptions,
  ) {
    this.access = new AccessTracker(backend, options.now);
    this.keeper = new IndexKeeper(backend);
    this.warnings = new StoreWarnings(options.onWarning);
  }

  /** Diagnostics (tests, benchmark): how this instance last built its search index from scratch. */
  get indexSource(): IndexSource {
    return this.keeper.source;
  }

  private get ttlMs(): number {
    return this.options.ttl_s * 1000;
  }

  private isLive(entry: PageEntry | undefined): entry is PageEntry {
    return entry !== undefined && !isExpired(entry, this.options.now(), this.ttlMs);
  }

  /** Pages past their TTL but not yet purged by a writer: search must not show them. */
  private expiredHandles(): Set<string> {
    const now = this.options.now();
    const hidden = new Set<string>();
    for (const entry of Object.values(this.manifest.pages)) if (isExpired(entry, now, this.ttlMs)) hidden.add(entry.handle);
    return hidden;
  }

  /** One operation at a time per instance; unexpected failures become internal_error. */
  private run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.closed) throw new StoreLayerError("invalid_request", `Cannot ${operation}: the store is closed.`);
      try {
        return await body();
      } catch (error) {
        if (error instanceof StoreLayerError) throw error;
        throw new StoreLayerError("internal_error", `Cannot ${operation}: ${(error as Error)?.message ?? String(error)}.`, { cause: error });
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async refreshManifest(force = false): Promise<void> {
    const token = await this.backend.manifestVersion();
    if (force || token !== this.manifestToken) {
      const manifest = (await this.backend.readManifest()) ?? emptyManifest();
      this.skippedEntries = screenManifestEntries(manifest);
      this.manifest = manifest;
      this.manifestToken = token;
    }
    this.warnings.skippedEntries(this.skippedEntries);
  }

  /**
   * Brings the search index in line with the manifest. A fresh process (or one far behind) restores
   * the snapshot when it was written for exactly this manifest; otherwise only the page versions
   * the index lacks are read. `persistRebuild`: after rebuilding from page files, try to leave a
   * snapshot for the next process (writers skip this: they write one after their commit anyway).
   */
  private async syncIndex(persistRebuild: boolean): Promise<void> {
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
  private async snapshotCommitted(): Promise<void> {
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

  private async loadMarkdown(handle: string): Promise<{ entry: PageEntry; markdown: string }> {
    for (let attempt = 0; attempt < READ_RETRIES; attempt += 1) {
      await this.refreshManifest(attempt > 0);
      const entry = this.manifest.pages[handle];
      if (!this.isLive(entry)) {
        throw new StoreLayerError("not_found", `Cannot get page: no live page with handle ${handle}.`, {
          details: { handle, reason: entry === undefined ? "unknown_handle" : "expired" },
        });
      }
      if (this.lastPage?.file === entry.file) return { entry, markdown: this.lastPage.markdown };
      const read = await readCheckedPage(this.backend, entry);
      if (read.kind === "ok") {
        this.lastPage = { file: entry.file, markdown: read.record.markdown };
        return { entry, markdown: read.record.markdown };
      }
      if (read.kind === "damaged") {
        throw new StoreLayerError(
          "store_corrupt",
          `Cannot get page: the file of ${handle} (pages/${entry.file}) is damaged: ${read.reason}; add the page again or remove it (websift-store remove ${handle}).`,
          { details: { handle, file: entry.file } },
        );
      }
    }
    throw new StoreLayerError("store_corrupt", `Cannot get page: the file for handle ${handle} is missing from the store; add the page again or remove it (websift-store remove ${handle}).`, {
      details: { handle },
    });
  }

  /**
   * Page text for the hits only, read from the page versions the index holds: the index keeps term
   * ids, not text, so memory does not grow with the size of the pages. A handle whose file is gone
   * is left out of the map; so is one whose file is damaged (reported as a warning).
   */
  private async readHitPages(hits: readonly PassageHit[]): Promise<{ texts: Map<string, string>; missing: string[] }> {
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

  add(pages: PageInput[]): Promise<AddResult> {
    let prepared: PreparedPage[];
    try {
      prepared = validatePageInputs(pages).map((input) => {
        const canonicalUrl = canonicalizeUrl(input.url);
        const passages = splitIntoPassages(input.markdown);
        return {
          input,
          canonicalUrl,
          handle: handleForUrl(canonicalUrl),
          markdownSha256: sha256Hex(input.markdown),
          title: titleOf(input, passages),
          passages,
        };
      });
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run("add pages", () => this.withWriteLock((manifest) => this.applyAdd(manifest, prepared)));
  }

  private async applyAdd(next: Manifest, prepared: PreparedPage[]): Promise<{ result: Omit<AddResult, "evicted">; keep: Set<string> }> {
    // Fail closed on a handle collision before anything is written.
    const seen = new Map<string, string>();
    for (const page of prepared) {
      const known = seen.get(page.handle) ?? next.pages[page.handle]?.canonical_url;
      if (known !== undefined && known !== page.canonicalUrl) {
        throw new StoreLayerError("handle_collision", `Cannot add page: handle ${page.handle} already names ${known}, not ${page.canonicalUrl}.`, {
          details: { handle: page.handle, stored_url: known, new_url: page.canonicalUrl },
        });
      }
      seen.set(page.handle, page.canonicalUrl);
    }

    const now = this.options.now();
    const generation = next.generation + 1;
    const added: AddedPage[] = [];
    for (const page of prepared) {
      const existing = next.pages[page.handle];
      const visible = this.isLive(existing);
      // Same text over a damaged or missing file: write it afresh, so adding a page again mends it.
      const sameContent =
        visible && existing.markdown_sha256 === page.markdownSha256 && (await readCheckedPage(this.backend, existing)).kind === "ok";
      let status: AddStatus = visible ? "updated" : "added";
      let file = existing?.file ?? "";
      let bytes = existing?.bytes ?? 0;
      // Without a title in the request, re-adding the same content keeps the stored title.
      const title = sameContent && page.input.title === undefined ? existing.title : page.title;
      if (sameContent) {
        if (existing.title === title) status = "unchanged";
      } else {
        file = pageFileName(page.handle, generation);
        const record: PageRecord = {
          format: STORE_FORMAT,
          handle: page.handle,
          canonical_url: page.canonicalUrl,
          markdown: page.input.markdown,
          passages: page.passages,
        };
        bytes = await this.backend.writePage(file, record);
      }
      next.pages[page.handle] = {
        handle: page.handle,
        url: page.input.url,
        canonical_url: page.canonicalUrl,
        title,
        file,
        bytes,
        passages: page.passages.length,
        content_hash: page.input.content_hash ?? `sha256:${page.markdownSha256}`,
        markdown_sha256: page.markdownSha256,
        fetched_at: page.input.fetched_at ?? (sameContent ? existing.fetched_at : null),
        // Re-adding renews the TTL: the caller has just seen this content.
        stored_at: now,
        last_access: now,
      };
      added.push({ handle: page.handle, url: page.input.url, status, passages: page.passages.length, bytes });
    }
    await this.backend.syncPages();
    return { result: { added }, keep: new Set(prepared.map((page) => page.handle)) };
  }

  /**
   * Lock, re-read, change, evict, commit, clean up. `change` edits a copy of the manifest; the commit
   * is one atomic manifest replace, so a crash anywhere leaves the previous generation whole.
   */
  private async withWriteLock<T extends object>(
    change: (manifest: Manifest) => Promise<{ result: T; keep: Set<string> }>,
  ): Promise<T & { evicted: string[] }> {
    // Index work that may mean reading every page file happens before taking the lock, so other
    // writers do not wait for it; under the lock only this commit's changes are indexed.
    if (this.backend.keepsIndexSnapshot) await this.syncIndex(false).catch(() => undefined);
    const release = await this.backend.acquireLock(this.options.lock_timeout_ms);
    try {
      await this.refreshManifest(true);
      const next = structuredClone(this.manifest);
      const { result, keep } = await change(next);

      const touches = this.access.snapshot();
      const recorded = await this.backend.readAccess();
      for (const entry of Object.values(next.pages)) {
        entry.last_access = Math.max(entry.last_access, recorded[entry.handle] ?? 0, touches[entry.handle] ?? 0);
      }
      const plan = planEviction(Object.values(next.pages), {
        now: this.options.now(),
        ttlMs: this.ttlMs,
        maxBytes: this.options.max_bytes,
        keep,
      });
      for (const handle of [...plan.expired, ...plan.leastRecentlyUsed]) delete next.pages[handle];
      next.evictions.ttl += plan.expired.length;
      next.evictions.lru += plan.leastRecentlyUsed.length;
      next.generation += 1;

      await this.backend.writeManifest(next);
      this.manifest = next;
      this.manifestToken = await this.backend.manifestVersion();
      this.access.forget(touches);

      await this.snapshotCommitted();
      await this.collectGarbage(next, recorded);
      return { ...result, evicted: [...plan.expired, ...plan.leastRecentlyUsed] };
    } finally {
      await release();
    }
  }

  /** After a commit: drop page files no generation refers to any more (old versions, evicted, crash leftovers). */
  private async collectGarbage(manifest: Manifest, recorded: Record<string, number>): Promise<void> {
    const referenced = new Set(Object.values(manifest.pages).map((entry) => entry.file));
    try {
      for (const file of await this.backend.listPageFiles()) {
        if (!referenced.has(file)) await this.backend.deletePage(file);
      }
      await this.backend.removeLeftovers();
      const pruned = Object.fromEntries(Object.entries(recorded).filter(([handle]) => manifest.pages[handle] !== undefined));
      if (Object.keys(pruned).length !== Object.keys(recorded).length) await this.backend.writeAccess(pruned);
    } catch {
      // Garbage only costs space; the next commit tries again.
    }
  }

  search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    if (typeof query !== "string" || query.trim() === "") {
      return Promise.reject(new StoreLayerError("invalid_request", "Cannot search: query must be a non-empty string.", { details: { field: "query" } }));
    }
    let limit: number;
    let handle: string | undefined;
    try {
      limit = integerOption(options.limit, "limit", DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT, "search");
      handle = options.handle === undefined ? undefined : assertHandle(options.handle, "search");
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run("search", async () => {
      for (let attempt = 0; ; attempt += 1) {
        await this.syncIndex(true);
        if (handle !== undefined && !this.isLive(this.manifest.pages[handle])) {
          throw new StoreLayerError("not_found", `Cannot search: no live page with handle ${handle}.`, { details: { handle } });
        }
        const hits = this.keeper.index.search(query, {
          limit,
          ...(handle === undefined ? {} : { handle }),
          hidden: this.expiredHandles(),
        });
        const { texts, missing } = await this.readHitPages(hits);
        // A hit's file vanished: a writer replaced the page after we synced, so search that generation
        // instead. If the manifest did not change the file is gone for good and its hits are skipped.
        const complete = hits.every((hit) => texts.has(hit.handle));
        if (!complete && attempt + 1 < READ_RETRIES && (await this.backend.manifestVersion()) !== this.manifestToken) continue;
        for (const gone of missing) this.warnings.missingPage(gone, this.manifest.pages[gone]?.file ?? "");
        const passages = hits
          .filter((hit) => texts.has(hit.handle))
          .map((hit) => {
            const entry = this.manifest.pages[hit.handle];
            return {
              handle: hit.handle,
              url: entry?.url ?? "",
              title: entry?.title ?? "",
              heading: hit.heading,
              text: (texts.get(hit.handle) ?? "").slice(hit.start, hit.end),
              score: hit.score,
              span: { start: hit.start, end: hit.end },
            };
          });
        this.access.touch(new Set(passages.map((passage) => passage.handle)));
        await this.access.flushSoon();
        return { passages };
      }
    });
  }

  get(handle: string, options: GetOptions = {}): Promise<GetResult> {
    let page: number;
    let pageSizeTokens: number;
    try {
      assertHandle(handle, "get page");
      page = integerOption(options.page, "page", 1, 1, Number.MAX_SAFE_INTEGER, "get page");
      pageSizeTokens = integerOption(options.page_size_tokens, "page_size_tokens", DEFAULT_PAGE_SIZE_TOKENS, 1, MAX_PAGE_SIZE_TOKENS, "get page");
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run("get page", async () => {
      const { entry, markdown } = await this.loadMarkdown(handle);
      const key = `${entry.file}:${pageSizeTokens}`;
      const spans = this.lastPaging?.key === key ? this.lastPaging.spans : paginate(markdown, pageSizeTokens);
      this.lastPaging = { key, spans };
      const span = spans[page - 1];
      if (span === undefined) {
        throw new StoreLayerError("invalid_request", `Cannot get page: page ${page} is past the last page (${spans.length}) of ${handle}.`, {
          details: { field: "page", total_pages: spans.length },
        });
      }
      this.access.touch([handle]);
      await this.access.flushSoon();
      return {
        handle,
        url: entry.url,
        title: entry.title,
        content: markdown.slice(span.start, span.end),
        page,
        total_pages: spans.length,
        has_more: page < spans.length,
        page_size_tokens: pageSizeTokens,
        span: { start: span.start, end: span.end },
        fetched_at: entry.fetched_at,
      };
    });
  }

  list(): Promise<ListResult> {
    return this.run("list pages", async () => {
      await this.refreshManifest();
      const pages = Object.values(this.manifest.pages)
        .filter((entry) => this.isLive(entry))
        .sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0))
        .map((entry) => ({
          handle: entry.handle,
          url: entry.url,
          title: entry.title,
          passages: entry.passages,
          bytes: entry.bytes,
          content_hash: entry.content_hash,
          fetched_at: entry.fetched_at,
          stored_at: iso(entry.stored_at),
          last_access: iso(entry.last_access),
          expires_at: iso(entry.stored_at + this.ttlMs),
        }));
      return { pages };
    });
  }

  remove(handle: string): Promise<RemoveResult> {
    try {
      assertHandle(handle, "remove page");
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run("remove page", async () => {
      await this.withWriteLock(async (next) => {
        if (!this.isLive(next.pages[handle])) {
          throw new StoreLayerError("not_found", `Cannot remove page: no live page with handle ${handle}.`, { details: { handle } });
        }
        delete next.pages[handle];
        return { result: {}, keep: new Set<string>() };
      });
      return { handle, removed: true as const };
    });
  }

  stats(): Promise<StatsResult> {
    return this.run("read stats", async () => {
      await this.refreshManifest();
      const entries = Object.values(this.manifest.pages);
      const live = entries.filter((entry) => this.isLive(entry));
      const storedTimes = live.map((entry) => entry.stored_at);
      return {
        dir: this.backend.location,
        in_memory: this.options.inMemory,
        pages: live.length,
        passages: live.reduce((sum, entry) => sum + entry.passages, 0),
        bytes: live.reduce((sum, entry) => sum + entry.bytes, 0),
        ttl_s: this.options.ttl_s,
        max_bytes: this.options.max_bytes,
        oldest: storedTimes.length === 0 ? null : iso(Math.min(...storedTimes)),
        newest: storedTimes.length === 0 ? null : iso(Math.max(...storedTimes)),
        evictions: { ...this.manifest.evictions },
        expired_pending: entries.length - live.length,
      };
    });
  }

  /** Persists pending recency and refuses further calls. Safe to call twice. */
  close(): Promise<void> {
    return this.run("close store", async () => {
      await this.access.flush();
      this.closed = true;
    }).catch((error: unknown) => {
      if (!(error instanceof StoreLayerError && this.closed)) throw error;
    });
  }
}

/** Opens (creating if needed) a store on disk, or an in-memory one with `inMemory: true`. */
export async function openPageStore(options: PageStoreOptions = {}): Promise<PageStore> {
  const resolved = resolvePageStoreOptions(options);
  const backend: StoreBackend = resolved.dir === null ? new MemoryBackend() : await FsBackend.open(resolved.dir);
  const store = new PageStore(backend, resolved);
  // Fail at open, not at first use, when the manifest is unreadable.
  await store.stats();
  return store;
}
