import { describe, expect, it } from "vitest";
import { formatResults } from "../src/core/format-results.js";
import { formatDocument } from "../src/index.js";
import { editWords, makeText, result } from "./helpers.js";
import type { FormatInputResult } from "@websift/contracts";

const results: FormatInputResult[] = [
  ...Array.from({ length: 12 }, (_, i) => result(`https://o${i}.example/`, makeText(300 + i, 200 + i * 50), { handle: `h${i}`, page_type: "article", published: "2026-01-02", quality_score: 0.75 })),
  result("https://o-dup.example/", editWords(makeText(301, 250), 200), { score: 0.2 }),
  { url: "https://o-fail.example/", status: "failed:blocked" },
  { url: "https://o-empty.example/", body_markdown: "" },
];

describe("determinism", () => {
  it("gives byte-identical output for the same input", () => {
    for (const mode of ["auto", "index", "full"] as const) {
      const request = { query: "determinism", results, token_budget: 2500, mode, views: ["search_result_blocks" as const] };
      const a = JSON.stringify(formatResults(request));
      const b = JSON.stringify(formatResults(structuredClone(request)));
      expect(b).toBe(a);
    }
  });

  it("does not depend on the key order of input objects", () => {
    const shuffledKeys = results.map((r) => Object.fromEntries(Object.entries(r).reverse()) as FormatInputResult);
    const a = formatResults({ query: "q", results, token_budget: 3000 });
    const b = formatResults({ query: "q", results: shuffledKeys, token_budget: 3000 });
    expect(b.markdown).toBe(a.markdown);
    expect(b.sidecar.next_cursor).toBe(a.sidecar.next_cursor);
  });
});

describe("search_result blocks view", () => {
  it("has the Anthropic search_result shape, non-empty text, citations on every block", () => {
    const out = formatResults({ query: "q", results, token_budget: 5000, views: ["search_result_blocks"] });
    const blocks = out.search_result_blocks!;
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(Object.keys(block).sort()).toEqual(["citations", "content", "source", "title", "type"]);
      expect(block.type).toBe("search_result");
      expect(typeof block.source).toBe("string");
      expect(block.title.length).toBeGreaterThan(0);
      expect(block.content.length).toBeGreaterThan(0);
      for (const part of block.content) {
        expect(part.type).toBe("text");
        expect(part.text.trim().length).toBeGreaterThan(0);
      }
      expect(block.citations).toEqual({ enabled: true });
    }
    // Failed and empty items have no text to cite, so they carry no block.
    const sources = blocks.map((b) => b.source);
    expect(sources).not.toContain("https://o-fail.example/");
    expect(sources).not.toContain("https://o-empty.example/");
  });

  it("is absent unless asked for", () => {
    expect(formatResults({ query: "q", results }).search_result_blocks).toBeUndefined();
  });
});

describe("sidecar", () => {
  it("mirrors the input fields and reports page facts", () => {
    const out = formatResults({ query: "q", results, token_budget: 20_000, mode: "full" });
    const s = out.sidecar;
    expect(s.input_count).toBe(15);
    expect(s.total_results).toBe(14);
    expect(s.tokenizer).toBe("cl100k_base");
    expect(s.next_cursor).toBeNull();
    expect(s.dedup).toEqual({ threshold: 0.9, num_perm: 128, shingle_size: 4, band_size: 8 });
    const first = s.results[0]!;
    expect(first).toMatchObject({ id: "r1", rank: 1, url: "https://o0.example/", handle: "h0", page_type: "article", published: "2026-01-02", quality_score: 0.75, status: "ok", rest: null });
    expect(s.results[1]!.duplicates).toEqual(["https://o-dup.example/"]);
    expect(s.results.find((r) => r.url === "https://o-fail.example/")!.status).toBe("failed:blocked");
    expect(out.markdown).toContain("Duplicates folded here: https://o-dup.example/ (minhash ");
  });

  it("gives a result without a body (a search snippet only) a null body_markdown, as the contract requires", async () => {
    const envelope = await formatDocument({ query: "q", results: [{ url: "https://s.example/", title: "S", snippet: "Only a snippet from the engine." }] });
    expect(envelope.error).toBeNull();
    expect(envelope.data!.sidecar.results[0]).toMatchObject({ url: "https://s.example/", body_markdown: null, content_source: "snippet", status: "ok" });
  });
});

describe("request validation (the contract's schema, at the entry point)", () => {
  const cases: Array<[unknown, string]> = [
    [null, "(root)"],
    [{ query: "q" }, "results"],
    [{ query: "q", results: [{ title: "no url" }] }, "results[0].url"],
    [{ query: "q", results: [{ url: "u", score: "high" }] }, "results[0].score"],
    [{ query: "q", results: [{ url: "u", status: "failed:HTTP 503" }] }, "results[0].status"],
    [{ query: "q", results: [], token_budget: 10.5 }, "token_budget"],
    [{ query: "q", results: [], token_budget: 2_000_001 }, "token_budget"],
    [{ query: "q", results: [], mode: "everything" }, "mode"],
    [{ query: "q", results: [], dedup: { threshold: 0 } }, "dedup.threshold"],
    [{ query: "q", results: [], dedup: { bands: 4 } }, "dedup.bands"],
    [{ query: "q", results: [], char_budget: { top_n: 1, total_chars: -1, per_item_chars: 5 } }, "char_budget.total_chars"],
    [{ query: "q", results: [], char_budget: { top_n: 1, per_item_chars: 5 } }, "char_budget.total_chars"],
    [{ query: "q", results: [], page_size: 0 }, "page_size"],
    [{ query: "q", results: [], views: ["html"] }, "views[0]"],
    [{ query: "q", results: [], cursor: "garbage" }, "cursor"],
  ];
  for (const [request, field] of cases) {
    it(`names the bad field: ${field}`, async () => {
      const envelope = await formatDocument(request);
      expect(envelope.ok).toBe(false);
      expect(envelope.error?.code).toBe("invalid_request");
      expect(envelope.error?.details?.["field"]).toBe(field);
    });
  }

  it("formats an empty result list", () => {
    const out = formatResults({ query: "nothing", results: [] });
    expect(out.markdown).toContain("no results");
    expect(out.sidecar.results).toEqual([]);
    expect(out.sidecar.next_cursor).toBeNull();
  });
});
