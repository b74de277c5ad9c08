import { describe, expect, it } from "vitest";
import { deduplicate } from "../src/core/dedup.js";
import { chooseBandSize } from "../src/core/dedup-minhash.js";
import { normalizeForDedup } from "../src/core/normalize.js";
import { shingleJaccard, shingleText } from "../src/core/shingles.js";
import { formatResults } from "../src/core/format-results.js";
import { UnionFind } from "../src/core/union-find.js";
import { editWords, makeText, result } from "./helpers.js";

const DEFAULTS = { threshold: 0.9, numPerm: 128, shingleSize: 4 };

describe("near-duplicate folding", () => {
  const base = makeText(1, 600);
  const other = makeText(2, 600);
  const results = [
    result("https://a.example/original", base, { score: 0.9 }),
    result("https://b.example/exact-copy", `# ${base.toUpperCase()}\n`, { score: 0.4 }), // exact after normalisation
    result("https://c.example/near-copy", editWords(base, 150), { score: 0.3 }), // ~4 of 600 words edited
    result("https://d.example/unrelated", other, { score: 0.8 }),
    result("https://e.example/half-rewrite", editWords(base, 12), { score: 0.7 }), // Jaccard ~0.5: related, not near
    result("https://f.example/near-other", editWords(other, 200), { score: 0.2 }),
  ];

  it("folds exactly the known exact and near duplicates", () => {
    const out = formatResults({ query: "q", results, token_budget: 20_000 });
    const dropped = out.sidecar.dropped_duplicates.map((d) => [d.url, d.duplicate_of, d.reason]);
    expect(dropped).toEqual([
      ["https://b.example/exact-copy", "https://a.example/original", "exact"],
      ["https://c.example/near-copy", "https://a.example/original", "minhash"],
      ["https://f.example/near-other", "https://d.example/unrelated", "minhash"],
    ]);
    expect(out.sidecar.results.map((r) => r.url)).toEqual([
      "https://a.example/original",
      "https://d.example/unrelated",
      "https://e.example/half-rewrite",
    ]);
    const near = out.sidecar.dropped_duplicates.find((d) => d.reason === "minhash")!;
    expect(near.similarity).toBeGreaterThanOrEqual(0.9);
    expect(near.similarity).toBeLessThan(1);
    expect(out.sidecar.dropped_duplicates[0]!.similarity).toBe(1);
  });

  it("keeps the best-scored member, whatever the arrival order", () => {
    const reversed = [...results].reverse();
    const out = formatResults({ query: "q", results: reversed, token_budget: 20_000 });
    expect(out.sidecar.results.map((r) => r.url).sort()).toEqual([
      "https://a.example/original",
      "https://d.example/unrelated",
      "https://e.example/half-rewrite",
    ]);
  });

  it("breaks score ties by URL, then by input index", () => {
    const body = makeText(3, 300);
    const outcome = deduplicate(
      [
        { id: "r1", url: "https://z.example/", score: 0.5, normalized: normalizeForDedup(body), content: "body_markdown" as const },
        { id: "r2", url: "https://a.example/", score: 0.5, normalized: normalizeForDedup(body), content: "body_markdown" as const },
        { id: "r3", url: "https://a.example/", score: 0.5, normalized: normalizeForDedup(body), content: "body_markdown" as const },
      ],
      DEFAULTS,
    );
    expect(outcome.kept).toEqual([1]);
    expect(outcome.dropped.map((d) => d.id)).toEqual(["r1", "r3"]);
  });

  it("treats a missing score as the lowest", () => {
    const body = makeText(4, 300);
    const outcome = deduplicate(
      [
        { id: "r1", url: "https://a.example/", score: undefined, normalized: normalizeForDedup(body), content: "body_markdown" as const },
        { id: "r2", url: "https://b.example/", score: 0.1, normalized: normalizeForDedup(body), content: "body_markdown" as const },
      ],
      DEFAULTS,
    );
    expect(outcome.kept).toEqual([1]);
  });

  it("honours a configurable threshold", () => {
    const loose = formatResults({ query: "q", results, token_budget: 20_000, dedup: { threshold: 0.3 } });
    expect(loose.sidecar.dropped_duplicates.map((d) => d.url)).toContain("https://e.example/half-rewrite");
    const strict = formatResults({ query: "q", results, token_budget: 20_000, dedup: { threshold: 1 } });
    expect(strict.sidecar.dropped_duplicates.map((d) => d.reason)).toEqual(["exact"]);
  });

  it("falls back to character shingles for short texts and still folds near copies", () => {
    const short = [
      result("https://a.example/s", "", { snippet: "Proxmox thin pool metadata exhaustion recovery guide", body_markdown: undefined }),
      result("https://b.example/s", "", { snippet: "Proxmox thin-pool metadata exhaustion recovery guides", body_markdown: undefined }),
      result("https://c.example/s", "", { snippet: "Completely different short snippet text here", body_markdown: undefined }),
    ];
    expect(shingleText(normalizeForDedup(short[0]!.snippet!), 4).kind).toBe("char");
    const out = formatResults({ query: "q", results: short, token_budget: 2000, dedup: { threshold: 0.8 } });
    expect(out.sidecar.dropped_duplicates.map((d) => d.url)).toEqual(["https://b.example/s"]);
  });

  it("does not fold failed or empty items with each other", () => {
    const out = formatResults({
      query: "q",
      results: [
        { url: "https://a.example/", status: "failed:timeout" },
        { url: "https://b.example/", status: "failed:timeout" },
        { url: "https://c.example/", body_markdown: "   " },
        { url: "https://d.example/", body_markdown: "" },
      ],
    });
    expect(out.sidecar.dropped_duplicates).toEqual([]);
    expect(out.sidecar.results.map((r) => r.status)).toEqual(["failed:timeout", "failed:timeout", "empty", "empty"]);
  });

  it("scales to many results with clusters (LSH, not all pairs)", () => {
    const many = [];
    for (let i = 0; i < 300; i++) many.push(result(`https://s${i}.example/`, makeText(100 + i, 200)));
    for (let i = 0; i < 100; i++) many.push(result(`https://copy${i}.example/`, editWords(makeText(100 + i, 200), 120), { score: 0.1 }));
    const out = formatResults({ query: "q", results: many, token_budget: 1000 });
    expect(out.sidecar.dropped_duplicates).toHaveLength(100);
    expect(out.sidecar.dropped_duplicates.every((d, i) => d.url === `https://copy${i}.example/` && d.reason === "minhash")).toBe(true);
    expect(out.sidecar.total_results).toBe(300);
  });
});

describe("dedup building blocks", () => {
  it("normalises case, punctuation, markup and Unicode compatibility forms", () => {
    expect(normalizeForDedup("  **Hello**,  World!\n\n— ｆｕｌｌwidth Ⅻ ")).toBe("hello world fullwidth xii");
    expect(normalizeForDedup("Straße café")).toBe("straße café");
    expect(normalizeForDedup("a-b_c")).toBe("a b c");
    expect(normalizeForDedup("...")).toBe("");
  });

  it("computes exact Jaccard on shingle sets", () => {
    const a = shingleText(normalizeForDedup(makeText(7, 100)), 4);
    expect(shingleJaccard(a, shingleText(normalizeForDedup(makeText(7, 100)), 4))).toBe(1);
    const b = shingleText(normalizeForDedup(makeText(8, 100)), 4);
    expect(shingleJaccard(a, b)).toBeLessThan(0.05);
    // 4 of 100 words edited: 16 of 97 four-grams change.
    const words = makeText(7, 100).split(" ");
    for (const i of [10, 35, 60, 85]) words[i] = "changed";
    const edited = shingleText(normalizeForDedup(words.join(" ")), 4);
    expect(shingleJaccard(a, edited)).toBeCloseTo(81 / 113, 1);
  });

  it("chooses LSH rows so recall at the threshold stays high", () => {
    expect(chooseBandSize(0.9, 128)).toBe(8);
    const rows = chooseBandSize(0.5, 128);
    const recall = 1 - Math.pow(1 - Math.pow(0.5, rows), 128 / rows);
    expect(recall).toBeGreaterThanOrEqual(0.995);
  });

  it("union-find groups members in input order", () => {
    const sets = new UnionFind(6);
    sets.union(4, 1);
    sets.union(5, 2);
    sets.union(2, 4);
    expect(sets.groups()).toEqual([[0], [1, 2, 4, 5], [3]]);
    expect(sets.union(1, 5)).toBe(false);
  });
});

describe("URL twins (websift's one URL identity)", () => {
  it("folds results that are one page by URL, keeping the one with content, whatever their bodies say", () => {
    const body = makeText(7, 300);
    const out = formatResults({
      query: "q",
      token_budget: 20_000,
      results: [
        { url: "https://www.example.org/a?id=3&utm_source=feed", title: "Snippet only", snippet: "a short teaser", score: 0.9 },
        result("https://example.org/a?spm=1.2&id=3", body, { score: 0.5 }),
        result("https://example.org/a?id=3#comments", makeText(8, 300), { score: 0.4 }),
        result("https://example.org/a?id=4", makeText(9, 300), { score: 0.3 }),
      ],
    });
    expect(out.sidecar.results.map((r) => r.url)).toEqual(["https://example.org/a?spm=1.2&id=3", "https://example.org/a?id=4"]);
    expect(out.sidecar.dropped_duplicates.map((d) => [d.url, d.duplicate_of, d.reason])).toEqual([
      ["https://www.example.org/a?id=3&utm_source=feed", "https://example.org/a?spm=1.2&id=3", "url"],
      ["https://example.org/a?id=3#comments", "https://example.org/a?spm=1.2&id=3", "url"],
    ]);
    // No body to compare for the snippet-only twin; two different bodies compare low.
    expect(out.sidecar.dropped_duplicates.map((d) => d.similarity)).toEqual([0, expect.any(Number)]);
    expect(out.sidecar.dropped_duplicates[1]!.similarity).toBeLessThan(0.5);
  });

  it("leaves results that are not absolute http(s) URLs to the content rules", () => {
    const out = formatResults({ query: "q", token_budget: 20_000, results: [result("doc-1", makeText(3, 200)), result("doc-1", makeText(4, 200))] });
    expect(out.sidecar.dropped_duplicates).toEqual([]);
  });
});
