import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { readMetadata } from "../src/core/metadata.js";
import { findVisibleDates } from "../src/core/visible-date.js";

const publishedOf = (html: string, jsonLd: unknown[] = []) =>
  readMetadata(parseHtml(`<!doctype html><html>${html}</html>`), "https://news.example.test/story", jsonLd).published;

describe("findVisibleDates: revisions", () => {
  it("marks a date printed as an update or a forum's last post", () => {
    const found = findVisibleDates("Published June 1, 2024 · Last updated: Mar 9, 2026 · last post by jdoe Sep 26, 2024");
    expect(found.map((d) => [d.value, d.revision])).toEqual([
      ["2024-06-01", false],
      ["2026-03-09", true],
      ["2024-09-26", true],
    ]);
  });
});

describe("findVisibleDates: formats", () => {
  it("reads an ISO date that runs on into its time, never digits glued to other digits", () => {
    expect(findVisibleDates("Posted 2022-11-23T08:10+02:00 by Nick").map((d) => d.value)).toEqual(["2022-11-23"]);
    expect(findVisibleDates("2024-05-06")[0]?.value).toBe("2024-05-06");
    expect(findVisibleDates("order 2024-05-067 shipped")).toEqual([]);
  });
});

describe("readMetadata: published and revisions", () => {
  const ld = [{ "@type": "Article", headline: "A", datePublished: "2024-01-02T10:00:00Z", dateModified: "2025-03-04T10:00:00Z" }];

  it("keeps datePublished when the date under the headline is labelled as an update", () => {
    const page = publishedOf("<body><h1>A</h1><p>Last updated: Mar 4, 2025</p><p>Body text.</p></body>", ld);
    expect(page).toEqual({ value: "2024-01-02T10:00:00Z", source: "json-ld" });
  });

  it("takes a thread's first post date, not the 'last post by' date a forum prints first", () => {
    const page = publishedOf(
      '<head><meta itemprop="dateModified" content="2024-09-26T01:50:27-04:00"><meta itemprop="datePublished" content="2024-01-03T11:23:42-05:00"></head>' +
        "<body><h1>Projector advice</h1><p>23 replies · last post by ggery Sep 26, 2024</p><p>#1 · Jan 3, 2024 I have a question.</p></body>",
    );
    expect(page?.value.slice(0, 10)).toBe("2024-01-03");
  });

  it("keeps the declared date where the page prints it in its own time zone or month first", () => {
    const at = (iso: string) => [{ "@type": "Article", headline: "A", datePublished: iso }];
    // 02:17 UTC on Dec 10 is Dec 9 west of Greenwich.
    expect(publishedOf("<body><h1>A</h1><p>December 9, 2021</p><p>Body.</p></body>", at("2021-12-10T02:17:00+00:00"))?.source).toBe("json-ld");
    // 22:02 UTC on Dec 19 is Dec 18 in no time zone: the printed date is another one, and it wins.
    expect(publishedOf("<body><h1>A</h1><p>December 18, 2025</p><p>Body.</p></body>", at("2025-12-19T22:02:00Z"))).toEqual({ value: "2025-12-18", source: "text" });
    // A declared day without a time has no time zone to be printed in.
    expect(publishedOf("<body><h1>A</h1><p>December 9, 2021</p><p>Body.</p></body>", at("2021-12-10"))?.source).toBe("text");
    // "09.10.2024" read day first is Oct 9; month first it is the declared Sep 10.
    expect(publishedOf("<body><h1>A</h1><p>09.10.2024</p><p>Body.</p></body>", at("2024-09-10T16:07:00Z"))?.source).toBe("json-ld");
    expect(findVisibleDates("09.10.2024")[0]).toMatchObject({ value: "2024-10-09", alternate: "2024-09-10" });
    expect(findVisibleDates("25.10.2024")[0]?.alternate).toBeUndefined();
  });

  it("takes the modified date for the printed one only when the declared date is not printed too", () => {
    const both = [{ "@type": "Article", headline: "A", datePublished: "2024-01-14T21:50:50-05:00", dateModified: "2024-01-18T13:35:10-05:00" }];
    const page = publishedOf("<body><h1>A</h1><p>Jan 18, 2024</p><p>#1 · Jan 14, 2024 First post.</p></body>", both);
    expect(page?.value).toBe("2024-01-14T21:50:50-05:00");
    const modifiedOnly = publishedOf("<body><h1>A</h1><p>Jan 18, 2024</p><p>First post.</p></body>", both);
    expect(modifiedOnly?.value).toBe("2024-01-18T13:35:10-05:00");
  });

  it("uses an update date only when the page states no other date", () => {
    const page = publishedOf("<body><h1>A</h1><p>Updated June 12, 2025</p><p>Body text.</p></body>");
    expect(page).toEqual({ value: "2025-06-12", source: "text" });
  });
});

describe("readMetadata: the headline's window", () => {
  it("passes over a heading that is only a link home (a publication's name) to the story's own <h1>", () => {
    const filler = "<p>" + "Long introduction. ".repeat(60) + "</p>";
    const substack = publishedOf(
      `<body><header><h1><a href="/">AI in the News</a></h1></header>${filler}<h1 class="post-title">Who reads your newsletter?</h1><div class="meta">Mar 13, 2026</div><p>Story.</p></body>`,
    );
    expect(substack).toEqual({ value: "2026-03-13", source: "text" });
    // When the link home is the only <h1>, it still anchors the window.
    const only = publishedOf(`<body><h1><a href="https://forum.example.test/">MyBB</a></h1><p>Posted Aug 3, 2024</p><p>Text.</p></body>`);
    expect(only).toEqual({ value: "2024-08-03", source: "text" });
  });
});

describe("readMetadata: more date sources", () => {
  it("reads any meta naming a publication date, never the publisher", () => {
    const page = publishedOf('<head><meta name="publisher" content="2020-01-01"><meta name="w-published-date" content="2025-05-27T06:03:43Z"></head><body><h1>A</h1></body>');
    expect(page).toEqual({ value: "2025-05-27T06:03:43Z", source: "meta" });
  });

  it("reads the date printed by the first <h2> on a page without an <h1>", () => {
    const page = publishedOf("<body><nav>Jan 1, 2001</nav><h2>A post</h2><p>Dec 17, 2025 · 5 min read</p><p>Text.</p></body>");
    expect(page).toEqual({ value: "2025-12-17", source: "text" });
  });

  it("reads a namespaced date meta (ms.date)", () => {
    const page = publishedOf('<head><meta name="ms.date" content="2025-03-06T00:00:00Z"></head><body><h1>A</h1></body>');
    expect(page).toEqual({ value: "2025-03-06T00:00:00Z", source: "meta" });
  });
});

describe("readMetadata: a date in markup naming it, as a last resort", () => {
  const filler = "<p>" + "Long introduction. ".repeat(60) + "</p>";

  it("reads a date-classed element far from the headline, in the story's own footer, spaced from its neighbours", () => {
    const below = publishedOf(
      `<body><article><h1>A story</h1>${filler}<div class="meta date-section-header"><span>Posted on April 13, 2023</span><span>Tags:</span></div></article></body>`,
    );
    expect(below).toEqual({ value: "2023-04-13", source: "text" });
    // A layout word on the story's own wrapper ("sidebar-mode") does not make the story a sidebar.
    const wrapped = publishedOf(`<body><div class="story-page story-sidebar-mode"><h1>A story</h1>${filler}<div class="story-date">May 31, 2024</div></div></body>`);
    expect(wrapped).toEqual({ value: "2024-05-31", source: "text" });
    const authorBox = publishedOf(`<body><article><h1>A story</h1>${filler}<footer class="author__meta"><span class="author__meta-date">March 30, 2023</span></footer></article></body>`);
    expect(authorBox).toEqual({ value: "2023-03-30", source: "text" });
  });

  it("reads a publication-time class holding an ISO timestamp, and ignores layout words on <body>", () => {
    const iso = publishedOf(`<body><article><h1>A story</h1>${filler}<p><span class="Author_publicationTime__F2lab">2022-11-23T08:10+02:00</span></p></article></body>`);
    expect(iso).toEqual({ value: "2022-11-23", source: "text" });
    // WordPress themes print every layout option on <body>: "related" there is not a related-stories block.
    const themed = publishedOf(
      `<body class="single-post fusion-woo-related-columns-4 widgets-on"><h1>A story</h1>${filler}<span class="fusion-tb-published-date">Published On: 15 August 2025</span></body>`,
    );
    expect(themed).toEqual({ value: "2025-08-15", source: "text" });
    // The same date inside a related-stories block below <body> is still another story's.
    const related = publishedOf(`<body class="single-post"><h1>A story</h1>${filler}<div class="related-posts"><span class="published-date">15 August 2025</span></div></body>`);
    expect(related).toBeNull();
  });

  it("never reads teaser cards, comments, sidebars, the site's footer or a page of several marked dates", () => {
    const none = [
      `<div class="blog-card"><p class="post-date">May 1, 2024</p></div>`,
      `<div class="comments"><span class="comment-date">May 2, 2024</span></div>`,
      `<div class="sidebar"><span class="date">May 3, 2024</span></div>`,
      `<footer><span class="date">May 4, 2024</span></footer>`,
    ];
    for (const html of none) expect(publishedOf(`<body><h1>A page</h1>${filler}${html}</body>`)).toBeNull();
    const several = publishedOf(`<body><h1>News</h1>${filler}<p class="date">May 5, 2024</p><p class="date">May 6, 2024</p></body>`);
    expect(several).toBeNull();
    const updated = publishedOf(`<body><h1>A page</h1>${filler}<span class="updated">May 7, 2024</span></body>`);
    expect(updated).toBeNull();
  });

  it("on a page without any <h1> or <h2>, reads the first date of its opening text", () => {
    const thread = publishedOf("<body><p>Forum › Software › Drivers</p><p>30th March 2025, 16:26 #1 alice</p><p>Text.</p></body>");
    expect(thread).toEqual({ value: "2025-03-30", source: "text" });
    const headed = publishedOf(`<body><h2>A heading</h2><p>${"Text. ".repeat(200)}</p><p>30th March 2025</p></body>`);
    expect(headed).toBeNull();
  });
});
