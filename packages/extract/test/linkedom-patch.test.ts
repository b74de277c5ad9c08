// patches/linkedom@0.18.15.patch makes linkedom create a node's listener map on first use instead of in every
// node's constructor (about 10% of extraction time), keeps upper-case tag names instead of upper-casing
// on every tagName read, hyphenates style property names once, keeps a class list's joined value until
// the list changes, and stores a parsed class value in its class-list form without building the list.
// In the one-file build only (its bundled copy of htmlparser2), a heading start tag closes an open heading. Events and names must still work as before, in the ES-module build and in the one-file
// build (`linkedom/worker`, which extraction loads: the patch is applied to both).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseHTML as parseWithModules } from "linkedom";
import { parseHTML as parseWithOneFile } from "linkedom/worker";
import { describe, expect, it } from "vitest";

it("the one-file build carries every part of the patch", () => {
  const file = join(dirname(createRequire(import.meta.url).resolve("linkedom/package.json")), "worker.js");
  expect(readFileSync(file, "utf8").match(/websift patch/g)?.length).toBe(9);
});

it.each([
  ["ES-module build", parseWithModules],
  ["one-file build", parseWithOneFile],
])("the %s reads HTML attribute names in lower case, the first spelling winning, as a browser's parser does", (_name, parse) => {
  const { document } = parse(
    '<html><body><div STYLE="display:none" Hidden>a</div><time dateTime="2024-09-17">b</time><p style="color:red" STYLE="color:blue">c</p></body></html>',
  );
  const div = document.querySelector("div")!;
  expect(div.getAttribute("style")).toBe("display:none");
  expect(div.hasAttribute("hidden")).toBe(true);
  expect(document.querySelector("time[datetime]")!.getAttribute("datetime")).toBe("2024-09-17");
  const p = document.querySelector("p")!;
  expect(Array.from(p.attributes).map((a) => `${a.name}=${a.value}`)).toEqual(["style=color:red"]);
  // XML keeps its names' case.
  const xml = new (parse("<html></html>").DOMParser)().parseFromString('<r><e fooBar="1"/></r>', "text/xml");
  expect(xml.querySelector("e")!.getAttribute("fooBar")).toBe("1");
});

it("the one-file build closes a heading when another heading starts inside it, as a browser's parser does", () => {
  const { document } = parseWithOneFile(
    "<html><body><h1>Top Strategies<div class=divider></div><h3>Posted on July 1, 2024</h3><p>Body text.</p></body></html>",
  );
  expect(document.querySelector("h1")!.textContent).toBe("Top Strategies");
  expect(document.querySelector("h3")!.parentElement!.localName).toBe("body");
  // A heading still closes an open paragraph, and text after a closed heading is the body's.
  const second = parseWithOneFile("<html><body><p>Intro<h2>Section</h2>after</body></html>").document;
  expect(second.querySelector("p")!.textContent).toBe("Intro");
  expect(second.querySelector("h2")!.textContent).toBe("Section");
});

describe.each([
  ["ES modules", parseWithModules],
  ["one-file build", parseWithOneFile as typeof parseWithModules],
])("%s", (_build, parseHTML) => {

  describe("patched linkedom events", () => {
    it("delivers an event to a listener added after parsing, bubbling to the parent, and stops after removal", () => {
      const { document, Event } = parseHTML("<html><body><div id=outer><p id=inner>x</p></div></body></html>");
      const inner = document.getElementById("inner")!;
      const outer = document.getElementById("outer")!;
      const seen: string[] = [];
      const onInner = (): void => void seen.push("inner");
      inner.addEventListener("ping", onInner);
      outer.addEventListener("ping", () => seen.push("outer"));
      inner.dispatchEvent(new Event("ping", { bubbles: true }));
      expect(seen).toEqual(["inner", "outer"]);
      inner.removeEventListener("ping", onInner);
      inner.dispatchEvent(new Event("ping", { bubbles: true }));
      expect(seen).toEqual(["inner", "outer", "outer"]);
    });

    it("removing a listener from a node that never had one is a no-op, as in a browser", () => {
      const { document, Event } = parseHTML("<html><body><p>x</p></body></html>");
      const p = document.querySelector("p")!;
      expect(() => p.removeEventListener("ping", () => {})).not.toThrow();
      expect(p.dispatchEvent(new Event("ping"))).toBe(true);
    });

    it("reports tag names in upper case, past the bounded cache of names too", () => {
      const names = Array.from({ length: 2500 }, (_, i) => `x-el${i}`);
      const { document } = parseHTML(`<html><body><p>a</p><svg><clipPath></clipPath></svg>${names.map((n) => `<${n}></${n}>`).join("")}</body></html>`);
      expect(document.querySelector("p")!.tagName).toBe("P");
      expect(document.getElementsByTagName("P").length).toBe(1);
      expect(document.getElementsByTagName("p").length).toBe(1);
      for (const i of [0, 2047, 2048, 2499]) expect(document.getElementsByTagName(names[i]!)[0]!.tagName).toBe(names[i]!.toUpperCase());
    });

    it("answers a selector asked again, of another document or element, as it did the first time; :scope stays the element's", () => {
      const first = parseHTML(`<html><body><div class=a><p>1</p></div><p>2</p></body></html>`).document;
      const second = parseHTML(`<html><body><p>3</p><div class=a><p>4</p><p>5</p></div></body></html>`).document;
      for (let round = 0; round < 2; round++) {
        expect(Array.from(first.querySelectorAll(".a p"), (p) => p.textContent)).toEqual(["1"]);
        expect(Array.from(second.querySelectorAll(".a p"), (p) => p.textContent)).toEqual(["4", "5"]);
        expect(second.querySelector("p + p")!.textContent).toBe("5");
        expect(first.querySelector("p")!.closest(".a")).toBe(first.querySelector("div"));
        expect(Array.from(second.querySelector("div")!.querySelectorAll(":scope > p"), (p) => p.textContent)).toEqual(["4", "5"]);
        expect(first.querySelector("div")!.querySelectorAll(":scope > p").length).toBe(1);
      }
    });

    it("reads and writes inline style properties by their camel-case names", () => {
      const { document } = parseHTML(`<html><body><p style="display: none; background-color: red">a</p><p>b</p></body></html>`);
      const [first, second] = Array.from(document.querySelectorAll("p"));
      expect(first!.style.display).toBe("none");
      expect(first!.style.backgroundColor).toBe("red");
      expect(second!.style.display).toBe("");
      second!.style.marginTop = "4px";
      expect(second!.getAttribute("style")).toBe("margin-top:4px");
    });

    it("reads the class attribute afresh after every kind of change to the class list", () => {
      const { document } = parseHTML(`<html><body><p class="a  b a">x</p></body></html>`);
      const p = document.querySelector("p")!;
      expect(p.className).toBe("a b");
      expect(p.getAttribute("class")).toBe("a b");
      p.classList.add("c");
      expect(p.className).toBe("a b c");
      p.classList.remove("a");
      expect(p.getAttribute("class")).toBe("b c");
      p.classList.toggle("d");
      p.classList.toggle("b");
      expect(p.className).toBe("c d");
      p.classList.replace("c", "e");
      expect(p.className).toBe("d e");
      p.className = "f g";
      expect(p.getAttribute("class")).toBe("f g");
      p.setAttribute("class", "h");
      expect(p.className).toBe("h");
      p.removeAttribute("class");
      expect(p.className).toBe("");
      p.classList.add("i");
      expect(p.outerHTML).toBe('<p class="i">x</p>');
    });

    it("stores a parsed class value as the class list would write it, and builds the list on first use", () => {
      const { document } = parseHTML(
        `<html><body><p id=a class="  b a  b\tc \u00a0">x</p><p id=b class=one>y</p><p id=c class="  ">z</p><svg class="s  t s"></svg></body></html>`,
      );
      const a = document.getElementById("a")!;
      expect(a.getAttribute("class")).toBe("b a c");
      expect(a.outerHTML).toBe('<p id="a" class="b a c">x</p>');
      expect(a.classList.contains("c")).toBe(true);
      expect(a.classList.length).toBe(3);
      a.classList.add("d");
      expect(a.getAttribute("class")).toBe("b a c d");
      expect(document.getElementById("b")!.className).toBe("one");
      expect(document.getElementById("c")!.getAttribute("class")).toBe("");
      expect(document.querySelector(".one")!.id).toBe("b");
      expect(document.querySelector("svg")!.getAttribute("class")).toBe("s t");
    });
  });
});
