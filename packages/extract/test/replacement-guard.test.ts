import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { extractPage } from "../src/core/extract-page.js";
import { toPlainText } from "../src/core/plain-text.js";
import { regionMayReplaceArticle } from "../src/core/replacement-guard.js";
import { countWords } from "../src/core/text.js";

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

// A blog post without section headings inside <main>, followed there by its comment thread: the comments
// outweigh the post, but everything the region adds comes after the post and opens with "N Comments".
const postWithComments = (opening: string) => parseHtml(`<!doctype html><html><body><main><article><h1>A homemade garden pest spray</h1>
${Array.from({ length: 5 }, (_, i) => `<p>${sentence("garlic spray", i).repeat(3)}</p>`).join("")}</article>
<section><p>Labels: garden, pests</p><h3>${opening}</h3><ol>${Array.from({ length: 30 }, (_, i) => `<li><b>Reader ${i}</b> wrote: my cabbages were lacey last year and this spray saved the ${i + 2} rows I planted along the fence, thank you for posting it. <a href="#reply-${i}">Reply</a></li>`).join("")}</ol></section>
</main></body></html>`);

const candidate = (el: Element) => {
  const text = toPlainText(el);
  return { content: el, text, words: countWords(text) };
};

describe("a post followed by its comments", () => {
  it("keeps Readability's post when all the region adds after it opens as a comment section", () => {
    const doc = postWithComments("31 Comments");
    expect(regionMayReplaceArticle(candidate(doc.querySelector("article")!), candidate(doc.querySelector("main")!))).toBe(false);
  });

  it("lets the region replace it when what follows does not open as an appendage, or when the region adds text before the post", () => {
    const doc = postWithComments("Field notes");
    expect(regionMayReplaceArticle(candidate(doc.querySelector("article")!), candidate(doc.querySelector("main")!))).toBe(true);
    const before = postWithComments("31 Comments");
    const main = before.querySelector("main")!;
    main.prepend(before.querySelector("section")!);
    expect(regionMayReplaceArticle(candidate(before.querySelector("article")!), candidate(main))).toBe(true);
  });
});
