// Escaping by where the text sits: a backslash only where a CommonMark reader would otherwise read markup.
// The property test reads our Markdown back with the CommonMark reference parser and compares its text with
// the HTML's, so a marker that starts a list, a `#` that ends a heading or a `*` that pairs across text
// nodes shows up as text lost or changed.
import { Parser, type Node as MarkdownNode } from "commonmark";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { toMarkdown } from "../src/core/markdown.js";

const render = (body: string): string => {
  const doc = parseHtml(`<html><body>${body}</body></html>`);
  return toMarkdown(doc.body!, "https://example.test/page");
};

/** The text a reader of the rendered Markdown sees, without whitespace (block layout differs). */
function renderedText(markdown: string): string {
  const walker = new Parser().parse(markdown).walker();
  let out = "";
  for (let event = walker.next(); event; event = walker.next()) {
    const node: MarkdownNode = event.node;
    if (event.entering && (node.type === "text" || node.type === "code" || node.type === "code_block")) out += node.literal ?? "";
  }
  return out.replace(/\s+/g, "");
}

const htmlText = (body: string): string => (parseHtml(`<html><body>${body}</body></html>`).body!.textContent ?? "").replace(/\s+/g, "");

describe("escaping by position", () => {
  it("leaves block markers alone where no line starts", () => {
    expect(render("<h3><strong>1. High-Protein Meals</strong></h3>")).toBe("### **1. High-Protein Meals**");
    expect(render("<h2>1. Pliers</h2>")).toBe("## 1. Pliers");
    expect(render(`<p>Read <a href="/a">the guide</a> - then # 2. + more</p>`)).toBe("Read [the guide](https://example.test/a) - then # 2. + more");
    expect(render("<table><tr><th>#</th><th>name</th></tr><tr><td>1.</td><td>- x</td></tr></table>")).not.toContain("\\");
  });

  it("escapes them where a line starts: a block's start, after a break, in a list item", () => {
    expect(render("<p>1. not a list</p>")).toBe("1\\. not a list");
    expect(render("<p>first<br>- second</p>")).toContain("\n\\- second");
    expect(render("<ul><li>1. still one item</li></ul>")).toBe("-   1\\. still one item");
    expect(render("<p><span>&gt; no quote</span></p>")).toBe("\\> no quote");
    // A marker is one only when a space or the line's end follows it, whichever node writes what follows.
    expect(render("<p><span>01.</span>Can it</p><p><span>1.</span> x</p><p><span>*</span><span>*</span><span>*</span></p>")).toBe("01.Can it\n\n1\\. x\n\n\\***");
  });

  it("escapes a heading's closing #s, not a # inside it", () => {
    expect(render("<h2>Part #</h2>")).toBe("## Part \\#");
    expect(render("<h2>C# basics</h2>")).toBe("## C# basics");
  });

  it("pairs * and _ across the text nodes of a paragraph, not across paragraphs", () => {
    // A footnote star in a <sup> with no partner stays as written.
    expect(render("<p>Only $4<sup>*</sup> a month.</p><p><sup>*</sup> Terms apply.</p>")).toBe("Only $4* a month.\n\n\\* Terms apply.");
    // Two stars in one paragraph would make "s, like Alexa" emphasis: the opener is escaped.
    expect(render("<p>voice assistant<sup>*</sup>s, like Alexa<sup>*</sup>.</p>")).toBe("voice assistant\\*s, like Alexa*.");
    expect(render("<p>2*3 is <b>six</b> and 4*5 is twenty</p>")).toBe("2\\*3 is **six** and 4*5 is twenty");
    expect(render("<p>my_var and <i>other</i> names</p>")).toBe("my_var and _other_ names");
    // Text that would pair with the markup turndown writes: a star closing the `**` of a <strong>, a lone
    // backtick opening a code span that a <code> closes.
    expect(render("<p><strong>bold star* here</strong> and more</p>")).toBe("**bold star\\* here** and more");
    expect(render("<p>a ` b <code>c</code></p>")).toBe("a \\` b `c`");
    // GFM strikethrough: tildes for "about" would strike the words between them.
    expect(render("<p>It costs ~$5 and takes ~10 minutes, <del>not ~20</del>.</p>")).toBe("It costs \\~$5 and takes \\~10 minutes, ~~not \\~20~~.");
    expect(render("<p>When your mind wanders ~ which it will ~ breathe</p>")).toBe("When your mind wanders ~ which it will ~ breathe");
  });

  it("escapes brackets only for an inline link or a reference definition", () => {
    expect(render("<p>Press [CTRL][ALT][DEL] or the [beta]: menu</p>")).toBe("Press [CTRL][ALT][DEL] or the [beta]: menu");
    expect(render("<p>[docs](x) is not a link</p>")).toBe("\\[docs\\](x) is not a link");
    expect(render("<p>[ref]: https://example.test</p>")).toBe("\\[ref\\]: https://example.test");
  });

  it("never lets tildes split across text nodes open a code fence (fast-check seed 952097743)", () => {
    const html = "<p>~<span>~~~ word </span></p>";
    expect(renderedText(render(html))).toBe(htmlText(html));
  });

  it("keeps the text a reader sees, whatever the markers and wherever they fall (CommonMark reference parser)", () => {
    const token = fc.constantFrom("word", "snake_case_name", "*", "**", "_", "__", "#", "##", "1.", "2)", "-", "+", ">", "=", "===", "[x]", "(y)", "[", "]", "[r]:", "`", "C#", "a*b", "x_y_z", "~~~", "~", "~5");
    const text = fc.array(fc.tuple(token, fc.constantFrom(" ", "")), { minLength: 1, maxLength: 6 }).map((parts) => parts.map(([t, gap]) => t + gap).join(""));
    // Inline elements begin and end with a word and stand between spaces: turndown's `_` and `**` need word
    // edges to read as emphasis at all (a limit of turndown's, not of the escaping).
    // Elements that write no markup may touch their neighbours ("1." in one node, "Can" in the next).
    const bare = fc.tuple(fc.constantFrom("span", "sup", "a"), text, fc.constantFrom(" ", "")).map(([tag, t, gap]) => `${gap}<${tag}${tag === "a" ? ' href="/l"' : ""}>${t}</${tag}>${gap}`);
    const marked = fc.tuple(fc.constantFrom("strong", "em", "b", "i", "code", "span", "sup", "a"), text).map(([tag, t]) => ` <${tag}${tag === "a" ? ' href="/l"' : ""}>w ${t} w</${tag}> `);
    const inline = fc.oneof(bare, marked);
    // A line break always has text after it: turndown writes two breaks in a list item as a blank line, after
    // which the item's text is an indented code block (its layout, not an escape).
    const run = fc.tuple(text, fc.array(fc.oneof(text, inline, text.map((t) => `<br>${t}`)), { maxLength: 4 })).map(([first, rest]) => first + rest.join(""));
    const block = fc.tuple(fc.constantFrom("p", "h2", "li", "blockquote", "div"), run).map(([tag, content]) => (tag === "li" ? `<ul><li>${content}</li></ul>` : `<${tag}>${content}</${tag}>`));
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), (blocks) => {
        const html = blocks.join("");
        const markdown = render(html);
        expect(renderedText(markdown)).toBe(htmlText(html));
        // An identifier is never split by a backslash.
        expect(markdown).not.toMatch(/[\p{L}\p{N}]\\_[\p{L}\p{N}]/u);
      }),
      { numRuns: 500 },
    );
  });
});
