// Places one page of items into a token budget: whole bodies (full) or short previews (index).
import { FormatLayerError } from "../errors.js";
import { CharBudgetTracker } from "./budget.js";
import type { PreparedItem } from "./prepare-items.js";
import { renderEntry, renderMinimalEntry } from "./render-markdown.js";
import { countTokens, countTokensWithin, prefixWithinTokens } from "./tokens.js";
import { truncateChars } from "./truncate.js";
import type { BudgetLimit, CharBudget, DroppedDuplicate, ItemStatus } from "./types.js";

/** Index previews: enough to judge relevance, small enough for dozens per page. */
export const PREVIEW_CHARS = 280;
/** A body cut to fewer tokens than this is not worth a slot: the item moves to the next page instead. */
const MIN_PARTIAL_TOKENS = 48;
/** "\n\n" between entries. */
const SEPARATOR_TOKENS = 1;

export type Layout = "full" | "index";

export interface PageContext {
  items: readonly PreparedItem[];
  firstRank: number;
  duplicatesOf: ReadonlyMap<number, readonly DroppedDuplicate[]>;
  charBudget: CharBudget | null;
  nonce: string;
}

interface PlannedEntry {
  item: PreparedItem;
  rank: number;
  inlined: string;
  status: ItemStatus;
  limitedBy: BudgetLimit | null;
  rest: string | null;
  markdown: string;
  tokens: number;
}

export interface PageFit {
  entries: PlannedEntry[];
  /** Every item of the page was placed in the intended layout, none cut or moved for tokens. */
  complete: boolean;
  charsUsed: number;
}

interface InlinePlan {
  inlined: string;
  status: ItemStatus;
  limitedBy: BudgetLimit | null;
}

/** Where the rest of a cut item lives: its handle if it has one, else the sidecar (by id) or the URL. */
function restOf(item: PreparedItem): string {
  const handle = typeof item.input.handle === "string" && item.input.handle.length > 0 ? item.input.handle : null;
  return handle !== null ? `open handle \`${handle}\`` : `${item.id} in the JSON sidecar, or fetch the URL`;
}

function planInline(item: PreparedItem, cap: number, capLimit: BudgetLimit | null): InlinePlan {
  if (item.fixedStatus !== null) return { inlined: "", status: item.fixedStatus, limitedBy: null };
  if (item.content.length <= cap) return { inlined: item.content, status: "ok", limitedBy: null };
  const inlined = truncateChars(item.content, cap);
  return { inlined, status: inlined.length === 0 ? "skipped_budget_exhausted" : "truncated", limitedBy: capLimit };
}

function toEntry(ctx: PageContext, item: PreparedItem, rank: number, plan: InlinePlan): Omit<PlannedEntry, "tokens"> {
  const cut = plan.status === "truncated" || plan.status === "skipped_budget_exhausted";
  const rest = cut ? restOf(item) : null;
  const input = item.input;
  const markdown = renderEntry({
    rank,
    id: item.id,
    url: input.url,
    title: input.title,
    handle: typeof input.handle === "string" && input.handle.length > 0 ? input.handle : null,
    score: input.score,
    pageType: input.page_type,
    qualityScore: input.quality_score,
    published: input.published,
    status: plan.status,
    limitedBy: plan.limitedBy,
    contentChars: item.content.length,
    inlined: plan.inlined,
    rest,
    duplicates: ctx.duplicatesOf.get(item.index) ?? [],
    nonce: ctx.nonce,
  });
  return { item, rank, ...plan, rest, markdown };
}

/** Verbatim prefix of `text` within `maxTokens`, snapped back to a paragraph/line/word end. */
function truncateToTokens(text: string, maxTokens: number): string {
  const prefix = prefixWithinTokens(text, maxTokens);
  return prefix.length >= text.length ? text : truncateChars(text, prefix.length);
}

/** Cuts an item that does not fit down to the remaining tokens; null when not even its metadata fits. */
function shrinkToFit(ctx: PageContext, item: PreparedItem, rank: number, plan: InlinePlan, remaining: number, minPartial: number): PlannedEntry | null {
  const skipped: InlinePlan =
    plan.inlined.length === 0 ? plan : { inlined: "", status: "skipped_budget_exhausted", limitedBy: "token_budget" };
  const meta = toEntry(ctx, item, rank, skipped);
  const metaTokens = countTokensWithin(meta.markdown, remaining);
  if (metaTokens === false) return null;
  if (plan.inlined.length > 0) {
    // Room for the body = what is left after metadata, the two fence lines and the status wording.
    let room = remaining - metaTokens - 40;
    for (let attempt = 0; attempt < 4 && room >= minPartial; attempt++) {
      const inlined = truncateToTokens(plan.inlined, room);
      if (inlined.length === 0) break;
      const entry = toEntry(ctx, item, rank, { inlined, status: "truncated", limitedBy: "token_budget" });
      const tokens = countTokens(entry.markdown);
      if (tokens <= remaining) return { ...entry, tokens };
      room -= tokens - remaining + 8;
    }
  }
  return { ...meta, tokens: metaTokens };
}

/**
 * Fills `entryBudget` tokens with entries in page order. `strict` (auto's probe for full) gives up at
 * the first item that does not fit; otherwise the last item may be cut to the tokens left (full) and
 * the page ends there, the remaining items going to the next page.
 */
export function fitPage(ctx: PageContext, layout: Layout, entryBudget: number, strict: boolean): PageFit {
  const tracker = new CharBudgetTracker(ctx.charBudget);
  const entries: PlannedEntry[] = [];
  let remaining = entryBudget;
  for (let position = 0; position < ctx.items.length; position++) {
    const item = ctx.items[position]!;
    const rank = ctx.firstRank + position;
    const allowance = tracker.allowance(position);
    const previewTighter = layout === "index" && PREVIEW_CHARS < allowance.chars;
    const plan = planInline(item, previewTighter ? PREVIEW_CHARS : allowance.chars, previewTighter ? "index_preview" : allowance.limitedBy);
    const entry = toEntry(ctx, item, rank, plan);
    const tokens = countTokensWithin(entry.markdown, remaining - SEPARATOR_TOKENS);
    if (tokens !== false) {
      entries.push({ ...entry, tokens });
      remaining -= tokens + SEPARATOR_TOKENS;
      tracker.consume(plan.inlined.length, plan.status === "truncated" && plan.limitedBy === "total_chars");
      continue;
    }
    if (strict) return { entries, complete: false, charsUsed: tracker.charsUsed };
    const first = entries.length === 0;
    if (layout === "full" || first) {
      const shrunk = shrinkToFit(ctx, item, rank, plan, remaining - SEPARATOR_TOKENS, first ? 1 : MIN_PARTIAL_TOKENS);
      if (shrunk !== null && (first || shrunk.inlined.length > 0)) {
        entries.push(shrunk);
        tracker.consume(shrunk.inlined.length);
      } else if (first) {
        const markdown = renderMinimalEntry({ rank, id: item.id });
        const minimalTokens = countTokensWithin(markdown, remaining - SEPARATOR_TOKENS);
        if (minimalTokens === false) {
          // The smallest budget the schema allows (200) always holds the header, footer and one pointer
          // (render-markdown.ts caps the query by tokens for this): getting here is a defect.
          throw new FormatLayerError("internal_error", "formatting left no room for even one result in the token budget.", {
            details: { field: "token_budget" },
          });
        }
        entries.push({ item, rank, inlined: "", status: "skipped_budget_exhausted", limitedBy: "token_budget", rest: restOf(item), markdown, tokens: minimalTokens });
      }
    }
    return { entries, complete: false, charsUsed: tracker.charsUsed };
  }
  return { entries, complete: true, charsUsed: tracker.charsUsed };
}
