import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { readMetadata } from "../src/core/metadata.js";
import { readTitleWindow } from "../src/core/title-window.js";

const metaOf = (html: string, url = "https://blog.example.test/post", jsonLd: unknown[] = []) =>
  readMetadata(parseHtml(`<!doctype html><html>${html}</html>`), url, jsonLd);

describe("readTitleWindow", () => {
  it("finds the headline inside a wrapper whose layout class names a sidebar or menu", () => {
    const doc = parseHtml(
      '<body class="single has-sidebar menu-closed"><div class="col sidebar-left-layout"><h1>The real headline</h1>' +
        '<p>By Ann Lee, June 12, 2025</p></div><div class="sidebar"><h2>Popular</h2><p>May 1, 2020</p></div></body>',
    );
    const window = readTitleWindow(doc.body);
    expect(window.headline?.textContent).toBe("The real headline");
    expect(window.after).toContain("June 12, 2025");
    expect(window.after).not.toContain("May 1, 2020");
  });
});
