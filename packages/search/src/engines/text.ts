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

/**
 * The one date normaliser every engine uses: a date-like string (or epoch ms) to ISO 8601 in UTC with its zone
 * (`2025-03-14T09:30:00.000Z`), or null when it is not a date. A timestamp without a zone (SearXNG's Python
 * `isoformat()`, Brave's `page_age`, `2025-03-14 09:30:00`) is read as UTC, never as the machine's local time.
 */
export function isoDate(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  let input = value;
  if (typeof input === "string") {
    input = input.trim();
    if (input === "") return null;
    // Engines give zoneless timestamps in UTC; JavaScript would read them as local time.
    const zoneless = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(input);
    if (zoneless) input = `${zoneless[1]}T${zoneless[2]}Z`;
  }
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

