// Calendar dates as pages print them ("Dec 12, 2025", "16 December 2025", "2025-12-16", "17.05.2021"), read
// to a day (YYYY-MM-DD) without going through Date.parse, whose local-time reading could shift the day.
// A year on its own, or a date after a copyright sign, is never a publication date.

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "((?:19|20)\\d{2})";

const PATTERNS: Array<{ re: RegExp; order: "mdy" | "dmy" | "ymd" | "dmy-num" | "mdy-num" }> = [
  { re: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, "i"), order: "mdy" },
  { re: new RegExp(`\\b${DAY}\\.?\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}\\b`, "i"), order: "dmy" },
  // An ISO date may run on into its time ("2022-11-23T08:10+02:00"), where no word boundary follows the day.
  { re: /\b((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?:\b|(?=T\d))/, order: "ymd" },
  { re: /\b(\d{1,2})\.(\d{1,2})\.((?:19|20)\d{2})\b/, order: "dmy-num" },
  { re: /\b(\d{1,2})\/(\d{1,2})\/((?:19|20)\d{2})\b/, order: "mdy-num" },
];

export interface FoundDate {
  value: string;
  /** Character offset of the match in the text searched. */
  index: number;
  /** Printed as a revision ("Updated Mar 9, 2026", "Last modified: ...", a forum's "last post by X ..."). */
  revision: boolean;
  /** The other reading of an all-number date whose day and month could each be either ("09.10.2024"). */
  alternate?: string;
}

// Compiled once, shared by every call: matchAll and new RegExp(source) build a fresh regexp each time, and V8
// compiles one again whenever a garbage collection has emptied its regexp cache (~0.2 ms for a month pattern).
// Every match is consumed before the next call, so the shared lastIndex is safe.
const GLOBAL_PATTERNS = PATTERNS.map(({ re, order }) => ({ all: new RegExp(re.source, "gi"), order }));

const REVISION_LABEL = /(?:updated|modified|edited|revised|reviewed|last post(?: by \S+)?)(?:\s+on)?\s*:?\s*$/i;

/** Every date in the text, in order of appearance. */
export function findVisibleDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { all, order } of GLOBAL_PATTERNS) {
    all.lastIndex = 0;
    for (let m = all.exec(text); m; m = all.exec(text)) {
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (/©|\(c\)|copyright/i.test(before)) continue;
      const value = toDay(m, order);
      const revision = REVISION_LABEL.test(text.slice(Math.max(0, m.index - 24), m.index));
      if (!value || found.some((f) => f.index <= m.index && m.index < f.index + 4)) continue;
      const date: FoundDate = { value, index: m.index, revision };
      const alternate = order === "dmy-num" || order === "mdy-num" ? swappedReading(value) : null;
      if (alternate) date.alternate = alternate;
      found.push(date);
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** "2024-10-09" read the other way round, when both numbers could be a month and they differ. */
function swappedReading(day: string): string | null {
  const [y, mo, d] = day.split("-");
  return Number(d) <= 12 && d !== mo ? `${y}-${d}-${mo}` : null;
}

function toDay(m: RegExpMatchArray, order: string): string | null {
  let y: number;
  let mo: number;
  let d: number;
  if (order === "mdy") [mo, d, y] = [MONTHS[m[1]!.toLowerCase().replace(".", "")] ?? 0, Number(m[2]), Number(m[3])];
  else if (order === "dmy") [d, mo, y] = [Number(m[1]), MONTHS[m[2]!.toLowerCase().replace(".", "")] ?? 0, Number(m[3])];
  else if (order === "ymd") [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if (order === "dmy-num") [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // "15/12/2025" can only be day first (Europe's order): the US reading is tried first, the other when it cannot be.
  if (order === "mdy-num" && mo > 12 && d <= 12) [mo, d] = [d, mo];
  if (!mo || mo > 12 || !d || d > 31) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** A full date in the URL path (/2025/12/18/, /2025-12-18-slug or /2025-12-15+Title), the way many blogs file posts. */
export function dateFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /\/((?:19|20)\d{2})[/-](0[1-9]|1[0-2])[/-](0[1-9]|[12]\d|3[01])(?:[/+_.-]|$)/.exec(path);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
