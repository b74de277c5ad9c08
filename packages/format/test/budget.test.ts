import { describe, expect, it } from "vitest";
import { formatResults } from "../src/core/format-results.js";
import { formatDocument } from "../src/index.js";
import { countTokens } from "../src/core/tokens.js";
import type { FormatInputResult } from "@websift/contracts";
import { editWords, makeText, result } from "./helpers.js";

// A realistic mix: long and short bodies, Markdown, non-ASCII, special-token text, a failure, duplicates.
function corpus(): FormatInputResult[] {
  const items: FormatInputResult[] = [];
  for (let i = 0; i < 40; i++) {
    let body = makeText(500 + i, 100 + ((i * 137) % 900));
    if (i % 5 === 0) body = `# Heading ${i}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n\n${body}`;
    if (i % 7 === 0) body += "\n\nÜmlaute, 日本語のテキスト, emoji 🚀🚀, and <|endoftext|> as plain text.";
    items.push(result(`https://site${i}.example/page`, body, { score: 1 - i / 100, ...(i % 3 === 0 ? { handle: `h_${i}` } : {}) }));
  }
  items.push(result("https://dup.example/copy", editWords(items[3]!.body_markdown!, 200), { score: 0.1 }));
  items.push({ url: "https://failed.example/", title: "Failed", status: "failed:timeout" });
  items.push({ url: "https://snippet-only.example/", title: "Snippet", snippet: "Only a snippet here." });
  return items;
}

const BUDGETS = [500, 750, 1000, 1500, 2000, 3000, 5000, 8000, 12_000, 20_000];

describe("token budget", () => {
  const input = corpus();
  const inputByUrl = new Map(input.map((r) => [r.url, r]));

  for (const mode of ["auto", "index", "full"] as const) {
    it(`never exceeds the budget, and keeps every body verbatim (mode ${mode})`, () => {
      for (const budget of BUDGETS) {
        const out = formatResults({ query: "budget test", results: input, token_budget: budget, mode });
        const tokens = countTokens(out.markdown);
        expect(tokens, `budget ${budget}`).toBeLessThanOrEqual(budget);
        expect(out.sidecar.token_count).toBe(tokens);
        expect(out.sidecar.results.length).toBeGreaterThan(0);
        for (const item of out.sidecar.results) {
          const original = inputByUrl.get(item.url)!;
          expect(item.body_markdown).toBe(original.body_markdown ?? null);
        }
      }
    });
  }

  it("holds for every budget from 500 to 20,000 in steps of 500 (auto)", () => {
    for (let budget = 500; budget <= 20_000; budget += 500) {
      const out = formatResults({ query: "sweep", results: input, token_budget: budget });
      expect(countTokens(out.markdown), `budget ${budget}`).toBeLessThanOrEqual(budget);
    }
  });

  it("says how to get the rest of every cut item: its handle, else its id and URL", () => {
    const out = formatResults({ query: "q", results: corpus(), token_budget: 3000, mode: "full" });
    const cut = out.sidecar.results.filter((r) => r.status === "truncated" || r.status === "skipped_budget_exhausted");
    expect(cut.length).toBeGreaterThan(0);
    for (const item of cut) {
      expect(item.rest).toBe(item.handle !== null ? `open handle \`${item.handle}\`` : `${item.id} in the JSON sidecar, or fetch the URL`);
      expect(out.markdown).toContain(item.rest!);
    }
  });

  it("inlines a verbatim prefix of each body and reports its size", () => {
    const out = formatResults({ query: "q", results: corpus(), token_budget: 6000, mode: "full" });
    for (const item of out.sidecar.results) {
      if (item.inlined_chars === 0) continue;
      const prefix = (item.body_markdown ?? item.snippet ?? "").slice(0, item.inlined_chars);
      expect(out.markdown).toContain(prefix);
      expect(item.inlined_tokens).toBe(countTokens(prefix));
    }
  });

  it("fits the smallest accepted budget with an ordinary query", () => {
    const out = formatResults({ query: "proxmox thin pool metadata exhaustion recovery", results: corpus(), token_budget: 200 });
    expect(countTokens(out.markdown)).toBeLessThanOrEqual(200);
    expect(out.sidecar.results.length).toBeGreaterThan(0);
    expect(out.sidecar.next_cursor).not.toBeNull();
  });

  it("fits the smallest accepted budget whatever the query: the header cuts it by tokens", () => {
    for (const query of ["👨‍👩‍👧‍👦".repeat(60), "\u0800\u0fff".repeat(100), "!#%&/(".repeat(40), "x".repeat(5000)]) {
      const out = formatResults({ query, results: corpus(), token_budget: 200 });
      expect(countTokens(out.markdown)).toBeLessThanOrEqual(200);
      expect(out.sidecar.results.length).toBeGreaterThan(0);
    }
  });

  it("refuses a budget below the schema's minimum at the entry point", async () => {
    const envelope = await formatDocument({ query: "q", results: corpus(), token_budget: 50 });
    expect(envelope.error).toMatchObject({ code: "invalid_request", details: { field: "token_budget" } });
  });

  it("fits even when one title and URL are huge", () => {
    const huge = [result(`https://x.example/${"p".repeat(5000)}`, makeText(9, 2000), { title: "T ".repeat(3000) })];
    const out = formatResults({ query: "q ".repeat(1000), results: huge, token_budget: 400 });
    expect(countTokens(out.markdown)).toBeLessThanOrEqual(400);
    expect(out.sidecar.results).toHaveLength(1);
  });
});

describe("char budget (top_n, total_chars, per_item_chars)", () => {
  const bodies = [makeText(1, 50), makeText(2, 400), makeText(3, 400), makeText(4, 400), makeText(5, 400)];
  const input: FormatInputResult[] = [
    ...bodies.map((b, i) => result(`https://c${i}.example/`, b, i === 2 ? { handle: "h2" } : {})),
    { url: "https://empty.example/", body_markdown: "" },
    { url: "https://failed.example/", status: "failed:http_503" },
  ];
  const perItem = 1200;
  const total = bodies[0]!.length + perItem + 500;

  it("reports ok | truncated | skipped_budget_exhausted | empty | failed per item", () => {
    const out = formatResults({
      query: "q",
      results: input,
      mode: "full",
      token_budget: 20_000,
      char_budget: { top_n: 4, total_chars: total, per_item_chars: perItem },
    });
    const statuses = out.sidecar.results.map((r) => [r.status, r.limited_by]);
    expect(statuses).toEqual([
      ["ok", null],
      ["truncated", "per_item_chars"],
      ["truncated", "total_chars"],
      ["skipped_budget_exhausted", "total_chars"],
      ["skipped_budget_exhausted", "top_n"],
      ["empty", null],
      ["failed:http_503", null],
    ]);
    const used = out.sidecar.results.reduce((n, r) => n + r.inlined_chars!, 0);
    expect(used).toBeLessThanOrEqual(total);
    expect(out.sidecar.char_budget).toEqual({ top_n: 4, total_chars: total, per_item_chars: perItem, chars_used: used });
    expect(out.sidecar.results[1]!.inlined_chars).toBeLessThanOrEqual(perItem);
    expect(out.markdown).toContain("rest: open handle `h2`");
  });
});
