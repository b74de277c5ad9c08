// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * One page to extract: its absolute http(s) `url` and exactly one of `html` (decoded text) or `body_base64` (bytes).
 *
 * This interface was referenced by `ExtractContract`'s JSON-Schema
 * via the `definition` "request".
 */
export type ExtractRequest =
  | {
      /**
       * Absolute http or https URL of the page, e.g. the fetch layer's `final_url`: scheme, `://`, optional `user@`, a host (name or IPv4 without `:`, or a bracketed IPv6), optional `:port`, then a path, query or fragment starting with `/`, `?` or `#`; no whitespace. Not `format: uri`, which refuses characters URL parsers keep unescaped (`|`, `{`, `[` in a query). It resolves the page's links and helps classify the page; a URL that matches but that the WHATWG URL parser cannot read (e.g. port 99999) is still extracted, its links left as written.
       */
      url: string;
      /**
       * The page as decoded text (HTML, XML, JSON or plain text). Over the layer's byte limit (10,000,000 UTF-8 bytes by default, set by whoever runs the layer) the reply is `too_large`, not `invalid_request`: the limit is in bytes and the operator's, so no schema bound can state it.
       */
      html: string;
      /**
       * MIME type of the page, parameters allowed (`text/html; charset=iso-8859-1`); default text/html, or application/pdf when the bytes are a PDF. A type the layer cannot extract is answered `unsupported_content`.
       */
      content_type?: string;
      /**
       * Preferred output for a CLI; the reply always carries both.
       */
      format?: ExtractRequestFormat;
    }
  | {
      /**
       * Absolute http or https URL of the page, e.g. the fetch layer's `final_url`: scheme, `://`, optional `user@`, a host (name or IPv4 without `:`, or a bracketed IPv6), optional `:port`, then a path, query or fragment starting with `/`, `?` or `#`; no whitespace. Not `format: uri`, which refuses characters URL parsers keep unescaped (`|`, `{`, `[` in a query). It resolves the page's links and helps classify the page; a URL that matches but that the WHATWG URL parser cannot read (e.g. port 99999) is still extracted, its links left as written.
       */
      url: string;
      /**
       * The page as standard base64 bytes (RFC 4648 alphabet, optional `=` padding, no line breaks), for binary types such as PDF. Bytes that decode to more than the layer's byte limit (10,000,000 by default, set by whoever runs the layer) are answered `too_large`, not `invalid_request`.
       */
      body_base64: string;
      /**
       * MIME type of the page, parameters allowed (`text/html; charset=iso-8859-1`); default text/html, or application/pdf when the bytes are a PDF. A type the layer cannot extract is answered `unsupported_content`.
       */
      content_type?: string;
      /**
       * Preferred output for a CLI; the reply always carries both.
       */
      format?: ExtractRequestFormat;
    };

/**
 * Turn one fetched page into clean Markdown and text with metadata, page type and a quality score.
 */
export interface ExtractContract {
  [k: string]: unknown;
}
/**
 * The extracted page.
 *
 * This interface was referenced by `ExtractContract`'s JSON-Schema
 * via the `definition` "response".
 */
export interface ExtractResponse {
  /**
   * URL of the page.
   */
  url: string;
  /**
   * Page title.
   */
  title: string | null;
  /**
   * Main content as Markdown; never truncated.
   */
  content_markdown: string;
  /**
   * Main content as plain text; never truncated.
   */
  content_text: string;
  /**
   * Kind of page.
   */
  page_type: ExtractResponsePageType;
  /**
   * 0..1; challenge pages, soft-404s and empty shells score low.
   */
  quality_score: number;
  /**
   * Which extractor produced the content.
   */
  extracted_via: ExtractResponseExtractedVia;
  /**
   * Publication date and where it came from.
   */
  published: {
    /**
     * ISO 8601 date or date-time.
     */
    value: string;
    /**
     * Where it was found: `json-ld`, `meta`, `time`, ...
     */
    source: string;
  } | null;
  /**
   * Author line.
   */
  byline?: string | null;
  /**
   * Content language (BCP 47).
   */
  language?: string | null;
  /**
   * Site name.
   */
  site_name?: string | null;
  /**
   * Canonical URL the page declares.
   */
  canonical_url?: string | null;
  /**
   * The page's og:type.
   */
  og_type?: string | null;
  /**
   * Raw JSON-LD blocks found in the page, each as parsed: usually an object, sometimes an array or another JSON value.
   */
  json_ld?: unknown[];
  /**
   * Words in `content_text`.
   */
  word_count?: number;
  /**
   * Things noticed while extracting (e.g. content removed as hidden).
   *
   * Items: A warning.
   */
  warnings?: string[];
  /**
   * Text the page hid from its readers (display:none, opacity:0, white on white, clipped, off-screen, aria-hidden, ...) and the extractor removed; none of it is in the content. Scripts, comments and navigation boilerplate are not counted.
   */
  hidden_content?: {
    /**
     * Hidden elements removed that held text.
     */
    blocks: number;
    /**
     * Characters of whitespace-collapsed text in those elements.
     */
    characters: number;
    /**
     * Up to 20 of the longest hidden blocks of at least 20 characters, in page order.
     *
     * @maxItems 20
     *
     * Items: One hidden block.
     */
    samples: {
      /**
       * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
       */
      reason: string;
      /**
       * The hidden text, whitespace-collapsed, at most 300 characters.
       */
      text: string;
    }[];
  };
}
/**
 * Preferred output for a CLI; the reply always carries both.
 */
export type ExtractRequestFormat = "markdown" | "text" | "json";
/**
 * Kind of page.
 */
export type ExtractResponsePageType = "article" | "forum" | "product" | "listing" | "collection" | "documentation" | "service" | "unknown";
/**
 * Which extractor produced the content.
 */
export type ExtractResponseExtractedVia = "readability" | "main-heuristic" | "page-type" | "body-text" | "pdf" | "passthrough";
