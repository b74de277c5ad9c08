import { describe, expect, it } from "vitest";
import { removeStructuralChrome } from "../src/core/boilerplate.js";
import { parseHtml } from "../src/core/dom.js";

const bodyOf = (html: string): Element => parseHtml(`<!doctype html><html><body>${html}</body></html>`).body!;

const stories = [
  "Tidewater Labs is hiring platform engineers",
  "A field guide to debugging flaky integration tests",
  "Why our compiler stopped inlining small functions",
  "A terminal spreadsheet written in Zig",
  "The surprising physics of sourdough bubbles",
  "Postmortem of the regional storage outage last week",
  "Reading old manuals: the 1983 line printer handbook",
  "Rewriting the search index without downtime",
];
// Every word of the table is in a link (title, site, age), as on Hacker News.
const storyTable = `<table class="itemlist">${stories
  .map((t, i) => `<tr><td><a href="/s/${i}">${t}</a> (<a href="/from?site=s${i}">s${i}.example</a>)</td></tr><tr><td><a href="/item?id=${i}">${i + 2} hours ago</a></td></tr>`)
  .join("")}</table>`;
const menu = `<div class="links"><a href="/guidelines">Guidelines</a> | <a href="/faq">FAQ</a> | <a href="/lists">Lists</a> | <a href="/api">API</a> | <a href="/legal">Legal</a></div>`;

describe("removeStructuralChrome: link lists", () => {
  it("keeps a list of links of several words each that is most of the region (a front page's stories)", () => {
    const body = bodyOf(`<p>Stories picked for this week.</p>${storyTable}${menu}`);
    removeStructuralChrome(body);
    const text = body.textContent ?? "";
    for (const story of stories) expect(text).toContain(story);
    expect(text).not.toContain("Guidelines");
  });

  it("still drops a list of one-word links, however much of the region it is (a language picker)", () => {
    const languages = Array.from({ length: 60 }, (_, i) => `<a href="/lang/${i}">Lang${i}</a>`).join(" ");
    const body = bodyOf(`<p>Trending repositories today.</p><div class="picker">${languages}</div>`);
    removeStructuralChrome(body);
    expect(body.textContent).not.toContain("Lang7");
    expect(body.textContent).toContain("Trending repositories today.");
  });

  it("drops the same story list when it is a small part of the region (a rail beside the content)", () => {
    const prose = "<p>The council heard six hours of evidence on the tram extension, and residents on both sides of the river argued about the route and the cost.</p>".repeat(12);
    const body = bodyOf(`<div>${prose}</div>${storyTable}`);
    removeStructuralChrome(body);
    expect(body.textContent).not.toContain(stories[0]);
    expect(body.textContent).toContain("six hours of evidence");
  });
});
