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
});
