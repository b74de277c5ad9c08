// collapsedLength counts what `text.replace(/\s+/g, " ").trim().length` would, without building the string;
// every size comparison of the extraction chain reads it, so it must agree on every character.
import fc from "fast-check";
import { expect, it } from "vitest";
import { collapsedLength, hasText, parseHtml, textLength } from "../src/core/dom.js";

const byRegex = (text: string): number => text.replace(/\s+/g, " ").trim().length;

// Every character JavaScript calls whitespace, look-alikes it does not (U+0085, U+180E, U+200B), letters.
const tricky = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u0085", "\u180e", "\u200b", "a", "é", "😀"];

it("agrees with the regex on strings of whitespace, look-alikes and letters", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...tricky), { maxLength: 40 }), (parts) => {
      const text = parts.join("");
      expect(collapsedLength(text)).toBe(byRegex(text));
    }),
    { numRuns: 2000 },
  );
});

it("agrees with the regex for every character of the Basic Multilingual Plane", () => {
  for (let code = 0; code < 0x10000; code++) {
    const text = ` a${String.fromCharCode(code)}b${String.fromCharCode(code)} `;
    if (collapsedLength(text) !== byRegex(text)) throw new Error(`U+${code.toString(16)}: ${collapsedLength(text)} vs ${byRegex(text)}`);
  }
});

it("measures an element's text with runs of whitespace counted once", () => {
  const doc = parseHtml("<html><body><div id=x>\n  Hello \t <b>big</b>\n\n world  </div></body></html>");
  expect(textLength(doc.getElementById("x")!)).toBe("Hello big world".length);
});

it("hasText says whether an element has any text, as textLength > 0 would, on generated trees", () => {
  const pieces = ["<b>", "</b>", "<div>", "</div>", "<span> </span>", "<!-- note -->", " ", "\u00a0", "\u200b", "x", "\n", "<br>", "<p>\t</p>"];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }), (parts) => {
      const doc = parseHtml(`<html><body><main id=m>${parts.join("")}</main></body></html>`);
      const main = doc.getElementById("m")!;
      expect(hasText(main)).toBe(textLength(main) > 0);
    }),
    { numRuns: 1000 },
  );
});
