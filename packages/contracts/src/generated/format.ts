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
   * The query the results answer. Default "" (the document header then names no query).
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
   * Hard cap on the document's tokens (cl100k_base), 200 to 2,000,000. Default 8000.
   */
  token_budget?: number;
  /**
   * `auto` (default) inlines bodies while they fit, else an index; `index` previews only; `full` inline bodies.
   */
  mode?: FormatRequestMode;
  /**
   * The character budget over one page: the first `top_n` items inline at most `per_item_chars` each and `total_chars` together; later items are listed, not inlined. All three are required. No character budget when absent.
   */
  char_budget?: {
    /**
     * Items inlined at most, 0 to 1,000,000.
     */
    top_n: number;
    /**
     * Characters inlined across all items, 0 to 1,000,000,000.
     */
    total_chars: number;
    /**
     * Characters inlined per item, 0 to 1,000,000,000.
     */
    per_item_chars: number;
  };
  /**
   * Near-duplicate folding settings; each one defaults on its own.
   */
  dedup?: {
    /**
     * Jaccard similarity at which two bodies fold, greater than 0 and at most 1. Default 0.9.
     */
    threshold?: number;
    /**
     * MinHash permutations, 16 to 1024. Default 128.
     */
    num_perm?: number;
    /**
     * Words per shingle, 1 to 16. Default 4.
     */
    shingle_size?: number;
  };
  /**
   * Pagination cursor from a previous reply's `next_cursor`. It is only good for the same query, results and `dedup` settings (budget, mode and page size may change): a cursor issued for another result set, or pointing past its results, is answered `not_found`.
   */
  cursor?: string;
  /**
   * Results per page of the document, 1 to 100,000. Default: as many as the token budget holds.
   */
  page_size?: number;
  /**
   * Extra views to build; a view named twice is built once.
   *
   * Items: `search_result_blocks`: Anthropic search_result content blocks.
   */
  views?: FormatRequestViewsItem[];
}
/**
 * One result to format. Fields other than these (a search or extract result passed as it is) are accepted and ignored.
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
   * Per-item status: `ok`, `truncated`, `skipped_budget_exhausted`, `empty` or `failed:<reason>`. `failed:<reason>` marks a result that could not be read (it is listed with that status, never inlined); `empty` one whose page had no text.
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
     * The mode the request asked for (`auto` when it named none).
     */
    mode_requested?: FormatResponseSidecarModeRequested;
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
       * Position among all kept results, 1-based, across pages.
       */
      rank?: number;
      /**
       * Result URL.
       */
      url: string;
      /**
       * Title.
       */
      title?: string | null;
      /**
       * The input's ranking score.
       */
      score?: number;
      /**
       * The input's engine snippet.
       */
      snippet?: string;
      /**
       * The input's page type.
       */
      page_type?: string;
      /**
       * The input's quality score.
       */
      quality_score?: number;
      /**
       * The input's publication date.
       */
      published?: string;
      /**
       * The full input body, verbatim; null when the input had none.
       */
      body_markdown: string | null;
      /**
       * Per-item status: `ok`, `truncated`, `skipped_budget_exhausted`, `empty` or `failed:<reason>`.
       */
      status: string;
      /**
       * The budget that truncated or skipped this item (`index_preview`: cut to a short preview by the index layout); null when it was not cut.
       */
      limited_by?: FormatResponseSidecarResultsItemLimitedBy;
      /**
       * Where the inlinable text came from: the body, the snippet of a result without a body, or none (failed or empty).
       */
      content_source?: FormatResponseSidecarResultsItemContentSource;
      /**
       * Characters of that text.
       */
      content_chars?: number;
      /**
       * Characters of it shown in the document.
       */
      inlined_chars?: number;
      /**
       * Store handle, when known.
       */
      handle?: string | null;
      /**
       * Tokens of this item in the document.
       */
      inlined_tokens?: number;
      /**
       * How to read what the document did not show (a store handle to open, or the sidecar id and URL); null when everything was shown.
       */
      rest?: string | null;
      /**
       * URLs of the duplicates folded into this result.
       *
       * Items: URL of a duplicate folded into this result.
       */
      duplicates?: string[];
    }[];
    /**
     * Results folded into another.
     *
     * Items: A folded duplicate.
     */
    dropped_duplicates: {
      /**
       * The folded result's id (`r<input position>`).
       */
      id?: string;
      /**
       * The folded result.
       */
      url: string;
      /**
       * The kept result.
       */
      duplicate_of: string;
      /**
       * The kept result's id.
       */
      duplicate_of_id?: string;
      /**
       * Estimated Jaccard similarity of the two bodies; 1 for `exact`, and 0 for a `url` twin when either has no body to compare.
       */
      similarity: number;
      /**
       * How it was detected: `exact` the same normalised content, `minhash` near-duplicate content at or above the threshold, `url` the same page by websift's one URL identity (`canonicalizeUrl`: `www.`, tracking parameters, parameter order, fragments) whatever its content; the kept one is the result with content, then the best score.
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
    /**
     * Results in the request.
     */
    input_count?: number;
    /**
     * Results kept after folding duplicates, over all pages.
     */
    total_results?: number;
    /**
     * Kept results before this page (0 on the first page).
     */
    offset?: number;
    /**
     * The character budget applied, with the characters this page used; null without one.
     */
    char_budget?: {
      /**
       * Items inlined at most.
       */
      top_n: number;
      /**
       * Characters across all items.
       */
      total_chars: number;
      /**
       * Characters per item.
       */
      per_item_chars: number;
      /**
       * Characters inlined on this page.
       */
      chars_used: number;
    } | null;
    /**
     * The near-duplicate settings applied.
     */
    dedup?: {
      /**
       * Jaccard similarity at which two bodies fold.
       */
      threshold: number;
      /**
       * MinHash permutations.
       */
      num_perm: number;
      /**
       * Words per shingle.
       */
      shingle_size: number;
      /**
       * MinHash rows per LSH band, chosen from threshold and num_perm.
       */
      band_size: number;
    };
    /**
     * The nonce of this document's <<<page …>>> / <<<end …>>> fences around untrusted page text.
     */
    content_nonce?: string;
  };
  /**
   * Anthropic search_result blocks for the inlined text, when `views` asks for them.
   *
   * Items: One search_result block, for an item with inlined text.
   */
  search_result_blocks?: {
    /**
     * Always `search_result`.
     */
    type: "search_result";
    /**
     * The result URL.
     */
    source: string;
    /**
     * The title, or the URL when the result has none.
     */
    title: string;
    /**
     * The inlined text as one text block.
     *
     * Items: A text block.
     */
    content: {
      /**
       * Always `text`.
       */
      type: "text";
      /**
       * The inlined text.
       */
      text: string;
    }[];
    /**
     * Citations are enabled on every block (the API refuses a mix).
     */
    citations: {
      /**
       * Always true.
       */
      enabled: true;
    };
  }[];
}
/**
 * `auto` (default) inlines bodies while they fit, else an index; `index` previews only; `full` inline bodies.
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
 * The mode the request asked for (`auto` when it named none).
 */
export type FormatResponseSidecarModeRequested = "auto" | "index" | "full";
/**
 * The budget that truncated or skipped this item (`index_preview`: cut to a short preview by the index layout); null when it was not cut.
 */
export type FormatResponseSidecarResultsItemLimitedBy = "token_budget" | "per_item_chars" | "total_chars" | "top_n" | "index_preview" | null;
/**
 * Where the inlinable text came from: the body, the snippet of a result without a body, or none (failed or empty).
 */
export type FormatResponseSidecarResultsItemContentSource = "body_markdown" | "snippet" | "none";
/**
 * How it was detected: `exact` the same normalised content, `minhash` near-duplicate content at or above the threshold, `url` the same page by websift's one URL identity (`canonicalizeUrl`: `www.`, tracking parameters, parameter order, fragments) whatever its content; the kept one is the result with content, then the best score.
 */
export type FormatResponseSidecarDroppedDuplicatesItemReason = "exact" | "minhash" | "url";
