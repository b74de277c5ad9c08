// Text helpers shared by the engine adapters: engines return HTML fragments and assorted date formats.
import { parseHTML } from "linkedom";

let scratch: { createElement(tag: string): { innerHTML: string; textContent: string | null } } | undefined;

/** HTML fragment (tags, entities) to plain text with collapsed whitespace. */
export function htmlToText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return fragment.replace(/\s+/g, " ").trim();
  scratch ??= parseHTML("<!doctype html><html><body></body></html>").document;
  const element = scratch.createElement("div");
  // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  element.innerHTML = fragment.replace(/<(?:p|br|div|li|tr|h[1-6])\b/gi, " $&");
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
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

