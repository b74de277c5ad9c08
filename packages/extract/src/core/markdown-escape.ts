// Escaping of page text for Markdown: a backslash only where the character would otherwise change the
// Markdown's meaning. turndown's default escapes every `_`, `*`, `[`, `]` and backtick, which turns
// identifiers such as thin_pool_autoextend_threshold into thin\_pool\_autoextend\_threshold for a reader
// (or an agent copying a name) while a renderer would have shown them the same either way.
//
// The rules follow CommonMark + GFM as they apply to one text run (turndown escapes one text node at a time):
// - `_` inside a word (a letter or digit on both sides) never opens or closes emphasis: never escaped. Other
//   `_` runs are escaped only when they can open and a later run can close (the opener alone is escaped).
// - `*` runs are escaped only when an opener and a later closer are both present (`*` works inside words),
//   and at the start of a line when a space follows (a list item).
// - backticks only when there are two or more (a lone one opens no code span).
// - `[` and `]` only when the text has link syntax in it (`](`, `][`, `]:`), since we never emit reference
//   definitions for a bare `[1]` to match.
// - `\` only before ASCII punctuation (elsewhere it is a literal backslash: C:\Users stays as written).
// - line-start markers (`#`, `>`, `-`, `+`, `=`, `~~~`, `1. `) as turndown does, since those start blocks.

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

export function escapeMarkdownText(text: string): string {
  let out = text.replace(/\\(?=[!-/:-@[-`{-~])/g, "\\\\");
  out = escapeDelimiterRuns(out, "_", false);
  out = escapeDelimiterRuns(out, "*", true);
  if ((out.match(/`/g)?.length ?? 0) >= 2) out = out.replace(/`/g, "\\`");
  if (/\]\s*[([:]/.test(out)) out = out.replace(/[[\]]/g, "\\$&");
  return out
    .replace(/^([-+*])(?=\s|$)/, "\\$1")
    .replace(/^(-{3,}|={2,})/, "\\$1")
    .replace(/^(#{1,6})(?=\s|$)/, "\\$1")
    .replace(/^~~~/, "\\~~~")
    .replace(/^```/, "\\```")
    .replace(/^>/, "\\>")
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
}

interface Run {
  start: number;
  end: number;
  canOpen: boolean;
  canClose: boolean;
}

/** Escapes every character of the delimiter runs of `ch` that could pair into emphasis. */
function escapeDelimiterRuns(text: string, ch: "_" | "*", intraword: boolean): string {
  if (!text.includes(ch)) return text;
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ch || text[i - 1] === "\\") continue;
    let j = i;
    while (text[j + 1] === ch) j++;
    const before = text[i - 1] ?? " ";
    const after = text[j + 1] ?? " ";
    const left = flanking(after, before);
    const right = flanking(before, after);
    if (!intraword && WORD.test(before) && WORD.test(after)) {
      // Inside a word: `_` emphasis cannot start or end here.
    } else if (left || right) {
      runs.push({ start: i, end: j + 1, canOpen: left, canClose: right });
    }
    i = j;
  }
  const escape = new Set<Run>();
  for (let a = 0; a < runs.length; a++) {
    const opener = runs[a]!;
    if (!opener.canOpen) continue;
    const closer = runs.slice(a + 1).find((r) => r.canClose);
    // Without its opener a closer is literal, so only openers get backslashes: `\_\_init__`, never `init\_\_`.
    if (closer) escape.add(opener);
  }
  if (escape.size === 0) return text;
  let out = "";
  let last = 0;
  for (const run of runs) {
    if (!escape.has(run)) continue;
    out += text.slice(last, run.start) + `\\${ch}`.repeat(run.end - run.start);
    last = run.end;
  }
  return out + text.slice(last);
}

/** CommonMark's flanking test, seen from one side: `next` is the character the run faces. */
function flanking(next: string, prev: string): boolean {
  if (/\s/.test(next)) return false;
  if (!ASCII_PUNCT.test(next) && !/\p{P}/u.test(next)) return true;
  return /\s/.test(prev) || ASCII_PUNCT.test(prev) || /\p{P}/u.test(prev);
}

/** A link destination that needs no backslashes: the characters Markdown reads specially are %-encoded. */
export function markdownLinkDestination(href: string): string {
  return href.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}
