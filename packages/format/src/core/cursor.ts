import { createHash } from "node:crypto";
import type { FormatInputResult } from "@websift/contracts";
import { FormatLayerError } from "../errors.js";
import type { DedupSettings } from "./types.js";

/** The shape is the schema's `cursor` pattern; matching it again here only extracts the two parts. */
const CURSOR_PATTERN = /^c1-(\d{1,9})-([0-9a-f]{16})$/;

/**
 * Identifies the result set a cursor belongs to: query, results and dedup settings, in a canonical
 * projection (input key order must not matter). Budget and mode may change between pages.
 */
export function requestFingerprint(query: string, results: readonly FormatInputResult[], dedup: DedupSettings): string {
  // Streamed into the hash field by field (length-prefixed, so no two inputs share a stream) instead of
  // building one JSON string of every body first.
  const hash = createHash("sha256");
  const field = (value: unknown): void => {
    const text = value === undefined || value === null ? "\u0000" : typeof value === "string" ? value : JSON.stringify(value);
    hash.update(`${text.length}:`);
    hash.update(text);
  };
  field(query);
  field(dedup);
  for (const r of results) {
    for (const value of [r.url, r.title, r.score, r.snippet, r.body_markdown, r.handle, r.status]) field(value);
  }
  return hash.digest("hex");
}

export function encodeCursor(offset: number, fingerprint: string): string {
  return `c1-${offset}-${fingerprint.slice(0, 16)}`;
}

function unknownCursor(problem: string): FormatLayerError {
  return new FormatLayerError("not_found", `format request field "cursor" ${problem}; start again without a cursor.`, {
    details: { field: "cursor" },
  });
}

/**
 * Offset of a cursor issued for this same result set. A well-formed cursor can still be unknown here
 * (another query, other results or dedup settings, or past the end): that page does not exist, `not_found`.
 */
export function decodeCursor(cursor: string, fingerprint: string, total: number): number {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) throw unknownCursor("is not a cursor issued by the format layer");
  if (match[2] !== fingerprint.slice(0, 16)) throw unknownCursor("belongs to a different query or result set");
  const offset = Number(match[1]);
  if (offset <= 0 || offset >= total) throw unknownCursor(`points past the ${total} results`);
  return offset;
}
