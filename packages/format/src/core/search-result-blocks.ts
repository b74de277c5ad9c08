import type { SearchResultBlock } from "./types.js";

export interface BlockSource {
  url: string;
  title: string | undefined;
  inlined: string;
}

/**
 * Anthropic `search_result` content blocks for the inlined text. Citations are enabled on every block
 * because the API rejects a mix; an item with no inlined text is left out (text blocks must not be empty).
 */
export function toSearchResultBlocks(sources: readonly BlockSource[]): SearchResultBlock[] {
  const blocks: SearchResultBlock[] = [];
  for (const source of sources) {
    if (source.inlined.trim().length === 0) continue;
    blocks.push({
      type: "search_result",
      source: source.url,
      title: source.title && source.title.trim() ? source.title.trim() : source.url,
      content: [{ type: "text", text: source.inlined }],
      citations: { enabled: true },
    });
  }
  return blocks;
}
