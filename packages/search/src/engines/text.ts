// Text helpers shared by the engine adapters: engines return HTML fragments and assorted date formats.
import { createRequire } from "node:module";
import { decodeHTML } from "entities";

const require = createRequire(import.meta.url);
type LinkedomModule = typeof import("linkedom");
let linkedom: LinkedomModule | undefined;

/**
 * A full DOM for scraped result pages (DuckDuckGo). Loaded on first use: it costs ~0.3 s to import,
 * and the JSON engines never need it.
 */
export function parseHtmlDocument(html: string): ReturnType<LinkedomModule["parseHTML"]> {
  linkedom ??= require("linkedom") as LinkedomModule;
  return linkedom.parseHTML(html);
}

/**
 * An engine's HTML fragment (a snippet with <span class="searchmatch">, entities) to plain text
 * with collapsed whitespace. Fragments from APIs are small and flat, so tags are dropped and
 * entities decoded without building a DOM.
 */
export function htmlToText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return fragment.replace(/\s+/g, " ").trim();
  const withoutTags = fragment
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
    .replace(/<\/?(?:p|br|div|li|tr|td|th|h[1-6])\b[^>]*>/gi, " ")
    .replace(/<\/?[a-z][^>]*>/gi, "");
  return decodeHTML(withoutTags).replace(/\s+/g, " ").trim();
}

/** A date-like string (or epoch ms) to ISO 8601, or null when it is not a date. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  let input = value;
  if (typeof input === "string") {
    input = input.trim();
    if (input === "") return null;
    // Engines give zoneless timestamps in UTC; JavaScript would read them as local time.
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(input)) input = `${input}Z`;
  }
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

