import { describe, expect, it } from "vitest";
import { filterBlocks } from "../src/core/blocks/block-filter.js";
import { KEEP_BLOCK_ATTRIBUTE } from "../src/core/blocks/block-list.js";
import { BLOCK_FEATURE_NAMES } from "../src/core/blocks/block-features.js";
import weights from "../src/core/blocks/block-weights.json" with { type: "json" };
import { parseHtml } from "../src/core/dom.js";
import { toPlainText } from "../src/core/plain-text.js";

const para = (i: number) =>
  `<p>The council's transport committee heard ${i + 3} hours of evidence on the tram extension, and residents on both sides of the river argued about the route, the cost and the years of roadworks it would bring.</p>`;

const content = (body: string): Element =>
  parseHtml(`<!doctype html><html><body><article id="c">${body}</article></body></html>`).getElementById("c")!;

const article = { pageType: "article" as const, via: "main-heuristic" as const, title: "Tram extension approved", description: null };

describe("the shipped block classifier", () => {
  it("was trained on today's features (a feature change without retraining would switch the filter off)", () => {
    // Retrain with: node bench/train-blocks.mjs --corpus DIR --model trees --rounds 100 --depth 4 --write
    expect(weights.features).toEqual(BLOCK_FEATURE_NAMES);
    expect(weights.kind).toBe("trees");
    expect(Object.keys(weights.thresholds).length).toBeGreaterThan(0);
  });

  it("drops an unmarked breadcrumb and share row from an article and keeps its paragraphs", () => {
    const el = content(`<h1>Tram extension approved</h1>
      <div><a href="/news">News</a> › <a href="/news/local">Local</a></div>
      <div><a href="#">Facebook</a> <a href="#">Twitter</a> <a href="#">Email</a></div>
      ${[0, 1, 2, 3, 4, 5].map(para).join("")}`);
    expect(filterBlocks(el, article)).toBeGreaterThan(0);
    const text = toPlainText(el);
    expect(text).not.toContain("Facebook Twitter");
    expect(text).not.toContain("News › Local");
    for (let i = 0; i < 6; i++) expect(text).toContain(`heard ${i + 3} hours of evidence`);
  });

  it("keeps every long paragraph of an article, even word for word repeated ones", () => {
    const el = content(`<h1>Tram extension approved</h1>${para(0).repeat(40)}`);
    filterBlocks(el, article);
    expect(toPlainText(el).match(/hours of evidence/g)).toHaveLength(40);
  });

  it("never drops a marked block (a forum post's author and date line)", () => {
    const posts = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => `<section><p ${KEEP_BLOCK_ATTRIBUTE}><strong>user_${i} · March ${i + 1}, 2025</strong></p>${para(i)}</section>`)
      .join("");
    const el = content(`<h1>Printer jams</h1>${posts}`);
    filterBlocks(el, { pageType: "forum", via: "page-type", title: "Printer jams", description: null });
    const text = toPlainText(el);
    for (let i = 0; i < 8; i++) expect(text).toContain(`user_${i} · March ${i + 1}, 2025`);
  });

  it("drops a post's author and date line once every other block of that post is dropped", () => {
    const post = (i: number, body: string) => `<section><p ${KEEP_BLOCK_ATTRIBUTE}><strong>user_${i} · March ${i + 1}, 2025</strong></p>${body}</section>`;
    const posts = [0, 1, 2, 3, 4, 5].map((i) => post(i, para(i))).join("");
    const shareOnly = post(9, '<div class="share-bar"><a href="#">Share</a> <a href="#">Facebook</a> <a href="#">Twitter</a> <a href="#">Email</a></div>');
    const el = content(`<h1>Printer jams</h1>${posts}${shareOnly}`);
    filterBlocks(el, { pageType: "forum", via: "page-type", title: "Printer jams", description: null });
    const text = toPlainText(el);
    expect(text).not.toContain("Facebook");
    expect(text).not.toContain("user_9");
    for (let i = 0; i < 6; i++) expect(text).toContain(`user_${i} · March ${i + 1}, 2025`);
  });

  it("leaves content alone when dropping would keep too little of it", () => {
    // Alone, the share row and the related link score under the threshold and the breadcrumb just over it:
    // dropping them would keep 2 of 7 words, under MIN_KEPT_SHARE, so nothing goes.
    const alone = content(`<nav class="breadcrumb"><a href="/news">News</a> › <a href="/news/local">Local</a></nav>
      <div class="share"><a href="#">Facebook</a> <a href="#">Twitter</a></div><div class="related"><a href="/a">Bus lanes to be reviewed</a></div>`);
    const before = toPlainText(alone);
    expect(filterBlocks(alone, article)).toBe(0);
    expect(toPlainText(alone)).toBe(before);
  });
});
