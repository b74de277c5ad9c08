import { describe, expect, it } from "vitest";
import { formatResults } from "../src/core/format-results.js";
import { FormatLayerError } from "../src/errors.js";
import { formatDocument } from "../src/index.js";
import { countTokens } from "../src/core/tokens.js";
import type { FormatRequest } from "@websift/contracts";
import { editWords, makeText, result } from "./helpers.js";

const results = Array.from({ length: 25 }, (_, i) => result(`https://p${i}.example/`, makeText(200 + i, 300 + i * 10)));
results.push(result("https://p-dup.example/", editWords(makeText(205, 350), 200), { score: 0.1 }));

function walk(request: FormatRequest): ReturnType<typeof formatResults>[] {
  const pages = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = formatResults(cursor === null ? request : { ...request, cursor });
    pages.push(page);
    cursor = page.sidecar.next_cursor;
    if (cursor === null) return pages;
  }
  throw new Error("pagination did not end");
}

describe("cursor pagination", () => {
  for (const request of [
    { query: "q", results, token_budget: 1500, mode: "auto" },
    { query: "q", results, token_budget: 3000, mode: "full" },
    { query: "q", results, token_budget: 20_000, page_size: 4 },
  ] satisfies FormatRequest[]) {
    it(`visits every surviving result exactly once (${request.mode ?? "page_size"} ${request.token_budget})`, () => {
      const pages = walk(request);
      expect(pages.length).toBeGreaterThan(1);
      const seen = pages.flatMap((p) => p.sidecar.results.map((r) => r.id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(25);
      const ranks = pages.flatMap((p) => p.sidecar.results.map((r) => r.rank));
      expect(ranks).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      for (const page of pages) expect(countTokens(page.markdown)).toBeLessThanOrEqual(request.token_budget);
      expect(pages.at(-1)!.markdown.endsWith("End of results.\n")).toBe(true);
      expect(pages[0]!.markdown).toContain(`Next page: cursor \`${pages[0]!.sidecar.next_cursor}\``);
    });
  }

  it("page_size caps a page", () => {
    const page = formatResults({ query: "q", results, token_budget: 20_000, page_size: 4 });
    expect(page.sidecar.results).toHaveLength(4);
    expect(page.sidecar.offset).toBe(0);
    const second = formatResults({ query: "q", results, token_budget: 20_000, page_size: 4, cursor: page.sidecar.next_cursor! });
    expect(second.sidecar.offset).toBe(4);
    expect(second.sidecar.results[0]!.rank).toBe(5);
  });

  it("answers not_found for a well-formed cursor of another result set, or past its end", async () => {
    const page = formatResults({ query: "q", results, token_budget: 1500 });
    const cursor = page.sidecar.next_cursor!;
    const other = () => formatResults({ query: "another query", results, token_budget: 1500, cursor });
    expect(other).toThrow(FormatLayerError);
    expect(other).toThrow(/cursor/);
    const past = cursor.replace(/^c1-\d+-/, "c1-999-");
    for (const request of [{ query: "another query", results, cursor }, { query: "q", results, cursor: past }]) {
      const envelope = await formatDocument(request);
      expect(envelope.error).toMatchObject({ code: "not_found", details: { field: "cursor" } });
    }
  });

  it("refuses a cursor the format layer could never have issued by the schema's pattern", async () => {
    const envelope = await formatDocument({ query: "q", results, cursor: "garbage" });
    expect(envelope.error).toMatchObject({ code: "invalid_request", details: { field: "cursor" } });
  });

  it("accepts the same cursor after a budget change", () => {
    const page = formatResults({ query: "q", results, token_budget: 1500 });
    const next = formatResults({ query: "q", results, token_budget: 6000, cursor: page.sidecar.next_cursor! });
    expect(next.sidecar.results[0]!.rank).toBe(page.sidecar.results.length + 1);
  });
});
