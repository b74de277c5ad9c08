import type { HiddenContentReport } from "./hidden-report.js";

// Request and result shapes of the extract core, snake_case like the JSON contract they back.

export type OutputFormat = "markdown" | "text" | "json";

export interface ExtractPageRequest {
  url: string;
  /** The page as text; wins over body_base64 when both are given. */
  html?: string;
  /** Raw bytes for PDF and other non-HTML bodies. */
  body_base64?: string;
  /** Default text/html. */
  content_type?: string;
  /** Chooses which field a CLI prints; the result is the same for every format. */
  format?: OutputFormat;
}

export type PageType =
  | "article"
  | "forum"
  | "product"
  | "listing"
  | "collection"
  | "documentation"
  | "service"
  | "unknown";

export type ExtractedVia = "readability" | "main-heuristic" | "page-type" | "body-text" | "pdf" | "passthrough";

export type PublishedSource = "json-ld" | "meta" | "time" | "pdf";

export interface PublishedDate {
  /** ISO 8601, as precise as the source. */
  value: string;
  source: PublishedSource;
}

export interface ExtractPageResult {
  url: string;
  title: string | null;
  content_markdown: string;
  content_text: string;
  page_type: PageType;
  quality_score: number;
  extracted_via: ExtractedVia;
  published: PublishedDate | null;
  byline: string | null;
  language: string | null;
  site_name: string | null;
  canonical_url: string | null;
  og_type: string | null;
  json_ld: unknown[];
  word_count: number;
  warnings: string[];
  /** Text the page hid and the extractor removed (see strip-hidden.ts). */
  hidden_content: HiddenContentReport;
}
