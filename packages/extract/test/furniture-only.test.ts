// A page whose text is all menus, footers and sidebars has no content: the reply says so (empty_content,
// only_page_furniture) instead of returning the footer, and a scripted one is a shell a caller can render.
import { describe, expect, it } from "vitest";
import { extractContent } from "../src/index.js";

const languages = ["Russian", "Portuguese", "Spanish", "French", "German", "Italian", "Dutch", "Turkish", "Japanese", "Korean"];
const footer = `<footer class="site-footer">
  <dl><dt><h5>Multi-Language Sites</h5></dt><dd>${languages.map((l) => `<a href="/${l.toLowerCase()}">${l}</a>`).join(", ")}</dd></dl>
  <dl><dt><h5>Our Group</h5></dt><dd>${["Marketplace", "Payments", "Cloud", "Travel", "Logistics"].map((s) => `<a href="/${s}">${s} Website</a>`).join(", ")}</dd></dl>
  <p>Intellectual Property Protection - Privacy Policy - Sitemap - Terms of Use - Information for EU consumers</p>
</footer>`;
const megaMenu = `<header><nav role="navigation"><ul>${["Products", "Maps", "Accessories and Plans", "Discover", "Communities"]
  .map((h) => `<li><span>${h}</span><div>${Array.from({ length: 6 }, (_, i) => `<a href="/${h}/${i}">${h} item ${i}</a>`).join(" ")}</div></li>`)
  .join("")}</ul></nav></header>`;
const prose = (topic: string): string =>
  `<p>The ${topic} was measured over three winters in the same unheated workshop, and the figures below are the medians of those readings, not the best day of each season.</p>`;

describe("pages with nothing but furniture", () => {
  it("reports a footer-only shop page as empty, and as a JavaScript shell when its scripts build the page", async () => {
    const html = `<html><head><title>Item</title><script src="/static/app.bundle.js"></script></head><body><div id="root">${footer}</div></body></html>`;
    const reply = await extractContent({ url: "https://shop.example.com/item/1005", html });
    expect(reply.ok).toBe(false);
    expect(reply.error?.code).toBe("empty_content");
    expect(reply.data?.content_text).toBe("");
    expect(reply.data?.warnings).toContain("js_shell");
  });

  it("does not return a footer that no landmark names as the content", async () => {
    const unmarked = footer.replace(/<footer class="site-footer">/, '<div class="site-footer">').replace("</footer>", "</div>");
    const reply = await extractContent({ url: "https://shop.example.com/item/1006", html: `<html><head><title>Item</title></head><body>${unmarked}</body></html>` });
    expect(reply.ok).toBe(false);
    expect(reply.data?.warnings).toContain("only_page_furniture");
    expect(reply.data?.warnings).not.toContain("js_shell");
  });

  it("reports a mega-menu over an empty grid as empty", async () => {
    const html = `<html><head><title>Trackers</title></head><body>${megaMenu}<div class="grid"></div><footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer></body></html>`;
    const reply = await extractContent({ url: "https://maker.example.com/c/trackers/", html });
    expect(reply.ok).toBe(false);
    expect(reply.data?.warnings).toContain("only_page_furniture");
  });

  it("keeps a short note of the page's own beside a large footer", async () => {
    const note = "<p>This shop is closed for stocktaking until Monday; orders placed now ship on Tuesday morning.</p>";
    const html = `<html><head><title>Closed</title></head><body>${megaMenu}<main>${note}</main>${footer}</body></html>`;
    const reply = await extractContent({ url: "https://shop.example.com/", html });
    expect(reply.ok).toBe(true);
    expect(reply.data?.content_text).toContain("closed for stocktaking");
    expect(reply.data?.warnings).not.toContain("only_page_furniture");
  });

  it("keeps an article that a furniture-named wrapper holds (an unclosed <aside>, a sticky-footer layout)", async () => {
    const article = `<article><h1>Workshop heating</h1>${prose("stove")}${prose("heat pump")}${prose("oil radiator")}</article>`;
    for (const wrap of [`<aside class="announcement">${article}`, `<div class="sticky-footer">${article}<div class="sticky-footer_footer">Contact</div></div>`]) {
      const reply = await extractContent({ url: "https://blog.example.com/heating", html: `<html><head><title>Heating</title></head><body>${wrap}</body></html>` });
      expect(reply.ok).toBe(true);
      expect(reply.data?.content_text).toContain("unheated workshop");
      expect(reply.data?.warnings).not.toContain("only_page_furniture");
    }
  });

  it("keeps an article under many nested furniture-named wrappers (the walk gives up on them, it does not blank)", async () => {
    const article = `<article><h1>Workshop heating</h1>${prose("stove")}${prose("heat pump")}</article>`;
    const html = `<html><head><title>Heating</title></head><body>${"<aside>".repeat(40)}${article}${"</aside>".repeat(40)}${footer}</body></html>`;
    const reply = await extractContent({ url: "https://blog.example.com/heating", html });
    expect(reply.ok).toBe(true);
    expect(reply.data?.content_text).toContain("unheated workshop");
  });
});
