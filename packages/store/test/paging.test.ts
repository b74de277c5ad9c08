import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, paginate } from "../src/core/paging.js";

const SAMPLES: Record<string, string> = {
  prose: Array.from({ length: 40 }, (_, i) => `## Section ${i}\n\nParagraph ${i} with some words in it.\nSecond line.\n`).join("\n"),
  unicode: "Ünïcödé — 😀👩‍👩‍👧‍👦 e\u0301 漢字かなカナ 한국어 עברית العربية\n".repeat(50),
  crlf: "line one\r\nline two\r\n\r\nparagraph two\r\n".repeat(30),
  noWhitespace: "😀".repeat(500) + "x".repeat(777),
  empty: "",
};

function lone(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

describe("paginate", () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    for (const tokens of [1, 3, 10, 50, 500, 100_000]) {
      it(`joins back to the original (${name}, ${tokens} tokens)`, () => {
        const pages = paginate(text, tokens);
        const joined = pages.map((p) => text.slice(p.start, p.end)).join("");
        expect(Buffer.from(joined, "utf8").equals(Buffer.from(text, "utf8"))).toBe(true);
        for (const p of pages) {
          const content = text.slice(p.start, p.end);
          expect(lone(content)).toBe(false);
          // Only a single unsplittable character may exceed the budget.
          if (p.end - p.start > tokens * CHARS_PER_TOKEN) expect([...content].length).toBeLessThanOrEqual(2);
        }
      });
    }
  }

  it("prefers paragraph boundaries", () => {
    const text = `${"a ".repeat(150)}\n\n${"b ".repeat(150)}\n\n${"c ".repeat(150)}`;
    const pages = paginate(text, 100);
    expect(text.slice(pages[0]!.start, pages[0]!.end).endsWith("\n\n")).toBe(true);
  });
});
