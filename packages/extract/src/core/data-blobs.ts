// Machine state written into the page as text: a widget's configuration or a grid's state serialised as
// JSON in an element the site's stylesheet hides (Amazon's `aok-hidden` state divs, 56 kB on one dev page).
// We cannot see the external stylesheet, but no reader is meant to read a JSON object as prose.
import { TEXT_NODE } from "./dom.js";

// Shorter JSON is too often a legitimate inline example ("{}", a small config in a paragraph).
const MIN_BLOB_CHARS = 200;
// Code shows JSON on purpose.
const CODE_TAGS = new Set(["pre", "code", "samp", "kbd", "textarea", "script"]);

/** Whether `el` holds nothing but one JSON object or array of some size, outside code. */
export function isDataBlob(el: Element): boolean {
  // The parser may split one run of text into many nodes (one per entity), so every child must be text.
  const head = el.firstChild;
  if (!head || head.nodeType !== TEXT_NODE) return false;
  const opening = (head as Text).data.trimStart()[0];
  if (opening !== "{" && opening !== "[") return false;
  for (let n: ChildNode | null = el.firstChild; n; n = n.nextSibling) if (n.nodeType !== TEXT_NODE) return false;
  const text = (el.textContent ?? "").trim();
  if (text.length < MIN_BLOB_CHARS) return false;
  const first = text[0];
  const last = text[text.length - 1];
  if (!((first === "{" && last === "}") || (first === "[" && last === "]"))) return false;
  for (let p: Element | null = el; p; p = p.parentElement) if (CODE_TAGS.has(p.localName)) return false;
  try {
    const value: unknown = JSON.parse(text);
    // An array of plain words ("[a, b]" lists written as JSON) is still prose-like; objects and nested data are not.
    return typeof value === "object" && value !== null && (!Array.isArray(value) || value.some((v) => typeof v === "object" && v !== null));
  } catch {
    return false;
  }
}
