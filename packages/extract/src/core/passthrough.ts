// JSON, XML and plain text are content already: returned whole, fenced as code in Markdown.
import { removeInvisibleChars } from "./text.js";

export type PassthroughKind = "json" | "xml" | "text" | "csv" | "markdown";

export function passthroughKind(contentType: string): PassthroughKind | null {
  const ct = contentType.toLowerCase();
  if (/[/+]json\b|\/x-ndjson|\/jsonl?\b/.test(ct)) return "json";
  if (/[/+]xml\b|\/rss|\/atom/.test(ct)) return "xml";
  if (/text\/csv|text\/tab-separated/.test(ct)) return "csv";
  if (/text\/markdown/.test(ct)) return "markdown";
  if (/^text\/(?:plain|x-[\w-]+)|\/javascript|\/yaml|\/x-yaml|text\/calendar/.test(ct)) return "text";
  return null;
}

export function renderPassthrough(body: string, kind: PassthroughKind): { markdown: string; text: string } {
  let text = removeInvisibleChars(body).replace(/\r\n?/g, "\n").trimEnd();
  if (kind === "json") {
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not valid JSON (NDJSON, truncated): keep it as it came.
    }
  }
  if (kind === "markdown") return { markdown: text, text };
  // A fence longer than any backtick run inside cannot be closed early by the content.
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const lang = kind === "text" ? "" : kind;
  return { markdown: `${fence}${lang}\n${text}\n${fence}`, text };
}
