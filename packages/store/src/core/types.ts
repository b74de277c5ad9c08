/** Request and result shapes of the page store; they mirror `websift-store add|search|get|list|remove|stats`. */

export interface PageInput {
  url: string;
  markdown: string;
  title?: string;
  /** ISO 8601 time the page was fetched, kept as given. */
  fetched_at?: string;
  /** Caller's hash of the content, kept as given; identity uses our own sha-256 of `markdown`. */
  content_hash?: string;
}

export type AddStatus = "added" | "updated" | "unchanged";

export interface AddedPage {
  handle: string;
  url: string;
  status: AddStatus;
  passages: number;
  bytes: number;
}

export interface AddResult {
  added: AddedPage[];
  /** Handles dropped by TTL or the size cap while committing this add. */
  evicted: string[];
}

export interface SearchOptions {
  /** 1..100, default 10. */
  limit?: number;
  /** Search only this page. */
  handle?: string;
}

export interface TextSpanResult {
  /** UTF-16 code-unit offsets into the page's Markdown: `markdown.slice(start, end)`. */
  start: number;
  end: number;
}

export interface PassageResult {
  handle: string;
  url: string;
  title: string;
  heading: string;
  text: string;
  score: number;
  span: TextSpanResult;
}

export interface SearchResult {
  passages: PassageResult[];
}

export interface GetOptions {
  /** 1-based, default 1. */
  page?: number;
  /** Budget per page in estimated tokens (chars/4), default 1000. */
  page_size_tokens?: number;
}

export interface GetResult {
  handle: string;
  url: string;
  title: string;
  content: string;
  page: number;
  total_pages: number;
  has_more: boolean;
  page_size_tokens: number;
  span: TextSpanResult;
  fetched_at: string | null;
}

export interface ListedPage {
  handle: string;
  url: string;
  title: string;
  passages: number;
  bytes: number;
  content_hash: string;
  fetched_at: string | null;
  stored_at: string;
  last_access: string;
  expires_at: string;
}

export interface ListResult {
  pages: ListedPage[];
}

export interface RemoveResult {
  handle: string;
  removed: true;
}

export interface StatsResult {
  dir: string | null;
  in_memory: boolean;
  pages: number;
  passages: number;
  bytes: number;
  ttl_s: number;
  max_bytes: number;
  /** ISO times of the least and most recently stored live page; null when empty. */
  oldest: string | null;
  newest: string | null;
  /** Pages dropped since the store was created, by reason. */
  evictions: { ttl: number; lru: number };
  /** Pages past their TTL, hidden already, removed at the next write. */
  expired_pending: number;
}
