// Escaping of page text for Markdown: a backslash only where the character would otherwise change the
// Markdown's meaning. turndown's default escapes every `_`, `*`, `[`, `]` and backtick, which turns
// identifiers such as thin_pool_autoextend_threshold into thin\_pool\_autoextend\_threshold for a reader
// (or an agent copying a name) while a renderer would have shown them the same either way.
//
// The rules follow CommonMark + GFM. turndown escapes one text node at a time; the caller may say where the
// node sits (EscapeContext), since emphasis pairs across a paragraph and block markers only count at the
// start of a line:
// - `_` inside a word (a letter or digit on both sides) never opens or closes emphasis: never escaped. Other
//   `_` runs are escaped only when they can open and a later run of the paragraph can close (the opener alone
//   is escaped).
// - `*` runs are escaped only when an opener and a later closer are both present (`*` works inside words),
//   and at the start of a line when a space follows (a list item). `~` runs the same way (GFM strikethrough).
// - backticks only when there are two or more (a lone one opens no code span).
// - `[` and `]` only when the text has an inline link in it (`](`), begins a line with a reference
//   definition (`[a]: x`) or sits in a link whose brackets do not balance (`[a [ b](x)` links " b");
//   without a definition `[CTRL][ALT]` or `[beta]:` is plain text.
// - `\` only before ASCII punctuation (elsewhere it is a literal backslash: C:\Users stays as written).
// - line-start markers (`#`, `>`, `-`, `+`, `=`, `~~~`, `1. `, a line of `_`, `*` or `-`) as turndown does, but
//   only for text that begins a line: `**1. Protein**` or `Plan<sup>*</sup>` start no list.

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
// `[label]: destination` at the start of a line defines a link reference (the only way `[a][b]` links).
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:/;

export interface EscapeContext {
  /** The text begins a line of the Markdown (a block's start, or after a line break). Default: true. */
  lineStart?: boolean;
  /**
   * Offsets in the text of the characters to escape that depend on the rest of the paragraph: `_`, `*`
   * and backticks (`delimiterEscapes` over the paragraph's text) and a heading's closing `#`s. By default
   * they are worked out over this text alone.
   */
  escapes?: ReadonlySet<number>;
  /** Every `[` and `]` needs a backslash: the text is inside a link whose brackets do not balance. */
  brackets?: boolean;
  /**
   * A character other than a space follows the text on its line (the next text node begins with one), so
   * a marker at the text's end is no marker: `1.` then `Can` reads "1.Can".
   */
  continues?: boolean;
}

export function escapeMarkdownText(text: string, context: EscapeContext = {}): string {
  const escapes = context.escapes ?? delimiterEscapes(text);
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\\" && ASCII_PUNCT.test(text[i + 1] ?? "")) out += "\\\\";
    else if (escapes.has(i)) out += `\\${ch}`;
    else out += ch;
  }
  const lineStart = context.lineStart !== false;
  if (context.brackets || out.includes("](") || (lineStart && LINK_DEFINITION.test(out))) out = out.replace(/[[\]]/g, "\\$&");
  if (!lineStart) return out;
  const marker = context.continues ? CONTINUED_LINE_MARKERS : LINE_MARKERS;
  out = out
    .replace(marker.bullet, "\\$1")
    .replace(/^(-{3,}|={2,})/, "\\$1")
    .replace(marker.heading, "\\$1")
    // Any tilde, not only a run of three: the next text node may add the rest of a fence ("~" then "~~~ word").
    .replace(/^~/, "\\~")
    .replace(/^```/, "\\```")
    .replace(/^>/, "\\>")
    .replace(marker.ordered, "$1\\$2");
  // A line of one marker character (spaces allowed): a thematic break (`_ __`, `* * *`) or a setext underline
  // (`=`). Every one of them: a `*` left over after one escaped could still close emphasis.
  return context.continues ? out : out.replace(/^([-*_=])(?:[ \t]*\1)*[ \t]*$/, (line) => line.replace(/[-*_=]/g, "\\$&"));
}

// A list marker or an ATX heading's `#`s count when a space or the line's end follows them.
const LINE_MARKERS = { bullet: /^([-+*])(?=\s|$)/, heading: /^(#{1,6})(?=\s|$)/, ordered: /^(\d{1,9})([.)])(?=\s|$)/ };
const CONTINUED_LINE_MARKERS = { bullet: /^([-+*])(?=\s)/, heading: /^(#{1,6})(?=\s)/, ordered: /^(\d{1,9})([.)])(?=\s)/ };

/**
 * Offsets of the `#`s that would end an ATX heading whose text is `text` (a run after a space at the end of
 * a line: `### Dose #` is the heading "Dose"; a line break inside a heading ends its line too).
 */
export function closingHashEscapes(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/(?:^|[ \t])(#+)[ \t]*$/gm)) {
    const end = m.index + m[0].replace(/[ \t]+$/, "").length;
    for (let k = end - m[1]!.length; k < end; k++) out.add(k);
  }
  return out;
}

/**
 * Offsets of the characters of `text` that could pair into markup: `_` and `*` runs that open emphasis with
 * a closer after them, and every backtick when there are two or more (a code span). `markup` marks the
 * characters that are not page text but markup the converter writes around it (`**` for <strong>, `_` for
 * <em>, a code span's backticks), opening or closing: they are never escaped, but page text that would pair
 * with them is.
 */
export function delimiterEscapes(text: string, markup?: ReadonlyMap<number, "opens" | "closes">): Set<number> {
  const out = new Set<number>();
  const ticks: number[] = [];
  let markupTicks = 0;
  for (let i = text.indexOf("`"); i >= 0; i = text.indexOf("`", i + 1)) {
    if (markup?.has(i)) markupTicks++;
    else ticks.push(i);
  }
  if (ticks.length > 0 && ticks.length + markupTicks >= 2) for (const i of ticks) out.add(i);
  if (text.includes("_")) addDelimiterEscapes(text, "_", false, markup, out);
  if (text.includes("*")) addDelimiterEscapes(text, "*", true, markup, out);
  // GFM strikethrough (the Markdown has GFM tables, so a GFM reader): `~5 to ~10 minutes` strikes "5 to ".
  if (text.includes("~")) addDelimiterEscapes(text, "~", true, markup, out);
  return out;
}

interface Run {
  start: number;
  end: number;
  canOpen: boolean;
  canClose: boolean;
  /** Offsets of the run's page-text characters (the others are markup). */
  text: number[];
}

/**
 * Adds the offsets of the page-text characters of the delimiter runs of `ch` that could pair into emphasis:
 * an opener with a closer after it (only openers: without its opener a closer is literal, so `\_\_init__`,
 * never `init\_\_`); a closer inside markup the converter opened (`**bold*`); a text run touching the converter's.
 */
function addDelimiterEscapes(text: string, ch: "_" | "*" | "~", intraword: boolean, markup: ReadonlyMap<number, "opens" | "closes"> | undefined, out: Set<number>): void {
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ch || (text[i - 1] === "\\" && !markup?.has(i))) continue;
    let j = i;
    while (text[j + 1] === ch) j++;
    const before = text[i - 1] ?? " ";
    const after = text[j + 1] ?? " ";
    const left = flanking(after, before);
    const right = flanking(before, after);
    if (!intraword && WORD.test(before) && WORD.test(after)) {
      // Inside a word: `_` emphasis cannot start or end here.
    } else if (left || right) {
      const own: number[] = [];
      for (let k = i; k <= j; k++) if (!markup?.has(k)) own.push(k);
      runs.push({ start: i, end: j + 1, canOpen: left, canClose: right, text: own });
    }
    i = j;
  }
  let closerAfter = false;
  for (let a = runs.length - 1; a >= 0; a--) {
    const run = runs[a]!;
    if (run.canOpen && closerAfter) for (const k of run.text) out.add(k);
    if (run.canClose) closerAfter = true;
  }
  let openMarkup = 0;
  for (const run of runs) {
    const mixed = run.text.length > 0 && run.text.length < run.end - run.start;
    if (mixed || (run.text.length > 0 && run.canClose && openMarkup > 0)) for (const k of run.text) out.add(k);
    for (let k = run.start; k < run.end; k++) {
      const role = markup?.get(k);
      if (role === "opens") openMarkup++;
      else if (role === "closes") openMarkup = Math.max(0, openMarkup - 1);
    }
  }
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
