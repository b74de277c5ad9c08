// Generated from contracts/*.schema.json by `pnpm contracts:generate`. Do not edit by hand:
// change the schema and regenerate; `pnpm contracts:check` fails while this file is stale.

/**
 * Turn one fetched page into clean Markdown and text with metadata, page type and a quality score.
 */
export interface ExtractContract {
  [k: string]: unknown;
}
/**
 * One page to extract: exactly one of `html` or `body_base64` (checked by the layer, which names the field).
 *
 * This interface was referenced by `ExtractContract`'s JSON-Schema
 * via the `definition` "request".
 */
export interface ExtractRequest {
  /**
   * URL of the page, used to resolve links and classify the page.
   */
  url: string;
  /**
   * The page as decoded text (HTML, XML, JSON or plain text).
   */
  html?: string;
  /**
   * The page as base64 bytes, for binary types such as PDF.
   */
  body_base64?: string;
  /**
   * MIME type of the page; default text/html.
   */
  content_type?: string;
  /**
   * Preferred output for a CLI; the reply always carries both.
   */
  format?: ExtractRequestFormat;
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
   * Raw JSON-LD blocks found in the page.
   *
   * Items: One parsed JSON-LD block.
   */
  json_ld?: {
    [k: string]: unknown;
  }[];
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
    samples:
      | []
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ]
      | [
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          },
          {
            /**
             * The rule that hid it: `display:none`, `visibility:hidden`, `opacity:0`, `font-size:0`, `off-screen`, `text-indent`, `clip`, `collapsed-box`, `transform:scale(0)`, `color-equals-background`, `hidden-attribute`, `aria-hidden` or `visually-hidden-class`; new reasons may be added.
             */
            reason: string;
            /**
             * The hidden text, whitespace-collapsed, at most 300 characters.
             */
            text: string;
          }
        ];
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
