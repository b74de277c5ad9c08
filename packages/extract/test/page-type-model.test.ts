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
    // 4 + 6 + 90 * 3 = 280 words with the heading: 4 we/our (the "us" of "contact us" is a call to action),
    // 1 you, no I (not the "i" of "i.e.", nor the "me" of "même"), so rates stay under the cap of 20.
    const landing = parseHtml(`<html><body><h1>Roof repair in town</h1>
      <p>We repair roofs. Our crews answer quickly, and we
      guarantee our work: contact us or get a quote, i.e. you call.</p><p>${"Slate and tile. ".repeat(90)}</p><p>même</p></body></html>`);
    const value = (features: number[] | undefined, name: string): number | undefined => features?.[FEATURE_NAMES.indexOf(name)];
    const service = classifyPageType(landing, "https://roofs.example.com/", [], null, { dated: false, byline: false, title: "Roof Repair Services | Acme" }).features;
    const words = (landing.body?.textContent ?? "").split(/\s+/).filter(Boolean).length;
    expect(value(service, "title_service")).toBe(1);
    expect(value(service, "title_question")).toBe(0);
    expect(value(service, "we_per_1000_words")).toBeCloseTo((1000 * 4) / words);
    expect(value(service, "you_per_1000_words")).toBeCloseTo(1000 / words);
    expect(value(service, "i_per_1000_words")).toBe(0);
    expect(value(service, "calls_to_action")).toBeCloseTo(Math.log1p(2));

    const post = parseHtml(`<html><body><h1>How I fixed my roof</h1><p>${"Tar and patience did it. ".repeat(40)}</p>
      <p>I climbed up. Posted on 3 May. Read more. Facebook and unpublished notes.</p></body></html>`);
    const article = classifyPageType(post, "https://blog.example.com/roof", [], "article", { dated: true, byline: true, title: "How I fixed my roof in 2024" }).features;
    expect(value(article, "title_question")).toBe(1);
    expect(value(article, "title_year")).toBe(1);
    expect(value(article, "title_service")).toBe(0);
    expect(value(article, "we_per_1000_words")).toBe(0);
    // "How I fixed my roof" (I, my) and "I climbed": 3.
    const postWords = (post.body?.textContent ?? "").split(/\s+/).filter(Boolean).length;
    expect(value(article, "i_per_1000_words")).toBeCloseTo((1000 * 3) / postWords);
    // "Posted on", "Read more"; not the "book a" of "Facebook and" nor the "published" of "unpublished".
    expect(value(article, "post_marks")).toBeCloseTo(Math.log1p(2));
    expect(value(article, "calls_to_action")).toBe(0);
  });

  it("gives the same features whether the caller passes the body text it read or not", () => {
    const doc = parseHtml(product);
    const evidence = { dated: false, byline: false, title: "Wool socks" };
    const own = classifyPageType(doc, "https://shop.example.com/products/wool-socks", [], null, evidence).features;
    const passed = classifyPageType(doc, "https://shop.example.com/products/wool-socks", [], null, { ...evidence, bodyText: doc.body?.textContent ?? "" }).features;
    expect(passed).toEqual(own);
  });

  it("sets no title word without a title", () => {
    const r = classifyPageType(parseHtml(product), "https://shop.example.com/products/wool-socks", [], null, { dated: false, byline: false });
    for (const name of FEATURE_NAMES.filter((n) => n.startsWith("title_"))) expect(r.features?.[FEATURE_NAMES.indexOf(name)]).toBe(0);
  });
});
