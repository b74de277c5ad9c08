import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { readMetadata } from "../src/core/metadata.js";

const bylineOf = (html: string, jsonLd: unknown[] = []) =>
  readMetadata(parseHtml(`<!doctype html><html>${html}</html>`), "https://news.example.test/story", jsonLd).byline;

describe("readMetadata: byline", () => {
  it("prefers a printed person over a JSON-LD Organization or the publisher named as author", () => {
    const org = [{ "@type": "Article", headline: "T", author: { "@type": "Organization", name: "Acme Clinic" } }];
    expect(bylineOf('<body><h1>T</h1><div class="text__author">Ann Lee</div></body>', org)).toBe("Ann Lee");
    const publisherAsPerson = [
      { "@type": "NewsArticle", headline: "T", author: { "@type": "Person", name: "Acme Clinic" }, publisher: { "@type": "Organization", name: "Acme Clinic" } },
    ];
    expect(bylineOf('<body><h1>T</h1><p class="authorName">Sam Roe</p></body>', publisherAsPerson)).toBe("Sam Roe");
    // With no person anywhere, the organization is still the byline.
    expect(bylineOf("<body><h1>T</h1><p>Text.</p></body>", org)).toBe("Acme Clinic");
  });

  it("prefers a printed name over a login name filled in by the CMS", () => {
    const ld = [{ "@type": "Article", headline: "T", author: { "@type": "Person", name: "sam.roe" } }];
    expect(bylineOf('<body><h1>T</h1><div class="author-info"><span>By</span> <span>Ann Lee</span></div></body>', ld)).toBe("Ann Lee");
  });

  it("takes the name piece of a byline block, not the role or date glued after it", () => {
    const html = '<body><h1>T</h1><div class="byline"><span>By</span><span>Keith Barry</span><span>Senior Reporter</span></div></body>';
    expect(bylineOf(html)).toBe("Keith Barry");
    expect(bylineOf('<body><h1>T</h1><div class="post-author">Ann LeeDec 18, 2025</div></body>')).toBe("Ann Lee");
  });

  it("reads an author box outside the headline window, never a testimonial's name", () => {
    const html =
      '<body><h1>T</h1><p>Story text that runs on.</p>' + "<p>x </p>".repeat(400) +
      '<div class="testimonial-author">Happy Client</div><div class="author-box"><span class="author-name">Ann Lee</span></div></body>';
    expect(bylineOf(html)).toBe("Ann Lee");
  });

  it("cuts the publisher's name after a comma and decodes escaped entities", () => {
    const ld = [
      { "@type": "NewsArticle", headline: "T", author: { "@type": "Person", name: "Ann Lee, The Daily Paper" }, publisher: { "@type": "Organization", name: "The Daily Paper" } },
    ];
    expect(bylineOf("<body><h1>T</h1></body>", ld)).toBe("Ann Lee");
    const escaped = [{ "@type": "Article", headline: "T", author: { "@type": "Person", name: "Ann &amp; Sam" } }];
    expect(bylineOf("<body><h1>T</h1></body>", escaped)).toBe("Ann & Sam");
  });
});

describe("readMetadata: byline clean-up", () => {
  it("drops a month cut off after a comma, but keeps names that start like months", () => {
    expect(bylineOf('<body><h1>T</h1><div class="byline">Ann Lee, Dec</div></body>')).toBe("Ann Lee");
    expect(bylineOf('<head><meta name="author" content="Tom May"></head><body><h1>T</h1></body>')).toBe("Tom May");
    expect(bylineOf('<head><meta name="author" content="Gary Marcus"></head><body><h1>T</h1></body>')).toBe("Gary Marcus");
  });

  it("never takes a date or a navigation label for a name", () => {
    expect(bylineOf('<body><h1>T</h1><div class="byline">Sat, 20 Dec, 2025</div></body>')).toBeNull();
    expect(bylineOf('<body><h1>T</h1><div class="author-links">View more posts</div></body>')).toBeNull();
  });
});
