import { describe, expect, it } from "vitest";
import { extractPage } from "../src/core/extract-page.js";

const DESCRIPTION = "A wheel-thrown stoneware mug in a speckled white glaze, fired twice in our Melbourne studio and finished by hand.";
const CREDIT = "Photographs courtesy of the Valley Conservancy, used with permission for this listing only.";

const productPage = `<!doctype html><html lang="en"><head><title>Speckle Mug | Clayworks</title>
<meta property="og:type" content="product"></head><body>
<div class="sticky-bar"><div class="product-name d-none d-lg-block">Speckle Mug in White Glaze Stoneware</div><button>Add to cart</button></div>
<main><div class="product-detail">
<div class="title-wrap hidden-xs"><h1 class="product-name">Speckle Mug in White Glaze Stoneware</h1></div>
<div class="product-price">$60.00</div>
<div class="product-description hidden-down-md"><p>${DESCRIPTION}</p><p>Holds 350 ml; dishwasher and microwave safe.</p></div>
<div class="shipping mobile-only"><p>Ships from Melbourne in three business days, tracked.</p></div>
<div class="shipping desktop-only"><p>Tracked shipping from our Melbourne studio, usually within three business days.</p></div>
<form><button>Add to cart</button></form>
<div class="product-description hidden-up-md product-description-spacing-mobile"><p>${DESCRIPTION}</p><p>Holds 350 ml; dishwasher and microwave safe.</p></div>
<section class="gallery">
<div class="shot"><h3>Morning light</h3><p>${CREDIT}</p></div>
<div class="shot"><h3>On the shelf</h3><p>${CREDIT}</p></div>
</section>
</div></main></body></html>`;

describe("responsive variants", () => {
  it("keeps one copy of a block written for narrow and for wide screens", async () => {
    const r = await extractPage({ url: "https://clayworks.example/shop/p/speckle-mug", html: productPage });
    expect(r.content_text.split("wheel-thrown stoneware mug")).toHaveLength(2);
    expect(r.content_markdown.split("wheel-thrown stoneware mug")).toHaveLength(2);
    expect(r.content_text).toContain("dishwasher and microwave safe");
  });

  it("keeps the copy that holds the <h1> when a sticky bar repeats the name first", async () => {
    const r = await extractPage({ url: "https://clayworks.example/shop/p/speckle-mug", html: productPage });
    expect(r.title).toBe("Speckle Mug in White Glaze Stoneware");
    expect(r.content_markdown).toMatch(/^# Speckle Mug in White Glaze Stoneware$/m);
  });

  it("keeps variants whose words differ, and repeated text that is not a responsive variant", async () => {
    const r = await extractPage({ url: "https://clayworks.example/shop/p/speckle-mug", html: productPage });
    expect(r.content_text).toContain("Ships from Melbourne in three business days");
    expect(r.content_text).toContain("Tracked shipping from our Melbourne studio");
    expect(r.content_text.split("courtesy of the Valley Conservancy")).toHaveLength(3);
  });
});

describe("Framer breakpoint variants", () => {
  it("keeps the first of sibling ssr-variant sections, even when the others word a heading differently", async () => {
    const section = (heading: string) =>
      `<div class="ssr-variant hidden-a1b2c3"><h2>${heading}</h2><p>Permits in Los Angeles take four to eight weeks; we file them for you and keep the inspector's calendar.</p><p>Kitchens run from forty to ninety thousand dollars depending on cabinets and layout changes.</p></div>`;
    const html = `<!doctype html><html><head><title>Remodel costs</title></head><body><main><h1>What a remodel costs in California</h1>
${section("Permits and prices")}${section("Permits & prices")}${section("Permits and prices in 2025")}</main></body></html>`;
    const r = await extractPage({ url: "https://builder.example/blog/remodel-costs", html });
    expect(r.content_text.split("four to eight weeks")).toHaveLength(2);
    expect(r.content_text).toContain("Permits and prices");
    expect(r.content_text).not.toContain("Permits and prices in 2025");
  });
});

describe("a desktop block and its mobile accordion", () => {
  it("keeps one of them when the accordion only adds its tab labels", async () => {
    const paragraphs = [
      "Carry-on luggage holds your essentials within reach during the flight and spares you the wait at the baggage belt.",
      "Most airlines allow a case of about fifty-five by forty by twenty centimetres, wheels and handles included.",
      "Soft shells squeeze into tight overhead bins, while hard shells protect fragile gear from knocks in the aisle.",
    ];
    const desktop = `<div class="d-none d-md-block">${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div>`;
    const mobile = `<div class="accordion d-md-none">${paragraphs.map((p, i) => `<div class="card"><button>Part ${i + 1}</button><div class="card-body"><p>${p}</p></div></div>`).join("")}</div>`;
    const html = `<!doctype html><html><head><title>Carry-on luggage</title></head><body><main><h1>Carry-on luggage</h1>
<div class="grid">${["Metro Cabin Case", "Harbor Weekender", "Summit Roller"].map((n) => `<div class="tile"><a href="/p/${n}">${n}</a> <span>$189.00</span></div>`).join("")}</div>
${desktop}${mobile}</main></body></html>`;
    const r = await extractPage({ url: "https://bags.example/collections/carry-on", html });
    expect(r.content_text.split("spares you the wait")).toHaveLength(2);
    expect(r.content_text).toContain("hard shells protect fragile gear");
  });
});
