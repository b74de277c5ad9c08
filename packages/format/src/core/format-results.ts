// The format layer's core: dedup -> page -> budget -> Markdown document + JSON sidecar (+ optional blocks).
import type { FormatRequest, FormatResponse } from "@websift/contracts";
import { FormatLayerError } from "../errors.js";
import { decodeCursor, encodeCursor, requestFingerprint } from "./cursor.js";
import { deduplicate } from "./dedup.js";
import { fitPage, type PageContext, type PageFit } from "./fit-page.js";
import { sha256Hex } from "./hash.js";
import { resolveFormatRequest } from "./options.js";
import { prepareItem, type PreparedItem } from "./prepare-items.js";
import { assembleDocument, renderFooter, renderHeader, type HeaderView } from "./render-markdown.js";
import { toSearchResultBlocks } from "./search-result-blocks.js";
import { countTokens, TOKENIZER_NAME } from "./tokens.js";
import type { DroppedDuplicate, SidecarResult } from "./types.js";

/** Head-room for tokens that merge across part boundaries when the document is joined. */
const JOIN_SLACK_TOKENS = 8;
const MAX_FIT_ATTEMPTS = 8;

function sidecarResult(entry: PageFit["entries"][number], inlinedTokens: number, duplicates: readonly DroppedDuplicate[]): SidecarResult {
  const { item } = entry;
  const input = item.input;
  // Optional input fields appear only when present, so each entry mirrors its input exactly.
  return {
    id: item.id,
    rank: entry.rank,
    url: input.url,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.score !== undefined ? { score: input.score } : {}),
    ...(input.snippet !== undefined ? { snippet: input.snippet } : {}),
    ...(input.page_type !== undefined ? { page_type: input.page_type } : {}),
    ...(input.quality_score !== undefined ? { quality_score: input.quality_score } : {}),
    ...(input.published !== undefined ? { published: input.published } : {}),
    handle: input.handle !== undefined && input.handle.length > 0 ? input.handle : null,
    status: entry.status,
    limited_by: entry.limitedBy,
    content_source: item.contentSource,
    content_chars: item.content.length,
    inlined_chars: entry.inlined.length,
    inlined_tokens: inlinedTokens,
    rest: entry.rest,
    duplicates: duplicates.map((d) => d.url),
    body_markdown: input.body_markdown ?? null,
  };
}

/**
 * Formats search/extract results into one budgeted Markdown document plus a lossless JSON sidecar.
 * The request has passed the contract's schema (the entry point checks it); only a cursor of another
 * result set can still be refused here.
 */
export function formatResults(request: FormatRequest): FormatResponse {
  const options = resolveFormatRequest(request);
  const prepared: PreparedItem[] = options.results.map(prepareItem);
  const dedup = deduplicate(
    prepared.map((p) => ({ id: p.id, url: p.input.url, score: p.input.score, normalized: p.normalized, content: p.contentSource })),
    { threshold: options.dedup.threshold, numPerm: options.dedup.num_perm, shingleSize: options.dedup.shingle_size },
  );
  const kept = dedup.kept.map((index) => prepared[index]!);
  const duplicatesOf = new Map<number, DroppedDuplicate[]>();
  const dropped: DroppedDuplicate[] = dedup.dropped.map(({ index: _index, keptIndex, ...duplicate }) => {
    const list = duplicatesOf.get(keptIndex) ?? [];
    list.push(duplicate);
    duplicatesOf.set(keptIndex, list);
    return duplicate;
  });

  const fingerprint = requestFingerprint(options.query, options.results, options.dedup);
  const offset = options.cursor === null ? 0 : decodeCursor(options.cursor, fingerprint, kept.length);
  const pageItems = kept.slice(offset, options.page_size === null ? undefined : offset + options.page_size);
  // Derived from the whole content, so a page cannot predict (and forge) its own end marker.
  const nonce = sha256Hex(`nonce:${fingerprint}:${offset}`).slice(0, 12);
  const ctx: PageContext = { items: pageItems, firstRank: offset + 1, duplicatesOf, charBudget: options.char_budget, nonce };

  const headerBase: Omit<HeaderView, "modeUsed" | "last"> = {
    query: options.query,
    first: offset + 1,
    total: kept.length,
    folded: dropped.length,
    tokenBudget: options.token_budget,
    tokenizer: TOKENIZER_NAME,
    nonce,
  };
  // Reserve the header and footer at their longest (last item shown / every item left) before placing entries.
  const reserved =
    Math.max(
      countTokens(renderHeader({ ...headerBase, modeUsed: "index", last: kept.length })),
      countTokens(renderHeader({ ...headerBase, modeUsed: "full", last: kept.length })),
    ) + countTokens(renderFooter({ nextCursor: encodeCursor(kept.length, fingerprint), remaining: kept.length }));

  let entryBudget = options.token_budget - reserved - JOIN_SLACK_TOKENS;
  for (let attempt = 0; attempt < MAX_FIT_ATTEMPTS; attempt++) {
    let layout: "full" | "index" = options.mode === "index" ? "index" : "full";
    let fit = fitPage(ctx, layout, entryBudget, options.mode === "auto");
    if (options.mode === "auto" && !fit.complete) {
      layout = "index";
      fit = fitPage(ctx, layout, entryBudget, false);
    }
    const shownUpTo = offset + fit.entries.length;
    const nextCursor = shownUpTo < kept.length ? encodeCursor(shownUpTo, fingerprint) : null;
    const markdown = assembleDocument(
      renderHeader({ ...headerBase, modeUsed: layout, last: shownUpTo }),
      fit.entries.map((e) => e.markdown),
      renderFooter({ nextCursor, remaining: kept.length - shownUpTo }),
    );
    const tokenCount = countTokens(markdown);
    if (tokenCount > options.token_budget) {
      // Rare: the joined document tokenises longer than its parts. Shrink the entries and place again.
      entryBudget -= tokenCount - options.token_budget + JOIN_SLACK_TOKENS;
      continue;
    }

    const results = fit.entries.map((entry) =>
      sidecarResult(entry, entry.inlined.length === 0 ? 0 : countTokens(entry.inlined), duplicatesOf.get(entry.item.index) ?? []),
    );
    const output: FormatResponse = {
      markdown,
      sidecar: {
        query: options.query,
        mode_requested: options.mode,
        mode_used: layout,
        tokenizer: TOKENIZER_NAME,
        token_budget: options.token_budget,
        token_count: tokenCount,
        input_count: options.results.length,
        total_results: kept.length,
        offset,
        results,
        dropped_duplicates: dropped,
        next_cursor: nextCursor,
        char_budget: options.char_budget === null ? null : { ...options.char_budget, chars_used: fit.charsUsed },
        dedup: { ...options.dedup, band_size: dedup.bandSize },
        content_nonce: nonce,
      },
    };
    if (options.views.includes("search_result_blocks")) {
      output.search_result_blocks = toSearchResultBlocks(
        fit.entries.map((e) => ({ url: e.item.input.url, title: e.item.input.title, inlined: e.inlined })),
      );
    }
    return output;
  }
  throw new FormatLayerError("internal_error", `formatting could not fit the document into ${options.token_budget} tokens.`, {
    details: { token_budget: options.token_budget },
  });
}
