import type {
  StoreAddResponse,
  StoreAddedPage,
  StoreGetResponse,
  StoreListResponse,
  StorePageInput,
  StoreRemoveResponse,
  StoreSearchResponse,
  StoreStats,
} from "@websift/contracts";
import { StoreLayerError } from "../errors.js";
import { AccessTracker } from "./access-tracker.js";
import type { StoreBackend } from "./backend.js";
import { FsBackend } from "./fs-backend.js";
import { pageIdentity } from "./handle.js";
import type { IndexSource } from "./index-keeper.js";
import { STORE_FORMAT, type Manifest, type PageEntry, type PageRecord } from "./manifest.js";
import { MemoryBackend } from "./memory-backend.js";
import { RedisBackend } from "./redis/redis-backend.js";
import { resolvePageStoreOptions, type PageStoreOptions, type ResolvedPageStoreOptions } from "./options.js";
import { readCheckedPage } from "./page-check.js";
import { paginate, type TextSpan } from "./paging.js";
import { preparePages, type PreparedPage } from "./prepare-pages.js";
import { pageFileName } from "./store-files.js";
import { READ_RETRIES, StoreView } from "./store-view.js";
import { StoreWarnings, type WarningSink } from "./store-warnings.js";
import { commitUnderLock } from "./write-commit.js";

/** Defaults for what a request leaves out; the bounds live in the store contract. */
const DEFAULT_SEARCH_LIMIT = 10;
const DEFAULT_PAGE_SIZE_TOKENS = 1000;

type Result<T extends { operation: string }> = Omit<T, "operation">;

/** Which page `get` reads: by handle (also as a bare string), or by any URL twin of the stored page. */
export type PageTarget = string | { handle: string } | { url: string };

export interface OperationOptions {
  /** Where this call's warnings go (damaged files skipped); default the store's `onWarning`. */
  warn?: WarningSink;
}

export interface SearchOptions extends OperationOptions {
  limit?: number;
  handle?: string;
}

export interface GetOptions extends OperationOptions {
  page?: number;
  page_size_tokens?: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const titleOrNull = (title: string): string | null => (title === "" ? null : title);

/**
 * A durable local page index. Writers serialise through a lock and commit by atomically replacing
 * the manifest; readers never lock and always see one committed generation. An instance lives
 * across calls: its search index and the last page it cut stay in memory between them.
 */
export class PageStore {
  private readonly view: StoreView;
  private readonly access: AccessTracker;
  private readonly warnings: StoreWarnings;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The last page read and cut by `get`, so paging through a document reads and cuts it once. */
  private lastPage: { file: string; markdown: string; pageSizeTokens: number; spans: TextSpan[] } | null = null;

  constructor(
    private readonly backend: StoreBackend,
    readonly options: ResolvedPageStoreOptions,
  ) {
    this.access = new AccessTracker(backend, options.now);
    this.warnings = new StoreWarnings(options.onWarning);
    this.view = new StoreView(backend, this.warnings, options.now, this.ttlMs);
  }

  /** Diagnostics (tests, benchmark): how this instance last built its search index from scratch. */
  get indexSource(): IndexSource {
    return this.view.indexSource;
  }

  /** The directory this store lives in; null in memory. */
  get location(): string | null {
    return this.backend.location;
  }

  private get ttlMs(): number {
    return this.options.ttl_s * 1000;
  }

  /** One operation at a time per instance; unexpected failures become internal_error. */
  private run<T>(operation: string, options: OperationOptions, body: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.closed) throw new StoreLayerError("invalid_request", `Cannot ${operation}: the store is closed.`);
      this.warnings.begin(options.warn ?? this.options.onWarning);
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

  private commit<T extends object>(change: (manifest: Manifest) => Promise<{ result: T; keep: Set<string> }>): Promise<T & { evicted: string[] }> {
    return commitUnderLock(this.backend, this.view, this.access, { lockTimeoutMs: this.options.lock_timeout_ms, ttlMs: this.ttlMs, maxBytes: this.options.max_bytes, now: this.options.now }, change);
  }

  private notFound(operation: string, handle: string, reason: string, extra: Record<string, unknown> = {}): StoreLayerError {
    return new StoreLayerError("not_found", `Cannot ${operation}: no live page with handle ${handle}.`, { details: { handle, reason, ...extra } });
  }

  private async loadMarkdown(handle: string): Promise<{ entry: PageEntry; markdown: string }> {
    for (let attempt = 0; attempt < READ_RETRIES; attempt += 1) {
      await this.view.refreshManifest(attempt > 0);
      const entry = this.view.manifest.pages[handle];
      if (!this.view.isLive(entry)) throw this.notFound("get page", handle, entry === undefined ? "unknown_handle" : "expired");
      if (this.lastPage?.file === entry.file) return { entry, markdown: this.lastPage.markdown };
      const read = await readCheckedPage(this.backend, entry);
      if (read.kind === "ok") return { entry, markdown: read.record.markdown };
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

  add(pages: StorePageInput[], options: OperationOptions = {}): Promise<Result<StoreAddResponse>> {
    let prepared: PreparedPage[];
    try {
      prepared = preparePages(pages);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run("add pages", options, () => this.commit((manifest) => this.applyAdd(manifest, prepared)));
  }

  private async applyAdd(next: Manifest, prepared: PreparedPage[]): Promise<{ result: { added: StoreAddedPage[] }; keep: Set<string> }> {
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
    const added: StoreAddedPage[] = [];
    for (const page of prepared) {
      const existing = next.pages[page.handle];
      const visible = this.view.isLive(existing);
      // Same text over a damaged or missing file: write it afresh, so adding a page again mends it.
      const sameContent = visible && existing.markdown_sha256 === page.markdownSha256 && (await readCheckedPage(this.backend, existing)).kind === "ok";
      let status: StoreAddedPage["status"] = visible ? "updated" : "added";
      let file = existing?.file ?? "";
      let bytes = existing?.bytes ?? 0;
      // Without a title in the request, re-adding the same content keeps the stored title; so with the page's metadata.
      const title = sameContent && page.input.title === undefined ? existing.title : page.title;
      const pageMeta = page.pageMeta ?? (sameContent ? (existing.page_meta ?? null) : null);
      if (sameContent) {
        if (existing.title === title && JSON.stringify(existing.page_meta ?? null) === JSON.stringify(pageMeta)) status = "unchanged";
      } else {
        file = pageFileName(page.handle, generation);
        const record: PageRecord = { format: STORE_FORMAT, handle: page.handle, canonical_url: page.canonicalUrl, markdown: page.input.markdown, passages: page.passages };
        bytes = await this.backend.writePage(file, record);
      }
      next.pages[page.handle] = {
        handle: page.handle,
        url: page.url,
        canonical_url: page.canonicalUrl,
        title,
        file,
        bytes,
        passages: page.passages.length,
        content_hash: page.input.content_hash ?? `sha256:${page.markdownSha256}`,
        markdown_sha256: page.markdownSha256,
        fetched_at: page.input.fetched_at ?? (sameContent ? existing.fetched_at : null),
        page_meta: pageMeta,
        // Re-adding renews the TTL: the caller has just seen this content.
        stored_at: now,
        last_access: now,
      };
      added.push({ handle: page.handle, url: page.url, canonical_url: page.canonicalUrl, status, passages: page.passages.length, bytes });
    }
    await this.backend.syncPages();
    return { result: { added }, keep: new Set(prepared.map((page) => page.handle)) };
  }

  search(query: string, options: SearchOptions = {}): Promise<Result<StoreSearchResponse>> {
    const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
    const handle = options.handle;
    return this.run("search", options, async () => {
      for (let attempt = 0; ; attempt += 1) {
        await this.view.syncIndex(true);
        if (handle !== undefined && !this.view.isLive(this.view.manifest.pages[handle])) {
          throw new StoreLayerError("not_found", `Cannot search: no live page with handle ${handle}.`, { details: { handle, reason: "unknown_handle" } });
        }
        const hits = this.view.keeper.index.search(query, { limit, ...(handle === undefined ? {} : { handle }), hidden: this.view.expiredHandles() });
        const { texts, missing } = await this.view.readHitPages(hits);
        // A hit's file vanished: a writer replaced the page after we synced, so search that generation
        // instead. If the manifest did not change the file is gone for good and its hits are skipped.
        const complete = hits.every((hit) => texts.has(hit.handle));
        if (!complete && attempt + 1 < READ_RETRIES && (await this.backend.manifestVersion()) !== this.view.manifestToken) continue;
        for (const gone of missing) this.warnings.missingPage(gone, this.view.manifest.pages[gone]?.file ?? "");
        const passages = hits
          .filter((hit) => texts.has(hit.handle))
          .map((hit) => {
            const entry = this.view.manifest.pages[hit.handle];
            return {
              handle: hit.handle,
              url: entry?.url ?? "",
              title: titleOrNull(entry?.title ?? ""),
              heading: hit.heading === "" ? null : hit.heading,
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

  /** The handle of the live page with this URL's canonical form; throws not_found when there is none. */
  private async handleOfUrl(url: string): Promise<string> {
    const canonical = pageIdentity(url);
    await this.view.refreshManifest();
    const entry = this.view.liveEntryForUrl(canonical);
    if (!entry) throw new StoreLayerError("not_found", `Cannot get page: no live page has the URL ${canonical}.`, { details: { url: canonical, reason: "unknown_url" } });
    return entry.handle;
  }

  get(target: PageTarget, options: GetOptions = {}): Promise<Result<StoreGetResponse>> {
    const page = options.page ?? 1;
    const pageSizeTokens = options.page_size_tokens ?? DEFAULT_PAGE_SIZE_TOKENS;
    return this.run("get page", options, async () => {
      const handle = typeof target === "string" ? target : "handle" in target ? target.handle : await this.handleOfUrl(target.url);
      const { entry, markdown } = await this.loadMarkdown(handle);
      const cut = this.lastPage?.file === entry.file && this.lastPage.pageSizeTokens === pageSizeTokens ? this.lastPage.spans : paginate(markdown, pageSizeTokens);
      this.lastPage = { file: entry.file, markdown, pageSizeTokens, spans: cut };
      const span = cut[page - 1];
      if (span === undefined) {
        throw new StoreLayerError("not_found", `Cannot get page: page ${page} is past the last page (${cut.length}) of ${handle}; ask for a page from 1 to ${cut.length}.`, {
          details: { handle, reason: "past_last_page", total_pages: cut.length },
        });
      }
      this.access.touch([handle]);
      await this.access.flushSoon();
      return {
        handle,
        url: entry.url,
        title: titleOrNull(entry.title),
        content: markdown.slice(span.start, span.end),
        page,
        total_pages: cut.length,
        has_more: page < cut.length,
        page_size_tokens: pageSizeTokens,
        span: { start: span.start, end: span.end },
        fetched_at: entry.fetched_at,
        page_meta: entry.page_meta ?? null,
      };
    });
  }

  list(options: OperationOptions = {}): Promise<Result<StoreListResponse>> {
    return this.run("list pages", options, async () => {
      await this.view.refreshManifest();
      const pages = Object.values(this.view.manifest.pages)
        .filter((entry) => this.view.isLive(entry))
        .sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0))
        .map((entry) => ({
          handle: entry.handle,
          url: entry.url,
          title: titleOrNull(entry.title),
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

  remove(handle: string, options: OperationOptions = {}): Promise<Result<StoreRemoveResponse>> {
    return this.run("remove page", options, async () => {
      await this.commit(async (next) => {
        if (!this.view.isLive(next.pages[handle])) throw this.notFound("remove page", handle, next.pages[handle] === undefined ? "unknown_handle" : "expired");
        delete next.pages[handle];
        return { result: {}, keep: new Set<string>() };
      });
      return { handle, removed: true as const };
    });
  }

  stats(options: OperationOptions = {}): Promise<StoreStats> {
    return this.run("read stats", options, async () => {
      await this.view.refreshManifest();
      const entries = Object.values(this.view.manifest.pages);
      const live = entries.filter((entry) => this.view.isLive(entry));
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
          evictions: { ...this.view.manifest.evictions },
          expired_pending: entries.length - live.length,
      };
    });
  }

  /** Persists pending recency and refuses further calls. Safe to call twice. */
  close(): Promise<void> {
    return this.run("close store", {}, async () => {
      await this.access.flush();
      this.closed = true;
    }).catch((error: unknown) => {
      if (!(error instanceof StoreLayerError && this.closed)) throw error;
    });
  }
}

/** Opens (creating if needed) a store on disk, on Redis with `redisUrl`, or an in-memory one with `inMemory: true`. */
export async function openPageStore(options: PageStoreOptions = {}): Promise<PageStore> {
  const resolved = resolvePageStoreOptions(options);
  const backend: StoreBackend =
    resolved.redisUrl !== null ? await RedisBackend.open(resolved.redisUrl) : resolved.dir === null ? new MemoryBackend() : await FsBackend.open(resolved.dir);
  const store = new PageStore(backend, resolved);
  // Fail at open, not at first use, when the manifest is unreadable.
  await store.stats();
  return store;
}
