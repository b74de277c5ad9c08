import { describe, expect, it } from "vitest";
import { blockFeatures, BLOCK_FEATURE_NAMES } from "../src/core/blocks/block-features.js";
import { listBlocks, removeBlock } from "../src/core/blocks/block-list.js";
import { parseHtml } from "../src/core/dom.js";
import { toPlainText } from "../src/core/plain-text.js";
import { countWords } from "../src/core/text.js";

const root = (body: string): Element => {
  const doc = parseHtml(`<!doctype html><html><body><div id="root">${body}</div></body></html>`);
  return doc.getElementById("root")!;
};

describe("text blocks", () => {
  it("puts every word of the content in exactly one block", () => {
    const el = root(`<h1>Heat pumps</h1><div class="intro">Lead text with <b>bold</b> words
      <p>A nested paragraph of prose.</p> and a tail after it</div>
      <ul><li><a href="/a">First link</a></li><li>Second item</li></ul><table><tr><td>Cell one</td><td>Cell two</td></tr></table>
      <script>var hidden = "not text";</script><button>Buy now</button>`);
    const blocks = listBlocks(el);
    expect(blocks.map((b) => b.text)).toEqual([
      "Heat pumps",
      "Lead text with bold words",
      "A nested paragraph of prose.",
      "and a tail after it",
      "First link",
      "Second item",
      "Cell one",
      "Cell two",
    ]);
    expect(blocks.reduce((n, b) => n + b.words, 0)).toBe(countWords(toPlainText(el)));
    expect(blocks.find((b) => b.text === "First link")?.linkWords).toBe(2);
    expect(blocks.find((b) => b.text === "Second item")?.linkWords).toBe(0);
  });

  it("removes a mixed block's own text and leaves its nested blocks", () => {
    const el = root(`<div>Shop furniture words <p>The paragraph that stays.</p> more furniture</div>`);
    const blocks = listBlocks(el);
    for (const b of blocks.filter((b) => b.text.includes("furniture"))) removeBlock(b);
    expect(toPlainText(el)).toBe("The paragraph that stays.");
  });

  it("describes each block with one number per feature name", () => {
    const el = root(`<h1>Oak desk</h1><p class="price">$499.00</p><div class="product-description"><p>Solid oak top, steel frame and a
      five-year warranty. It ships flat and takes twenty minutes to build.</p></div><div class="related"><a href="/x">Walnut desk</a></div>`);
    const blocks = listBlocks(el);
    const rows = blockFeatures(blocks, el, { pageType: "product", via: "main-heuristic", title: "Oak desk", description: "Solid oak top and steel frame" });
    expect(rows).toHaveLength(blocks.length);
    for (const row of rows) {
      expect(row).toHaveLength(BLOCK_FEATURE_NAMES.length);
      for (const v of row) expect(Number.isFinite(v)).toBe(true);
    }
    const col = (name: string) => BLOCK_FEATURE_NAMES.indexOf(name);
    const price = rows[1]!;
    const prose = rows[2]!;
    const related = rows[3]!;
    expect(rows[0]![col("same_as_title")]).toBe(1);
    expect(price[col("currency")]).toBe(1);
    expect(price[col("self_commerce")]).toBe(1);
    expect(prose[col("anc_content")]).toBe(1);
    expect(prose[col("description_overlap")]).toBeGreaterThan(0.3);
    expect(prose[col("ends_sentence")]).toBe(1);
    expect(related[col("self_related")]).toBe(1);
    expect(related[col("link_density")]).toBe(1);
    expect(related[col("after_last_prose")]).toBe(1);
    expect(price[col("before_first_prose")]).toBe(1);
  });
});
