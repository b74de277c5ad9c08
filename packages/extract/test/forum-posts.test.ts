import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { findForumPosts } from "../src/core/extractors/forum.js";
import { extractPage } from "../src/core/extract-page.js";
import { selectContent } from "../src/core/select-content.js";

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

describe("a thread the hand rules do not call a forum", () => {
  const comment = (user: string, text: string, i: number): string =>
    `<li class="comments_subtree"><div class="comment" id="c_${i}"><div class="byline"><a href="/~${user}">${user}</a> <span title="2024-08-01">1 year ago</span> | <a href="/c/${i}">reply</a> | #${i + 1}</div><div class="comment_text"><p>${text}</p></div></div></li>`;
  const users = ["jamesw", "kkiri", "trait_fan", "ana"];
  const replies = [
    "I tried the new ergonomic reference counting proposal on a small server and the clone noise mostly went away.",
    "The async closures goal is the one I care about most; writing combinators today needs boxing in too many places.",
    "Does anyone know whether the new trait solver work is tracked as a separate goal or folded into the types team plan?",
    "It is folded into the types team plan, there is a tracking issue linked from the goals page under the flagship section.",
  ];
  const html = `<!doctype html><html><head><title>Project goals for the next half - Discussion - Community Board</title></head><body><header><a href="/">Home</a> <a href="/recent">Recent</a> <a href="/comments">Comments</a></header><main><div class="story"><h1><a href="https://example.org/goals">Project goals for the next half</a></h1><div class="byline">via <a href="/~ana">ana</a> 1 year ago | 12 comments</div></div><ol class="comments">${replies.map((text, i) => comment(users[i]!, text, i)).join("")}</ol></main><footer><a href="/about">About</a></footer></body></html>`;
  const url = "https://lobste.example/s/abc/project_goals";

  it("is read post by post when the page-type classifier calls it a forum and it shows two posts or more", async () => {
    // The precondition: the rules route it elsewhere; the classifier (the reported type) says forum.
    const typed = selectContent(url, html).typed;
    expect(typed.rulesType).not.toBe("forum");
    expect(typed.type).toBe("forum");
    const r = await extractPage({ url, html });
    expect(r.page_type).toBe("forum");
    expect(r.extracted_via).toBe("page-type");
    for (const text of replies) expect(r.content_text).toContain(text.slice(0, 40));
    for (const user of users) expect(r.content_text).toContain(user);
  });
});

describe("a news river at a forum-like URL", () => {
  const stories = [
    ["Two headphone makers add retailer-only colours", "A large retailer now sells both models in colourways that were not offered in the country before this autumn."],
    ["Hands on: live translation in the new earbuds", "After the launch event there was a chance to try the heart rate sensor and the live transcription, and both hold up."],
    ["Studio headphones could get new colours next year", "Regulatory filings list three finishes that match the ones the company has used on its phones since the spring."],
    ["Noise cancelling compared across four price points", "The cheapest pair blocks most of a train's rumble, while only the two dearest ones cope with voices in an open office."],
  ];
  // Each card is an <article> whose header holds everything; the part a thread reader takes for a post body
  // is the byline's time. The rules call the page a forum by its /topic/ URL.
  const card = ([title, teaser]: string[], i: number): string =>
    `<article class="river-article"><header><h2><a href="/articles/${i}">${title}</a></h2><p class="river-desc"><a href="/articles/${i}">${teaser}</a></p><div class="river-aux"><a href="/editor/${i}" class="river-author">Writer ${i}</a> <time datetime="2025-10-2${i}T10:00:00Z">${i + 1} months ago</time></div></header></article>`;
  const html = `<!doctype html><html><head><title>headphones News and Reviews</title></head><body><main><section id="news-river"><h1>headphones</h1>${stories.map(card).join("")}</section></main></body></html>`;
  const url = "https://news.example.com/topic/headphones";

  it("is not rendered as a thread when no post shows text of its own", async () => {
    expect(selectContent(url, html).pageType).toBe("forum");
    const r = await extractPage({ url, html });
    expect(r.extracted_via).not.toBe("page-type");
    // The thread renderer printed the four times and nothing else; the stories' teasers are the content.
    for (const [, teaser] of stories.slice(0, 3)) expect(r.content_text).toContain(teaser!.slice(0, 40));
    expect(r.content_text).not.toContain("months ago");
  });
});
