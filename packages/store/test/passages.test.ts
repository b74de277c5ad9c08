import { describe, expect, it } from "vitest";
import { splitIntoPassages, MAX_PASSAGE_CHARS } from "../src/core/passages.js";

describe("splitIntoPassages", () => {
  it("cuts at ATX headings with spans into the original", () => {
    const md = "Intro line.\n\n# Title\n\nBody one.\n\n## Sub\n\nBody two.\n";
    const passages = splitIntoPassages(md);
    expect(passages.map((p) => p.heading)).toEqual(["", "Title", "Sub"]);
    expect(passages.map((p) => md.slice(p.start, p.end))).toEqual(["Intro line.", "# Title\n\nBody one.", "## Sub\n\nBody two."]);
  });

  it("ignores headings inside fenced code and understands setext headings", () => {
    const md = "Top\n===\n\ntext\n\n```sh\n# not a heading\n```\n\nSecond\n------\nmore\n";
    const passages = splitIntoPassages(md);
    expect(passages.map((p) => p.heading)).toEqual(["Top", "Second"]);
    expect(md.slice(passages[0]!.start, passages[0]!.end)).toContain("# not a heading");
  });

  it("splits an over-long section at paragraph boundaries, keeping the heading", () => {
    const paragraph = "word ".repeat(100).trim();
    const md = `# Long\n\n${Array.from({ length: 30 }, () => paragraph).join("\n\n")}\n`;
    const passages = splitIntoPassages(md);
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(p.heading).toBe("Long");
      expect(p.end - p.start).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect(md.slice(p.start, p.end).trim()).toBe(md.slice(p.start, p.end));
    }
  });

  it("gives nothing for blank input and handles CRLF", () => {
    expect(splitIntoPassages("")).toEqual([]);
    expect(splitIntoPassages("  \n\n")).toEqual([]);
    const md = "# A\r\n\r\nx\r\n# B\r\ny\r\n";
    expect(splitIntoPassages(md).map((p) => p.heading)).toEqual(["A", "B"]);
  });
});
