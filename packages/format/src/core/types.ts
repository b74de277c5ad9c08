// Names for parts of the format contract's generated wire types, and the core's own internal shapes.
// The wire types themselves (FormatRequest, FormatInputResult, FormatResponse) come from @websift/contracts.
import type { FormatRequest, FormatResponse, FormatResponseSidecarResultsItemLimitedBy } from "@websift/contracts";

/** `char_budget` of the request; the schema requires all three fields when it is present. */
export type CharBudget = NonNullable<FormatRequest["char_budget"]>;

/** `dedup` of the request with every default applied. */
export type DedupSettings = Required<NonNullable<FormatRequest["dedup"]>>;

/**
 * The request after options.ts applied the defaults: what the schema leaves optional is filled in,
 * or null where "none" is a setting of its own (no character budget, no cursor, no page size).
 */
export type ResolvedFormatRequest = Required<Pick<FormatRequest, "query" | "results" | "token_budget" | "mode" | "views">> & {
  char_budget: CharBudget | null;
  dedup: DedupSettings;
  cursor: string | null;
  page_size: number | null;
};

type FormatSidecar = FormatResponse["sidecar"];
export type SidecarResult = FormatSidecar["results"][number];
/** A folded duplicate; the core always writes the ids the schema leaves optional. */
export type DroppedDuplicate = Required<FormatSidecar["dropped_duplicates"][number]>;
export type SearchResultBlock = NonNullable<FormatResponse["search_result_blocks"]>[number];

/** Which budget made an item truncated or skipped. */
export type BudgetLimit = NonNullable<FormatResponseSidecarResultsItemLimitedBy>;

/** A sidecar status as the core builds it (the wire type is the pattern-checked string). */
export type ItemStatus = "ok" | "truncated" | "skipped_budget_exhausted" | "empty" | `failed:${string}`;
