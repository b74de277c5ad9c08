// patches/turndown@7.2.5.patch defers turndown's HTML parser (domino, outside a browser) to the first
// string input: extraction hands turndown DOM nodes, and loading domino at import cost ~50 ms in every
// worker thread. A string must still convert, and importing extraction's Markdown must not load domino.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import TurndownService from "turndown";
import { expect, it } from "vitest";

const markdownModule = fileURLToPath(new URL("../dist/core/markdown.js", import.meta.url));

it("still converts an HTML string (domino loads on first use)", () => {
  expect(new TurndownService().turndown("<h2>Title</h2><p>Some <em>text</em>.</p>")).toBe("Title\n-----\n\nSome _text_.");
});

it("converting DOM nodes never loads domino", () => {
  // A fresh process: vitest's own module graph may already hold domino through the test above.
  const script = `
    const { createRequire } = await import("node:module");
    const { toMarkdown } = await import(${JSON.stringify(markdownModule)});
    const { parseHtml } = await import(${JSON.stringify(markdownModule.replace(/markdown\.js$/, "dom.js"))});
    const doc = parseHtml("<html><body><article><h1>Hi</h1><p>A <b>bold</b> word.</p></article></body></html>");
    const md = toMarkdown(doc.querySelector("article"), "https://example.test/");
    const require = createRequire(${JSON.stringify(markdownModule)});
    const loaded = Object.keys(require.cache).filter((k) => k.includes("domino"));
    console.log(JSON.stringify({ md, loaded }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  expect(out.md).toBe("# Hi\n\nA **bold** word.");
  expect(out.loaded).toEqual([]);
});
