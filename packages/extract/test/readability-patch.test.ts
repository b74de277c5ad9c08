// patches/@mozilla__readability@0.6.0.patch changes how Readability computes its answers, never the answers:
// an element "without content" is found by stopping at the first non-blank text, a byline's text is read only
// when the node looks like a byline, a list's children are read once, text lengths are counted without
// building the normalised text, comma counts are taken from the raw text, the conditional cleaner reads a
// node's text once for all its checks, and an element's style is read only when it has a style attribute.
// The helpers are checked against Readability's own definitions on every element of pages built to hit the
// edge cases (whitespace-only text in several nodes, text only deep down, only in a comment, only in a
// <template>, non-breaking spaces, which trim() removes), and whole articles against the published package.
import { Readability } from "@mozilla/readability";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a bench script in plain JavaScript, without types.
import { loadStockReadability } from "../bench/stock-readability.mjs";
import { parseHtml } from "../src/core/dom.js";
import { fixture } from "./helpers.js";

const PAGE = `<html><body>
  <div id=blank>  \n<br> \t <hr> </div>
  <div id=spans>  <span> </span> </div>
  <div id=deep><div><div><section><span>   </span><span><b>x</b></span></section></div></div></div>
  <div id=comment> <!-- only a comment --> </div>
  <div id=template><template>inside</template></div>
  <div id=nbsp>&nbsp; &#8239;</div>
  <section id=late>  <p> </p> <p>  </p> <p>last</p></section>
  <h2 id=heading><a href=/x>  </a></h2>
</body></html>`;

describe("patched Readability", () => {
  it("finds elements without content exactly as reading their whole text would", () => {
    const doc = parseHtml(PAGE);
    const reader = new Readability(doc) as unknown as { _isElementWithoutContent(node: Element): boolean };
    const definition = (node: Element): boolean =>
      !node.textContent!.trim().length &&
      (!node.children.length || node.children.length === node.getElementsByTagName("br").length + node.getElementsByTagName("hr").length);
    const elements = Array.from(doc.querySelectorAll("*"));
    expect(elements.length).toBeGreaterThan(20);
    for (const el of elements) expect([el.id || el.localName, reader._isElementWithoutContent(el)]).toEqual([el.id || el.localName, definition(el)]);
    expect(reader._isElementWithoutContent(doc.getElementById("blank")!)).toBe(true);
    expect(reader._isElementWithoutContent(doc.getElementById("nbsp")!)).toBe(true);
    expect(reader._isElementWithoutContent(doc.getElementById("deep")!)).toBe(false);
    expect(reader._isElementWithoutContent(doc.getElementById("late")!)).toBe(false);
  });

  it("answers for an element nested deeper than the call stack would allow a recursive walk", () => {
    const depth = 50_000;
    const tower = (inner: string): string => `${"<span>".repeat(depth)}${inner}${"</span>".repeat(depth)}`;
    const doc = parseHtml(`<html><body><div id=text>${tower("x")}</div><div id=blank>${tower(" ")}</div></body></html>`);
    const reader = new Readability(doc) as unknown as { _hasNonBlankText(node: Element): boolean };
    expect(reader._hasNonBlankText(doc.getElementById("text")!)).toBe(true);
    expect(reader._hasNonBlankText(doc.getElementById("blank")!)).toBe(false);
  });

  it("counts text lengths and commas exactly as building the normalised text would", () => {
    const doc = parseHtml(`${PAGE.replace("</body></html>", "")}
      <div id=mixed>\u2028 a,\u00a0\u00a0b ,, c\t\n d\ufeff</div><p id=ws>\u3000 \u205f</p><p id=one>x</p>
      <ul id=list><li> one, two </li><li>three\u2003\u2003four</li></ul></body></html>`);
    const reader = new Readability(doc) as unknown as {
      _getInnerText(node: Element, normalize?: boolean): string;
      _getInnerTextLength(node: Element): number;
      _getCharCount(node: Element, separator?: string): number;
    };
    const elements = Array.from(doc.querySelectorAll("*"));
    expect(elements.length).toBeGreaterThan(25);
    for (const el of elements) {
      const label = el.id || el.localName;
      expect([label, reader._getInnerTextLength(el)]).toEqual([label, reader._getInnerText(el, true).length]);
      expect([label, reader._getCharCount(el)]).toEqual([label, reader._getInnerText(el).split(",").length - 1]);
    }
    expect(reader._getInnerTextLength(doc.getElementById("mixed")!)).toBe("a, b ,, c d".length);
    expect(reader._getCharCount(doc.getElementById("mixed")!)).toBe(3);
    expect(reader._getInnerTextLength(doc.getElementById("ws")!)).toBe(0);
  });

  it("judges visibility exactly as reading every element's style would", () => {
    const doc = parseHtml(`<html><body>
      <div id=plain>a</div><div id=empty-style style="">b</div><div id=coloured style="color:red">c</div>
      <div id=none style="display:none">d</div><div id=spaced style=" DISPLAY : none ">e</div>
      <div id=invisible style="visibility:hidden">f</div><p id=hidden hidden>g</p>
      <span id=aria aria-hidden=true>h</span><img id=fallback class="mwe-math-fallback-image-inline" aria-hidden=true>
    </body></html>`);
    const reader = new Readability(doc) as unknown as { _isProbablyVisible(node: Element): boolean };
    // Readability's own definition, before the patch: the style object is read for every element.
    const definition = (node: HTMLElement): boolean =>
      (!node.style || node.style.display != "none") &&
      (!node.style || node.style.visibility != "hidden") &&
      !node.hasAttribute("hidden") &&
      (!node.hasAttribute("aria-hidden") || node.getAttribute("aria-hidden") != "true" || node.className.includes("fallback-image"));
    const elements = Array.from(doc.querySelectorAll("*")) as HTMLElement[];
    expect(elements.length).toBeGreaterThan(10);
    for (const el of elements) expect([el.id || el.localName, Boolean(reader._isProbablyVisible(el))]).toEqual([el.id || el.localName, definition(el)]);
    expect(reader._isProbablyVisible(doc.getElementById("plain")!)).toBe(true);
    expect(reader._isProbablyVisible(doc.getElementById("none")!)).toBe(false);
    expect(reader._isProbablyVisible(doc.getElementById("invisible")!)).toBe(false);
    expect(reader._isProbablyVisible(doc.getElementById("fallback")!)).toBe(true);
  });

  it("picks and cleans every fixture page exactly as the published Readability does", () => {
    // The published files are rebuilt by reversing the patch (bench/stock-readability.mjs); both read the same
    // linkedom documents with the same options, so any answer a patch changed shows in the article.
    const { Readability: Stock } = loadStockReadability() as { Readability: typeof Readability };
    const names = readdirSync(new URL("./fixtures", import.meta.url)).filter((name) => !name.includes("."));
    expect(names.length).toBeGreaterThan(15);
    let articles = 0;
    for (const name of names) {
      const read = (Reader: typeof Readability) => {
        const article = new Reader(parseHtml(fixture(name)), { charThreshold: 300, keepClasses: true }).parse();
        return article && { title: article.title, byline: article.byline, excerpt: article.excerpt, length: article.length, content: article.content };
      };
      const ours = read(Readability);
      expect([name, ours]).toEqual([name, read(Stock)]);
      if (ours) articles++;
    }
    expect(articles).toBeGreaterThan(10);
  });
});
