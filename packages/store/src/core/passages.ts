import { findCut } from "./paging.js";

/** A searchable piece of a page: `markdown.slice(start, end)` is its text, trimmed of outer whitespace. */
export interface PassageSpan {
  heading: string;
  start: number;
  end: number;
}

/** Sections longer than this are split further at paragraph boundaries so a hit points somewhere useful. */
export const MAX_PASSAGE_CHARS = 2400;

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
// Lines that cannot be the text of a setext heading (lists, quotes, tables, fences, ATX headings).
const NOT_SETEXT_TEXT = /^ {0,3}(?:[-*+>|#]|\d+[.)]\s|`{3}|~{3})/;

interface Line {
  start: number;
  text: string;
}

function splitLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= markdown.length) {
    const newline = markdown.indexOf("\n", start);
    const end = newline === -1 ? markdown.length : newline;
    lines.push({ start, text: markdown.slice(start, end).replace(/\r$/, "") });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

interface HeadingMark {
  start: number;
  heading: string;
}

/** Offsets where a heading line begins, ignoring anything inside fenced code blocks. */
function findHeadings(markdown: string): HeadingMark[] {
  const marks: HeadingMark[] = [];
  let fence: string | null = null;
  let previous: Line | null = null;
  let previousIsText = false;
  for (const line of splitLines(markdown)) {
    const fenceMatch = FENCE_OPEN.exec(line.text);
    if (fence !== null) {
      if (fenceMatch?.[1] !== undefined && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.text.trim() === fenceMatch[1]) {
        fence = null;
      }
      previous = line;
      previousIsText = false;
      continue;
    }
    if (fenceMatch?.[1] !== undefined) {
      fence = fenceMatch[1];
      previousIsText = false;
      previous = line;
      continue;
    }
    const atx = ATX_HEADING.exec(line.text);
    if (atx !== null) {
      marks.push({ start: line.start, heading: (atx[2] ?? "").trim() });
      previousIsText = false;
    } else if (previous !== null && previousIsText && SETEXT_UNDERLINE.test(line.text)) {
      marks.push({ start: previous.start, heading: previous.text.trim() });
      previousIsText = false;
    } else {
      previousIsText = line.text.trim() !== "" && !NOT_SETEXT_TEXT.test(line.text);
    }
    previous = line;
  }
  return marks;
}

/** Narrows [start, end) to exclude leading and trailing whitespace; null when nothing is left. */
function trimSpan(markdown: string, start: number, end: number): { start: number; end: number } | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(markdown[from] ?? "")) from += 1;
  while (to > from && /\s/.test(markdown[to - 1] ?? "")) to -= 1;
  return from < to ? { start: from, end: to } : null;
}

/**
 * Cuts a page at its Markdown headings (ATX and setext, not inside code fences). Text before the
 * first heading is a passage with an empty heading. Over-long sections are split at paragraph
 * boundaries and keep their heading.
 */
export function splitIntoPassages(markdown: string): PassageSpan[] {
  const headings = findHeadings(markdown);
  const sections: HeadingMark[] = [];
  if (headings.length === 0 || (headings[0]?.start ?? 0) > 0) sections.push({ start: 0, heading: "" });
  sections.push(...headings);

  const passages: PassageSpan[] = [];
  sections.forEach((section, index) => {
    const sectionEnd = sections[index + 1]?.start ?? markdown.length;
    let pieceStart = section.start;
    while (pieceStart < sectionEnd) {
      const remaining = sectionEnd - pieceStart;
      const pieceEnd = remaining <= MAX_PASSAGE_CHARS ? sectionEnd : Math.min(sectionEnd, findCut(markdown, pieceStart, MAX_PASSAGE_CHARS));
      const span = trimSpan(markdown, pieceStart, pieceEnd);
      if (span !== null) passages.push({ heading: section.heading, ...span });
      pieceStart = pieceEnd;
    }
  });
  return passages;
}
