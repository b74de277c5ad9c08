import { describe, expect, it } from "vitest";
import { countTokens, countTokensWithin, prefixWithinTokens, TOKENIZER_NAME } from "../src/core/tokens.js";
import { snapCut, truncateChars } from "../src/core/truncate.js";
import { decodeCursor, encodeCursor } from "../src/core/cursor.js";
import { CharBudgetTracker } from "../src/core/budget.js";

describe("tokens", () => {
  it("counts with cl100k_base and treats special-token text as plain text", () => {
    expect(TOKENIZER_NAME).toBe("cl100k_base");
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
    expect(countTokensWithin("hello world", 1)).toBe(false);
    expect(countTokensWithin("hello world", 2)).toBe(2);
  });

  it("returns a verbatim prefix within the token limit, even through multi-byte characters", () => {
    const text = "日本語のテキスト🚀 and emoji 🚀🚀🚀 mixed with Ümlaute ".repeat(40);
    for (const limit of [1, 3, 7, 20, 100, 5000]) {
      const prefix = prefixWithinTokens(text, limit);
      expect(text.startsWith(prefix)).toBe(true);
      expect(countTokens(prefix)).toBeLessThanOrEqual(limit);
    }
    expect(prefixWithinTokens(text, 0)).toBe("");
  });
});

describe("truncation", () => {
  it("prefers paragraph, then line, then word boundaries", () => {
    const text = "First paragraph here.\n\nSecond line one\nsecond line two words";
    expect(truncateChars(text, 30)).toBe("First paragraph here.");
    expect(truncateChars(text, 45)).toBe("First paragraph here.\n\nSecond line one");
    expect(truncateChars(text, 55)).toBe("First paragraph here.\n\nSecond line one");
    expect(truncateChars(text, 58)).toBe("First paragraph here.\n\nSecond line one\nsecond line two");
    expect(truncateChars(text, 1000)).toBe(text);
  });

  it("never splits a surrogate pair", () => {
    const text = "🚀".repeat(10);
    for (let max = 1; max < 20; max++) {
      const cut = snapCut(text, max);
      expect(cut % 2).toBe(0);
    }
  });
});

describe("cursor", () => {
  it("round-trips an offset for the same fingerprint", () => {
    const fp = "a".repeat(64);
    expect(decodeCursor(encodeCursor(7, fp), fp, 10)).toBe(7);
    expect(() => decodeCursor(encodeCursor(7, fp), "b".repeat(64), 10)).toThrow(/different/);
    expect(() => decodeCursor(encodeCursor(10, fp), fp, 10)).toThrow(/past/);
  });
});

describe("char budget tracker", () => {
  it("limits by top_n, per_item_chars and total_chars", () => {
    const tracker = new CharBudgetTracker({ top_n: 3, total_chars: 1000, per_item_chars: 600 });
    expect(tracker.allowance(0)).toEqual({ chars: 600, limitedBy: "per_item_chars" });
    tracker.consume(600);
    expect(tracker.allowance(1)).toEqual({ chars: 400, limitedBy: "total_chars" });
    tracker.consume(380, true);
    expect(tracker.allowance(2)).toEqual({ chars: 0, limitedBy: "total_chars" });
    expect(tracker.allowance(3)).toEqual({ chars: 0, limitedBy: "top_n" });
    expect(new CharBudgetTracker(null).allowance(99).chars).toBe(Number.POSITIVE_INFINITY);
  });
});
