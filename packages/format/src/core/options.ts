// Defaults for a format request. Every rule a request must follow is in contracts/format.schema.json
// and was checked by the entry point before the core runs; the one rule no schema can express (a
// cursor must belong to this result set) is checked where the cursor is read (cursor.ts).
import type { FormatRequest } from "@websift/contracts";
import type { DedupSettings, ResolvedFormatRequest } from "./types.js";

const DEFAULT_TOKEN_BUDGET = 8000;
const DEFAULT_DEDUP: Readonly<DedupSettings> = { threshold: 0.9, num_perm: 128, shingle_size: 4 };

/** Fills in the defaults of a schema-valid request; views are de-duplicated and sorted (order must not change output). */
export function resolveFormatRequest(request: FormatRequest): ResolvedFormatRequest {
  return {
    query: request.query ?? "",
    results: request.results,
    token_budget: request.token_budget ?? DEFAULT_TOKEN_BUDGET,
    mode: request.mode ?? "auto",
    char_budget: request.char_budget ?? null,
    // Fixed key order: the settings are part of the cursor fingerprint.
    dedup: {
      threshold: request.dedup?.threshold ?? DEFAULT_DEDUP.threshold,
      num_perm: request.dedup?.num_perm ?? DEFAULT_DEDUP.num_perm,
      shingle_size: request.dedup?.shingle_size ?? DEFAULT_DEDUP.shingle_size,
    },
    cursor: request.cursor ?? null,
    page_size: request.page_size ?? null,
    views: [...new Set(request.views ?? [])].sort(),
  };
}
