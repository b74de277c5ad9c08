// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Fold duplicates and render results into one budgeted Markdown document plus a lossless JSON sidecar.
 */
export interface FormatContract {
  [k: string]: unknown;
}
/**
 * Results to format under a budget.
 *
 * This interface was referenced by `FormatContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface FormatRequest {
  /**
   * The query the results answer.
   */
  query?: string;
  /**
   * Vendor-neutral results from search and extract.
   *
   * @maxItems 10000
   *
   * Items: One input result.
   */
  results: FormatInputResult[];
  /**
   * Hard cap on the document's tokens (cl100k_base). Default 8000.
   */
  token_budget?: number;
  /**
   * `auto` inlines bodies while they fit, else an index; `index` previews only; `full` inline bodies.
   */
  mode?: FormatRequestMode;
  /**
   * The character budget: pages read, total and per-item characters.
   */
  char_budget?: {
    /**
     * Items inlined at most.
     */
    top_n?: number;
    /**
     * Characters across all items.
     */
    total_chars?: number;
    /**
     * Characters per item.
     */
    per_item_chars?: number;
  };
  /**
   * Near-duplicate folding settings.
   */
  dedup?: {
    /**
     * Jaccard similarity at which two bodies fold. Default 0.9.
     */
    threshold?: number;
    /**
     * MinHash permutations. Default 128.
     */
    num_perm?: number;
    /**
     * Words per shingle. Default 4.
     */
    shingle_size?: number;
  };
  /**
   * Pagination cursor from a previous reply's `next_cursor`.
   */
  cursor?: string;
  /**
   * Results per page of the document.
   */
  page_size?: number;
  /**
   * Extra views to build.
   *
   * Items: `search_result_blocks`: Anthropic search_result content blocks.
   */
  views?: FormatRequestViewsItem[];
}
/**
 * One result to format.
 *
 * This interface was referenced by `FormatContract`'s JSON-Schema
 * via the `definition` "input_result".
 */
export interface FormatInputResult {
  /**
   * Result URL.
   */
  url: string;
  /**
   * Title.
   */
  title?: string;
  /**
   * Ranking score; the best-scored member of a duplicate cluster is kept.
   */
  score?: number;
  /**
   * Engine snippet.
   */
  snippet?: string;
  /**
   * Full page body as Markdown.
   */
  body_markdown?: string;
  /**
   * Page type from extract.
   */
  page_type?: string;
  /**
   * Quality score from extract.
   */
  quality_score?: number;
  /**
   * Publication date.
   */
  published?: string;
  /**
   * Store handle to read the rest later.
   */
  handle?: string;
  /**
   * Per-item status: `ok`, `truncated`, `skipped_budget_exhausted`, `empty` or `failed:<reason>`.
   */
  status?: string;
}
/**
 * The formatted document and its sidecar.
 *
 * This interface was referenced by `FormatContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface FormatResponse {
  /**
   * One layout-stable Markdown document within `token_budget`.
   */
  markdown: string;
  /**
   * The same data as JSON, with full bodies verbatim.
   */
  sidecar: {
    /**
     * The query.
     */
    query?: string | null;
    /**
     * The mode the document was rendered in.
     */
    mode_used?: FormatResponseSidecarModeUsed;
    /**
     * Kept results, in document order.
     *
     * Items: A kept result.
     */
    results: {
      /**
       * Stable id used in the document.
       */
      id: string;
      /**
       * Result URL.
       */
      url: string;
      /**
       * Title.
       */
      title?: string | null;
      /**
       * The full input body, verbatim.
       */
      body_markdown: string | null;
      /**
       * Per-item status: `ok`, `truncated`, `skipped_budget_exhausted`, `empty` or `failed:<reason>`.
       */
      status: string;
      /**
       * Store handle, when known.
       */
      handle?: string | null;
      /**
       * Tokens of this item in the document.
       */
      inlined_tokens?: number;
    }[];
    /**
     * Results folded into another.
     *
     * Items: A folded duplicate.
     */
    dropped_duplicates: {
      /**
       * The folded result.
       */
      url: string;
      /**
       * The kept result.
       */
      duplicate_of: string;
      /**
       * Estimated Jaccard similarity.
       */
      similarity: number;
      /**
       * How it was detected.
       */
      reason: FormatResponseSidecarDroppedDuplicatesItemReason;
    }[];
    /**
     * Tokens in `markdown`.
     */
    token_count: number;
    /**
     * The budget applied.
     */
    token_budget?: number | null;
    /**
     * Tokenizer used to count tokens.
     */
    tokenizer: string;
    /**
     * Cursor for the next page, or null.
     */
    next_cursor: string | null;
  };
  /**
   * Anthropic search_result blocks, when asked.
   *
   * Items: One search_result block.
   */
  search_result_blocks?: {
    [k: string]: unknown;
  }[];
}
/**
 * `auto` inlines bodies while they fit, else an index; `index` previews only; `full` inline bodies.
 */
export type FormatRequestMode = "auto" | "index" | "full";
/**
 * `search_result_blocks`: Anthropic search_result content blocks.
 */
export type FormatRequestViewsItem = "search_result_blocks";
/**
 * The mode the document was rendered in.
 */
export type FormatResponseSidecarModeUsed = "index" | "full";
/**
 * How it was detected.
 */
export type FormatResponseSidecarDroppedDuplicatesItemReason = "exact" | "minhash";
