import { describe, expect, it } from "vitest";
import { extractPage } from "../src/core/extract-page.js";

const sentence = (topic: string, i: number) =>
  `The ${topic} study followed ${i + 12} households over two winters and measured how insulation changed their heating bills. `;

const section = (title: string, n: number) =>
  `<h2>${title}</h2>` + Array.from({ length: n }, (_, i) => `<p>${sentence(title.toLowerCase(), i).repeat(3)}</p>`).join("");

// An article inside <main>, followed (still inside <main>) by a long related-stories list that is not marked
// as such: the region holds far more words than the article, but they are other pages' headlines.
const page = (related: number) => `<!doctype html><html><head><title>Insulation</title>
<meta property="og:type" content="article"><meta property="article:published_time" content="2025-01-02">
</head><body><main><article><h1>What insulation saves</h1>
${section("Method", 2)}${section("Results", 2)}${section("Costs", 2)}</article>
<div class="more"><ul>${Array.from({ length: related }, (_, i) => `<li><a href="/story/${i}">Unrelated headline number ${i} about city council budget votes and stadium plans downtown</a></li>`).join("")}</ul></div>
</main></body></html>`;

describe("precision-aware replacement on article pages", () => {
  it("keeps Readability's article when the rest of the main region is a list of links", async () => {
    const r = await extractPage({ url: "https://news.example.test/2025/01/02/insulation", html: page(60), format: "text" });
    expect(r.page_type).toBe("article");
    expect(r.content_text).toContain("measured how insulation changed");
    expect(r.content_text).not.toContain("Unrelated headline number");
    expect(r.extracted_via).toBe("readability");
  });
});
