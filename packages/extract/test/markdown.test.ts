import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { escapeMarkdownText, markdownLinkDestination } from "../src/core/markdown-escape.js";
import { markCodeLanguages, toMarkdown } from "../src/core/markdown.js";

const render = (body: string): string => {
  const doc = parseHtml(`<html><body>${body}</body></html>`);
  markCodeLanguages(doc);
  return toMarkdown(doc.body!, "https://example.test/docs/page");
};

describe("toMarkdown: emphasis", () => {
  it("puts * around emphasised text that holds a _, so the _ stays verbatim and the emphasis whole", () => {
    // Inside _..._ the _ after "Allnutt" could close the emphasis: it would need a backslash inside the word.
    const md = render('<p><em>See https://x.example/TomAllnutt_/status and set my_config_ first</em> then go on.</p>');
    expect(md).toBe("*See https://x.example/TomAllnutt_/status and set my_config_ first* then go on.");
    expect(render("<p><i>plain italic</i> text</p>")).toBe("_plain italic_ text");
  });
});

describe("escapeMarkdownText", () => {
  it("keeps identifiers verbatim: no backslash inside a word", () => {
    for (const id of ["thin_pool_autoextend_threshold", "MAX_RETRY_COUNT", "a_b_c and d_e", "x*y", "array[i]", "C:\\Users\\me", "don`t"]) {
      expect(escapeMarkdownText(id)).toBe(id);
    }
  });

  it("escapes what would become emphasis, code or a link", () => {
    expect(escapeMarkdownText("use _this_ word")).toBe("use \\_this_ word");
    expect(escapeMarkdownText("2*3*4")).toBe("2\\*3*4");
    expect(escapeMarkdownText("run `ls` now")).toBe("run \\`ls\\` now");
    expect(escapeMarkdownText("see [docs](x)")).toBe("see \\[docs\\](x)");
    expect(escapeMarkdownText("a \\* b")).toBe("a \\\\* b");
  });

  it("escapes block markers at the start of a line only", () => {
    expect(escapeMarkdownText("# not a heading")).toBe("\\# not a heading");
    expect(escapeMarkdownText("- not a list")).toBe("\\- not a list");
    expect(escapeMarkdownText("1995. A year")).toBe("1995\\. A year");
    expect(escapeMarkdownText("well-known #tag 3. item")).toBe("well-known #tag 3. item");
  });
});

describe("toMarkdown", () => {
  it("writes identifiers in prose and links without backslashes inside words", () => {
    const md = render(
      `<p>Set thin_pool_autoextend_threshold and __init__ in <a href="/wiki/Foo_(bar)">Foo_(bar)</a>.</p>`,
    );
    expect(md).toContain("Set thin_pool_autoextend_threshold and \\_\\_init__ in");
    expect(md).toContain("[Foo_(bar)](https://example.test/wiki/Foo_%28bar%29)");
    expect(md).not.toMatch(/[\p{L}\p{N}]\\[_*[\]()]/u);
  });

  it("keeps the code language from the pre, its code or a highlighter wrapper", () => {
    const md = render(
      `<pre><code class="language-python">print(1)</code></pre>` +
        `<div class="highlight-bash notranslate"><div class="highlight"><pre>ls -la</pre></div></div>` +
        `<pre data-language="go">package main</pre>` +
        `<div class="highlighter-rouge"><pre>plain</pre></div>`,
    );
    expect(md).toContain("```python\nprint(1)\n```");
    expect(md).toContain("```bash\nls -la\n```");
    expect(md).toContain("```go\npackage main\n```");
    expect(md).toContain("```\nplain\n```");
  });

  it("keeps a data table as a GFM table", () => {
    const md = render(
      `<table><tr><th>flag</th><th>default</th></tr><tr><td>max_workers</td><td>4</td></tr></table>`,
    );
    expect(md).toMatch(/\| flag \| default \|\n\| --- \| --- \|\n\| max_workers \| 4 +\|/);
  });

  it("keeps a table whose cells hold headings, lists, rules and quotes a GFM table, not raw HTML", () => {
    const md = render(
      `<table class="recipe" style="border:1px" data-id="7"><tr><td><h4>Ingredient</h4></td><td><h4>Amount</h4></td></tr>` +
        `<tr><td><ul><li>Oats</li><li>Milk <code>2%</code></li></ul></td><td>40 g<hr><blockquote>fresh</blockquote></td></tr>` +
        `<tr><td><ol><li>first</li><li>second</li></ol></td><td>plain</td></tr></table>`,
    );
    expect(md).not.toContain("<table");
    expect(md).not.toMatch(/class=|style=|data-id/);
    expect(md).toContain("| **Ingredient** | **Amount** |");
    // Each flattened block is a line of its own inside the cell: nothing glued to its neighbour.
    expect(md).toMatch(/\| • Oats +<br>• Milk `2%` \| 40 g +<br>fresh \|/);
    expect(md).toMatch(/\| 1\. first +<br>2\\?\. second \| plain \|/);
  });

  it("keeps every child of a list in a cell, not only its items, and an ordered list's start number", () => {
    const md = render(
      `<table><tr><th>a</th><th>b</th></tr><tr><td><ul><li>listed</li><div>stray block</div></ul></td>` +
        `<td><ol start="4"><li>fourth</li><li>fifth</li></ol></td></tr></table>`,
    );
    expect(md).not.toContain("<table");
    // A <div> is a block to turndown: a blank line before it, as between two paragraphs in a cell.
    expect(md).toMatch(/\| • listed *(?:<br>)+stray block \| 4\. fourth +<br>5\\?\. fifth \|/);
  });

  it("reads a table holding a code block as blocks, so the code keeps its fence and language", () => {
    const md = render(`<table><tr><td>Example</td><td><pre class="language-js"><code>let x = 1;\nx++;</code></pre></td></tr></table>`);
    expect(md).not.toContain("<table");
    expect(md).toContain("Example");
    expect(md).toContain("```js\nlet x = 1;\nx++;\n```");
  });
});

describe("markdownLinkDestination", () => {
  it("percent-encodes the characters Markdown reads in a destination", () => {
    expect(markdownLinkDestination("https://x.test/a (b)<c>")).toBe("https://x.test/a%20%28b%29%3Cc%3E");
  });
});
