import { invalidField } from "../errors.js";
import type { CharBudget, FormatInputResult, FormatMode, FormatView } from "./types.js";

export const DEFAULT_TOKEN_BUDGET = 8000;
/** Below this not even the document header and one index entry fit. */
export const MIN_TOKEN_BUDGET = 200;
const MAX_TOKEN_BUDGET = 2_000_000;

/** The request with every default applied, validated once at the entry. */
export interface ResolvedFormatOptions {
  query: string;
  results: FormatInputResult[];
  tokenBudget: number;
  mode: FormatMode;
  charBudget: CharBudget | null;
  dedup: { threshold: number; numPerm: number; shingleSize: number };
  cursor: string | null;
  pageSize: number | null;
  views: FormatView[];
}

const MODES: readonly FormatMode[] = ["auto", "index", "full"];
const VIEWS: readonly FormatView[] = ["search_result_blocks"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function integerIn(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw invalidField(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function rejectUnknownKeys(field: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value).sort()) {
    if (!known.includes(key)) throw invalidField(`${field}.${key}`, "is not a known option");
  }
}

function optionalString(field: string, value: unknown): void {
  if (value !== undefined && typeof value !== "string") throw invalidField(field, "must be a string");
}

function optionalFiniteNumber(field: string, value: unknown): void {
  if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value))) {
    throw invalidField(field, "must be a finite number");
  }
}

function validateResult(index: number, value: unknown): FormatInputResult {
  const field = `results[${index}]`;
  if (!isRecord(value)) throw invalidField(field, "must be an object");
  if (typeof value.url !== "string" || value.url.length === 0) throw invalidField(`${field}.url`, "must be a non-empty string");
  for (const key of ["title", "snippet", "body_markdown", "page_type", "published", "handle", "status"] as const) {
    optionalString(`${field}.${key}`, value[key]);
  }
  for (const key of ["score", "quality_score"] as const) optionalFiniteNumber(`${field}.${key}`, value[key]);
  const failure = value.failure;
  if (failure !== undefined && failure !== null && typeof failure !== "string" && !isRecord(failure)) {
    throw invalidField(`${field}.failure`, "must be a string or an object");
  }
  return value as FormatInputResult;
}

function resolveCharBudget(value: unknown): CharBudget | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) throw invalidField("char_budget", "must be an object");
  rejectUnknownKeys("char_budget", value, ["top_n", "total_chars", "per_item_chars"]);
  return {
    top_n: integerIn("char_budget.top_n", value.top_n, 0, 1_000_000),
    total_chars: integerIn("char_budget.total_chars", value.total_chars, 0, 1_000_000_000),
    per_item_chars: integerIn("char_budget.per_item_chars", value.per_item_chars, 0, 1_000_000_000),
  };
}

function resolveDedup(value: unknown): ResolvedFormatOptions["dedup"] {
  if (value === undefined || value === null) return { threshold: 0.9, numPerm: 128, shingleSize: 4 };
  if (!isRecord(value)) throw invalidField("dedup", "must be an object");
  rejectUnknownKeys("dedup", value, ["threshold", "num_perm", "shingle_size"]);
  let threshold = 0.9;
  if (value.threshold !== undefined) {
    if (typeof value.threshold !== "number" || !(value.threshold > 0 && value.threshold <= 1)) {
      throw invalidField("dedup.threshold", "must be a number greater than 0 and at most 1");
    }
    threshold = value.threshold;
  }
  const numPerm = value.num_perm === undefined ? 128 : integerIn("dedup.num_perm", value.num_perm, 16, 1024);
  const shingleSize = value.shingle_size === undefined ? 4 : integerIn("dedup.shingle_size", value.shingle_size, 1, 16);
  return { threshold, numPerm, shingleSize };
}

/** Validates a request and fills in defaults; throws FormatLayerError(invalid_request) naming the bad field. */
export function resolveFormatOptions(request: unknown): ResolvedFormatOptions {
  if (!isRecord(request)) throw invalidField("(request)", "must be a JSON object");
  if (typeof request.query !== "string") throw invalidField("query", "must be a string");
  if (!Array.isArray(request.results)) throw invalidField("results", "must be an array");
  const results = request.results.map((item, index) => validateResult(index, item));

  const tokenBudget =
    request.token_budget === undefined || request.token_budget === null
      ? DEFAULT_TOKEN_BUDGET
      : integerIn("token_budget", request.token_budget, MIN_TOKEN_BUDGET, MAX_TOKEN_BUDGET);

  let mode: FormatMode = "auto";
  if (request.mode !== undefined && request.mode !== null) {
    if (!MODES.includes(request.mode as FormatMode)) throw invalidField("mode", `must be one of ${MODES.join(", ")}`);
    mode = request.mode as FormatMode;
  }

  let cursor: string | null = null;
  if (request.cursor !== undefined && request.cursor !== null) {
    if (typeof request.cursor !== "string" || request.cursor.length === 0) throw invalidField("cursor", "must be a non-empty string");
    cursor = request.cursor;
  }

  const pageSize =
    request.page_size === undefined || request.page_size === null ? null : integerIn("page_size", request.page_size, 1, 100_000);

  let views: FormatView[] = [];
  if (request.views !== undefined && request.views !== null) {
    if (!Array.isArray(request.views)) throw invalidField("views", "must be an array");
    for (const view of request.views) {
      if (!VIEWS.includes(view as FormatView)) throw invalidField("views", `may only contain ${VIEWS.join(", ")}`);
    }
    views = [...new Set(request.views as FormatView[])].sort();
  }

  return {
    query: request.query,
    results,
    tokenBudget,
    mode,
    charBudget: resolveCharBudget(request.char_budget),
    dedup: resolveDedup(request.dedup),
    cursor,
    pageSize,
    views,
  };
}
