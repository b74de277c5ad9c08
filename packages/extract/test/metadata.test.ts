import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { readMetadata } from "../src/core/metadata.js";
import { dateFromUrl, findVisibleDates } from "../src/core/visible-date.js";

const metaOf = (html: string, url = "https://news.example.test/story", jsonLd: unknown[] = []) =>
  readMetadata(parseHtml(`<!doctype html><html>${html}</html>`), url, jsonLd);

describe("findVisibleDates", () => {
  it("reads the common printed forms to the day", () => {
    const found = findVisibleDates("Dec 12, 2025 · 16 December 2025 · 2025-12-16 · 17.05.2021 · 3rd of March, 2024");
    expect(found.map((d) => d.value)).toEqual(["2025-12-12", "2025-12-16", "2025-12-16", "2021-05-17", "2024-03-03"]);
  });

  it("never reads a copyright line or a bare year", () => {
    expect(findVisibleDates("© Jan 1, 2020 Example Inc. Since 2019.")).toEqual([]);
  });

  it("reads a slashed date month first, and day first only when the first number cannot be a month", () => {
    expect(findVisibleDates("Posted on the 15/12/2025 at 19:00").map((d) => d.value)).toEqual(["2025-12-15"]);
    expect(findVisibleDates("Posted 03/04/2025").map((d) => d.value)).toEqual(["2025-03-04"]);
    expect(findVisibleDates("On 13/13/2025")).toEqual([]);
  });
});

describe("dateFromUrl", () => {
  it("reads a full date filed in the path only", () => {
    expect(dateFromUrl("https://blog.example.test/2025/12/18/a-post/")).toBe("2025-12-18");
    expect(dateFromUrl("https://blog.example.test/2025/12/a-post/")).toBeNull();
    expect(dateFromUrl("https://blog.example.test/articles/2025-12-15+Rust+GCC+backend")).toBe("2025-12-15");
    expect(dateFromUrl("https://blog.example.test/2025-12-150-items")).toBeNull();
  });
});

describe("readMetadata: published", () => {
  it("prefers JSON-LD, and takes its dateModified when that is the only date printed (bare) under the headline", () => {
    const ld = [{ "@type": "Article", headline: "A", datePublished: "2024-01-02T10:00:00Z", dateModified: "2025-03-04T10:00:00Z" }];
    const shown = metaOf("<body><h1>A</h1><p>Mar 4, 2025</p><p>Body text.</p></body>", undefined, ld);
    expect(shown.published).toEqual({ value: "2025-03-04T10:00:00Z", source: "json-ld" });
    const notShown = metaOf("<body><h1>A</h1><p>Body text.</p></body>", undefined, ld);
    expect(notShown.published).toEqual({ value: "2024-01-02T10:00:00Z", source: "json-ld" });
  });

  it("falls back to the URL, then to visible text near the title, never to a comment's date", () => {
    const fromUrl = metaOf("<body><h1>A post</h1><p>text</p></body>", "https://blog.example.test/2023/05/06/a-post");
    expect(fromUrl.published).toEqual({ value: "2023-05-06", source: "url" });
    const fromText = metaOf(
      '<body><nav>Jan 1, 2001</nav><h1>A post</h1><div class="meta">By Ann Lee · June 12, 2025</div><p>text</p>' +
        '<section class="comments"><p>Comment of July 1, 2025</p></section></body>',
    );
    expect(fromText.published).toEqual({ value: "2025-06-12", source: "text" });
    const onlyComment = metaOf('<body><h1>A post</h1><p>text</p><div id="comments">July 1, 2025</div></body>');
    expect(onlyComment.published).toBeNull();
  });
});

describe("readMetadata: byline and title", () => {
  it("follows a JSON-LD author @id and cleans a printed byline", () => {
    const ld = [{ "@graph": [{ "@type": "BlogPosting", author: { "@id": "#p1" } }, { "@type": "Person", "@id": "#p1", name: "Ann Lee" }] }];
    expect(metaOf("<body><h1>T</h1></body>", undefined, ld).byline).toBe("Ann Lee");
    const printed = metaOf('<body><h1>T</h1><div class="post-byline">BySam Roe - June 12, 2025</div></body>');
    expect(printed.byline).toBe("Sam Roe");
  });

  it("takes the <h1> (sharing a word with the declared title) on an article and the declared title on a landing page", () => {
    const article = metaOf(
      '<head><meta property="og:title" content="Share card wording of the headline"><meta property="og:type" content="article">' +
        '<meta property="article:published_time" content="2025-01-02"></head><body><h1>The headline</h1></body>',
    );
    expect(article.title).toBe("The headline");
    // og:type=article alone (WordPress tags every page so) is not an article without a date or a byline.
    const taggedPage = metaOf('<head><meta property="og:title" content="Acme CRM"><meta property="og:type" content="article"></head><body><h1>Clarity, finally.</h1></body>');
    expect(taggedPage.title).toBe("Acme CRM");
    const landing = metaOf('<head><meta property="og:title" content="Acme CRM"></head><body><h1>Clarity, finally.</h1></body>');
    expect(landing.title).toBe("Acme CRM");
  });
});
