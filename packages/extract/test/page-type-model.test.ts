import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { classifyPageType } from "../src/core/page-type.js";
import { FEATURE_NAMES, PAGE_TYPES } from "../src/core/page-type-features.js";
import { predictPageType } from "../src/core/page-type-model.js";
import weights from "../src/core/page-type-weights.json" with { type: "json" };

const product = `<html><body><main><h1>Wool socks</h1><p class="price">$12.00</p>
  <form action="/cart/add"><button>Add to cart</button></form><p>Warm socks for winter walks.</p></main></body></html>`;

describe("page-type classifier", () => {
  it("ships weights that fit the feature list (retrain with bench/train-page-type.mjs --write when features change)", () => {
    expect(weights.mean).toHaveLength(FEATURE_NAMES.length);
    expect(weights.scale).toHaveLength(FEATURE_NAMES.length);
    expect(weights.weights).toHaveLength(PAGE_TYPES.length);
    for (const row of weights.weights) expect(row).toHaveLength(FEATURE_NAMES.length);
  });

  it("leaves the rules standing when the feature vector does not fit the weights", () => {
    expect(predictPageType([1, 2, 3])).toBeNull();
  });

  it("reads the rules' answer and one value per feature on the extraction path", () => {
    const doc = parseHtml(product);
    const r = classifyPageType(doc, "https://shop.example.com/products/wool-socks", [], null, { dated: false, byline: false });
    expect(r.rulesType).toBe("product");
    expect(r.features).toHaveLength(FEATURE_NAMES.length);
    expect(r.features?.slice(0, PAGE_TYPES.length)).toEqual(PAGE_TYPES.map((t) => (t === "product" ? 1 : 0)));
    expect(r.type).toBe("product");
  });

  it("keeps the rules alone without authorship evidence", () => {
    const r = classifyPageType(parseHtml(product), "https://shop.example.com/products/wool-socks", [], null);
    expect(r.features).toBeUndefined();
    expect(r.type).toBe("product");
  });

  it("reads the title's words and how the text addresses its reader", () => {
    const landing = parseHtml(`<html><body><h1>Roof repair</h1><p>We repair roofs. Our crews answer within a day, and we
      guarantee our work. Contact us or get a quote today.</p></body></html>`);
    const value = (features: number[] | undefined, name: string): number | undefined => features?.[FEATURE_NAMES.indexOf(name)];
    const service = classifyPageType(landing, "https://roofs.example.com/", [], null, { dated: false, byline: false, title: "Roof Repair Services | Acme" }).features;
    expect(value(service, "title_service")).toBe(1);
    expect(value(service, "title_question")).toBe(0);
    // 4 of the 23 words are we/our (the "us" of "contact us" counts as a call to action): 174 per 1,000, capped at 20.
    expect(value(service, "we_per_1000_words")).toBe(20);
    expect(value(service, "i_per_1000_words")).toBe(0);
    expect(value(service, "calls_to_action")).toBeCloseTo(Math.log1p(2));

    const post = parseHtml(`<html><body><h1>How I fixed my roof</h1><p>${"I climbed up with a bucket of tar and some patience. ".repeat(20)}</p>
      <p>Posted on 3 May. Read more</p></body></html>`);
    const article = classifyPageType(post, "https://blog.example.com/roof", [], "article", { dated: true, byline: true, title: "How I fixed my roof in 2024" }).features;
    expect(value(article, "title_question")).toBe(1);
    expect(value(article, "title_year")).toBe(1);
    expect(value(article, "title_service")).toBe(0);
    expect(value(article, "we_per_1000_words")).toBe(0);
    expect(value(article, "i_per_1000_words")).toBeGreaterThan(5);
    expect(value(article, "post_marks")).toBeCloseTo(Math.log1p(2));
  });

  it("sets no title word without a title", () => {
    const r = classifyPageType(parseHtml(product), "https://shop.example.com/products/wool-socks", [], null, { dated: false, byline: false });
    for (const name of FEATURE_NAMES.filter((n) => n.startsWith("title_"))) expect(r.features?.[FEATURE_NAMES.indexOf(name)]).toBe(0);
  });
});
