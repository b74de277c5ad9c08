import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { findForumPosts } from "../src/core/extractors/forum.js";

const page = (main: string): Document => parseHtml(`<!doctype html><html><body><main>${main}</main></body></html>`);
const sentences = [
  "On the second of December I received a message from the company that now hosts the project's servers.",
  "I replied the same week, asked what the change would mean for people running the software, and heard nothing.",
  "This notice replaces the one I posted last year, when I said that official releases had come to an end.",
  "I object to the choice not to continue security releases for a transition period, and I have told them so.",
];

describe("findForumPosts: the repeated-block fallback for unknown forum software", () => {
  it("reads repeated reply containers as posts", () => {
    const doc = page(sentences.map((s, i) => `<div class="reply"><span class="who">user${i}</span><p>${s}</p></div>`).join(""));
    expect(findForumPosts(doc)?.map((post) => post.body.textContent)).toHaveLength(4);
  });

  it("does not read the paragraphs of one post as posts of a thread", () => {
    const doc = page(`<h1>Security releases have ended</h1>${sentences.map((s) => `<p>${s}</p>`).join("")}`);
    expect(findForumPosts(doc)).toBeNull();
  });
});
