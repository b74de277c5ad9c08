import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { findMainContainer } from "../src/core/extractors/main-content.js";

const page = (body: string): Document => parseHtml(`<!doctype html><html><body>${body}</body></html>`);

const paragraph = (topic: string): string =>
  `<p>Our ${topic} range is chosen for long days at the desk: each piece is tested for a month by people who sit for a living, and only what still feels right at the end of it makes the catalogue.</p>`;
const header = `<header><nav><a href="/">Home</a> <a href="/desks">Desks</a> <a href="/chairs">Chairs</a> <a href="/help">Help</a></nav></header>`;
const footer = `<footer><p>Copyright 2026 Example Furniture. All rights reserved. Prices include VAT.</p></footer>`;
const grid = `<main class="product-grid"><ul>${Array.from({ length: 6 }, (_, i) => `<li>Standing desk model ${i} with a bamboo top</li>`).join("")}</ul></main>`;

describe("findMainContainer: a narrow <main>", () => {
  it("widens to the parent when the category's own text sits beside the landmark", () => {
    const doc = page(`${header}<div class="page">${grid}<div class="category-text">${paragraph("desk")}${paragraph("chair")}${paragraph("lamp")}</div></div>${footer}`);
    const main = findMainContainer(doc);
    expect(main?.getAttribute("class")).toBe("page");
  });

  it("looks past a wrapper that holds the landmark alone", () => {
    const doc = page(`${header}<div class="wrapper">${grid}</div><div class="category-text">${paragraph("desk")}${paragraph("chair")}${paragraph("lamp")}</div>${footer}`);
    expect(findMainContainer(doc)?.localName).toBe("body");
  });

  it("climbs a bounded number of wrappers (a page nesting <main> thousands deep stays linear)", () => {
    const nested = Array.from({ length: 10 }, (_, i) => `<div class="w${i}">`).join("") + grid + "</div>".repeat(10);
    const doc = page(`${header}${nested}<div class="category-text">${paragraph("desk")}${paragraph("chair")}${paragraph("lamp")}</div>${footer}`);
    // Four steps up from <main>: the wrappers w9 .. w6; the category text beside w0 is out of reach.
    expect(findMainContainer(doc)?.getAttribute("class")).toBe("w6");
  });

  it("keeps the landmark when what sits beside it is links or furniture", () => {
    const links = `<div class="more">${Array.from({ length: 12 }, (_, i) => `<a href="/c/${i}">Category number ${i}</a>`).join(" ")}</div>`;
    const doc = page(`${header}<div class="page"><aside>${paragraph("sidebar")}</aside>${grid}${links}</div>${footer}`);
    expect(findMainContainer(doc)?.localName).toBe("main");
  });

  it("keeps the landmark when its sibling is a second copy of its text (a responsive duplicate)", () => {
    const article = `${paragraph("desk")}${paragraph("chair")}${paragraph("lamp")}`;
    const doc = page(`${header}<div class="page"><div class="mobile-copy"><h2>Desks</h2>${article}</div><main>${article}</main></div>${footer}`);
    expect(findMainContainer(doc)?.localName).toBe("main");
  });

  it("keeps a landmark that holds most of the page", () => {
    const doc = page(`${header}<div class="page"><main>${paragraph("desk")}${paragraph("chair")}${paragraph("lamp")}${paragraph("rug")}</main><div>${paragraph("note")}</div></div>${footer}`);
    expect(findMainContainer(doc)?.localName).toBe("main");
  });
});
