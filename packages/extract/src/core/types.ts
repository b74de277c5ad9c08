import type { ExtractResponse } from "@websift/contracts";
import type { HiddenContentReport } from "./hidden-report.js";

// The extract core's result is the contract's ExtractResponse (generated from contracts/extract.schema.json)
// with every optional field filled. Two fields are typed more narrowly inside the core than on the wire,
// where they stay open so that new values are additive.

/** Where a publication date was found; the contract's `published.source` is any string. */
type PublishedSource = "json-ld" | "meta" | "time" | "url" | "text" | "pdf";

export interface PublishedDate {
  /** ISO 8601, as precise as the source. */
  value: string;
  source: PublishedSource;
}

export interface ExtractPageResult extends Omit<Required<ExtractResponse>, "published" | "hidden_content"> {
  published: PublishedDate | null;
  /** Text the page hid and the extractor removed (see strip-hidden.ts), with the rule that hid each sample. */
  hidden_content: HiddenContentReport;
}
