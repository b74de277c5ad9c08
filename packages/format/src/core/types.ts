// Request and result shapes of the format core (snake_case, as on the wire).

export type FormatMode = "auto" | "index" | "full";
export type FormatView = "search_result_blocks";

/** An upstream failure as search/fetch/extract report it: a bare reason or an object with one. */
export type UpstreamFailure = string | { code?: string; reason?: string; message?: string };

/** One vendor-neutral result: the union of what search and extract produce. Unknown fields are ignored. */
export interface FormatInputResult {
  url: string;
  title?: string;
  score?: number;
  snippet?: string;
  body_markdown?: string;
  page_type?: string;
  quality_score?: number;
  published?: string;
  handle?: string;
  status?: string;
  failure?: UpstreamFailure;
  [key: string]: unknown;
}

/** The consumption pipeline's character budget (seed: top_n, total_chars, per_item_chars). */
export interface CharBudget {
  top_n: number;
  total_chars: number;
  per_item_chars: number;
}

export interface DedupOptions {
  threshold?: number;
  num_perm?: number;
  shingle_size?: number;
}

export interface FormatRequest {
  query: string;
  results: FormatInputResult[];
  token_budget?: number;
  mode?: FormatMode;
  char_budget?: CharBudget;
  dedup?: DedupOptions;
  cursor?: string | null;
  page_size?: number;
  views?: FormatView[];
}

export type ItemStatus = "ok" | "truncated" | "skipped_budget_exhausted" | "empty" | `failed:${string}`;

/** Which budget made an item truncated or skipped. */
export type BudgetLimit = "token_budget" | "per_item_chars" | "total_chars" | "top_n" | "index_preview";

export interface SidecarResult {
  id: string;
  rank: number;
  url: string;
  title?: string;
  score?: number;
  snippet?: string;
  page_type?: string;
  quality_score?: number;
  published?: string;
  handle: string | null;
  /** The input body, verbatim (omitted only when the input had none). */
  body_markdown?: string;
  status: ItemStatus;
  /** Set when status is truncated or skipped_budget_exhausted. */
  limited_by: BudgetLimit | null;
  content_source: "body_markdown" | "snippet" | "none";
  content_chars: number;
  inlined_chars: number;
  inlined_tokens: number;
  /** How to get the rest when not everything was inlined. */
  rest: string | null;
  duplicates: string[];
}

export interface DroppedDuplicate {
  id: string;
  url: string;
  duplicate_of: string;
  duplicate_of_id: string;
  similarity: number;
  reason: "exact" | "minhash";
}

export interface FormatSidecar {
  query: string;
  mode_requested: FormatMode;
  mode_used: "index" | "full";
  tokenizer: string;
  token_budget: number;
  token_count: number;
  input_count: number;
  total_results: number;
  offset: number;
  results: SidecarResult[];
  dropped_duplicates: DroppedDuplicate[];
  next_cursor: string | null;
  char_budget: (CharBudget & { chars_used: number }) | null;
  dedup: { threshold: number; num_perm: number; shingle_size: number; band_size: number };
  content_nonce: string;
}

export interface SearchResultBlock {
  type: "search_result";
  source: string;
  title: string;
  content: Array<{ type: "text"; text: string }>;
  citations: { enabled: true };
}

export interface FormatResult {
  markdown: string;
  sidecar: FormatSidecar;
  search_result_blocks?: SearchResultBlock[];
}
