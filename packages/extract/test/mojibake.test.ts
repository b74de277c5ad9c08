import { describe, expect, it } from "vitest";
import { extractPage } from "../src/core/extract-page.js";
import { repairDoubleEncoding } from "../src/core/mojibake.js";

describe("text encoded to UTF-8 twice", () => {
  it("is repaired whether the bytes were read as Latin-1 or as Windows-1252", () => {
    expect(repairDoubleEncoding("itertools \u00e2\u0080\u0094 Functions")).toBe("itertools — Functions");
    expect(repairDoubleEncoding("A DIY Investor\u00e2\u0080\u0099s Guide")).toBe("A DIY Investor’s Guide");
    expect(repairDoubleEncoding("caf\u00c3\u00a9 \u00e2\u20ac\u201d JOHNSON\u00e2\u20ac\u2122S\u00c2\u00ae")).toBe("café — JOHNSON’S®");
    expect(repairDoubleEncoding("\u00f0\u0178\u02dc\u20ac smile")).toBe("😀 smile");
  });

  it("leaves ordinary accented text and lone look-alikes as written", () => {
    for (const text of ["São Paulo, à la carte, naïve façade, Ærø", "Ã alone", "£10 or ½ price", "Ελληνικά и русский", "\u00c3 \u00a9"]) {
      expect(repairDoubleEncoding(text)).toBe(text);
    }
    // Runs whose bytes would be an overlong form (E0 80 80) or a surrogate (ED A0 80) are not UTF-8 and stay.
    expect(repairDoubleEncoding("a\u00e0\u0080\u0080b")).toBe("a\u00e0\u0080\u0080b");
    expect(repairDoubleEncoding("a\u00ed\u00a0\u0080b")).toBe("a\u00ed\u00a0\u0080b");
  });

  it("gives a clean title and text for a page that was double-encoded", async () => {
    const html = `<html><head><title>itertools \u00e2\u0080\u0094 Functions creating iterators</title></head><body><main><h1>itertools \u00e2\u0080\u0094 Functions creating iterators</h1>
      <p>This module\u00e2\u0080\u0099s functions build fast, memory-efficient iterators; each one is described below with an example of its use in a loop.</p></main></body></html>`;
    const r = await extractPage({ url: "https://docs.example.test/library/itertools.html", html, format: "text" });
    expect(r.title).toBe("itertools — Functions creating iterators");
    expect(r.content_text).toContain("This module’s functions");
    expect(r.content_text).not.toMatch(/\u00e2/);
  });

  it("cannot smuggle markup or invisible characters past the later passes", async () => {
    // A repaired run is always one character at U+0080 or above, never "<" or ">"; a repaired zero-width space
    // or right-to-left override is removed from the text like one written directly.
    expect(repairDoubleEncoding("\u00c3\u00bc")).toBe("ü");
    const html = `<html><head><title>T</title></head><body><main><p>Pay the invoice\u00e2\u20ac\u2039 at the desk\u00e2\u20ac\u00ae today, then keep the receipt for the office records and the annual audit next spring.</p></main></body></html>`;
    const r = await extractPage({ url: "https://shop.example.test/invoice", html, format: "text" });
    expect(r.content_text).toContain("Pay the invoice at the desk today");
    expect(r.content_text).not.toMatch(/[\u200b\u202e]/);
  });
});
