// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * websift contents: read several pages, one outcome per URL, each body fenced and indexed.
 */
export interface AgentContentsContract {
  [k: string]: unknown;
}
/**
 * Several URLs to read. Operator settings (private hosts, directories, policy, SearXNG URL, keys) are not request fields: they belong to whoever starts websift.
 *
 * This interface was referenced by `AgentContentsContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface AgentContentsRequest {
  /**
   * URLs to read, in order.
   *
   * @minItems 1
   * @maxItems 50
   *
   * Items: An absolute http(s) URL (the rule agent-page's `url` and the fetch contract use): scheme, `://`, optional `user@`, a host, optional `:port`, then a path, query or fragment; no whitespace. A URL that matches but cannot be read (no client can open it, a private host the operator did not allow, blocked, an error page) is that URL's `outcome` in the reply, never a refusal of the request.
   */
  urls: [string, ...string[]];
  /**
   * Tokens of each page's first page returned.
   */
  page_size_tokens?: number;
  /**
   * Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
   */
  render?: AgentContentsRequestRender;
}
/**
 * One entry per URL, in request order.
 *
 * This interface was referenced by `AgentContentsContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface AgentContentsResponse {
  /**
   * Per-URL outcomes.
   *
   * Items: One URL's outcome.
   */
  results: {
    /**
     * The URL.
     */
    url: string;
    /**
     * `ok`, or the fetch/extract failure (blocked, http_error, timeout, empty, ...).
     */
    outcome: string;
    /**
     * Store handle when read.
     */
    handle: string | null;
    /**
     * Title.
     */
    title?: string | null;
    /**
     * First page of content, fenced.
     */
    content: string | null;
    /**
     * Pages in all.
     */
    total_pages?: number | null;
    /**
     * The outcome in words.
     */
    detail: string | null;
  }[];
  /**
   * The untrusted-content fence of this reply: every page body sits between `open` and `close`.
   */
  fence: {
    /**
     * 128-bit random nonce, hex, fresh for every reply.
     */
    nonce: string;
    /**
     * Opening marker (contains the nonce).
     */
    open: string;
    /**
     * Closing marker (contains the nonce).
     */
    close: string;
    /**
     * The data-only directive placed before each fenced body.
     */
    directive?: string;
  };
  /**
   * Instruction-like phrases found (listed, never acted on).
   *
   * Items: A warning.
   */
  warnings: string[];
}
/**
 * Render in headless Chromium: `auto` (default) only when the plain page is a JavaScript-only shell, `always`, or `never`. Whether a browser exists, and which private hosts it may reach, is the operator's setting; without one a page that needs it is `browser_unavailable`.
 */
export type AgentContentsRequestRender = "auto" | "always" | "never";
