import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { removeTableOfContents } from "../src/core/table-of-contents.js";

const url = "https://guides.example/heat-pumps";
const contentOf = (html: string): Element =>
  parseHtml(`<!doctype html><html><body><article id="c">${html}</article></body></html>`).getElementById("c")!;
const sections = ["How a heat pump works", "What it costs to run", "Choosing an installer"];
const body = sections.map((s) => `<h2 id="${s.length}">${s}</h2><p>Plain words about ${s.toLowerCase()}, long enough to read as a paragraph of the guide.</p>`).join("");

describe("removeTableOfContents", () => {
  it("drops a labelled list of links to the page's sections, and its label, and keeps the sections", () => {
    const toc = `<details><summary>Table of Contents</summary><nav><ul>${sections.map((s) => `<li><a href="#${s.length}">${s}</a></li>`).join("")}</ul></nav></details>`;
    const el = contentOf(`<h1>Heat pumps</h1>${toc}${body}`);
    expect(removeTableOfContents(el, url)).toBe(2);
    const text = el.textContent ?? "";
    expect(text).not.toContain("Table of Contents");
    for (const s of sections) expect(text.split(s).length - 1).toBe(1);
  });

  it("reads links written out in full to this page (as Readability leaves them) as in-page links", () => {
    const el = contentOf(`<ol>${sections.map((s) => `<li><a href="${url}#${s.length}">${s}</a></li>`).join("")}</ol>${body}`);
    expect(removeTableOfContents(el, url)).toBe(1);
    expect(el.querySelector("ol")).toBeNull();
  });

  it("keeps an unlabelled list whose entries name the headings but link elsewhere (a listing's own items)", () => {
    const el = contentOf(`<ul>${sections.map((s, i) => `<li><a href="/story/${i}">${s}</a></li>`).join("")}</ul>${body}`);
    expect(removeTableOfContents(el, url)).toBe(0);
    expect(el.querySelectorAll("li")).toHaveLength(3);
  });

  it("keeps a list of links to other pages, and a label that heads real text", () => {
    const links = `<h2>Contents of the kit</h2><ul><li><a href="/a">Outdoor unit and mounting frame</a></li><li><a href="/b">Indoor unit with its remote</a></li><li><a href="/c">Pipes, valves and the manual</a></li></ul>`;
    const el = contentOf(`${links}${body}`);
    expect(removeTableOfContents(el, url)).toBe(0);
    expect(el.textContent).toContain("Contents of the kit");
  });
});
