// Whether an at-rule's block applies on every screen, whatever its size or the reader's settings:
// `@media screen`, `@media all`, `@media not print`, a bare `@media`, a cascade `@layer`. Such a block hides
// and shows as a top-level rule does (`@media screen{.x{display:none}}` is as hidden as `.x{display:none}`).
// A block that depends on the viewport or a preference (`(min-width: 768px)`, `(prefers-color-scheme: dark)`)
// hides only on some screens, and `@supports`, `@container` and the rest are not read: they hide nothing
// here (stylesheet-hiding.ts).

// The same preludes come back on every page of a site: bounded, so a page's invented ones cannot grow it.
const CACHE = new Map<string, boolean>();
const CACHE_MAX = 512;

/** Every enclosing at-rule's prelude ("@media screen", "@layer base") applies on every screen. */
export function appliesOnEveryScreen(preludes: readonly string[]): boolean {
  return preludes.every(applies);
}

function applies(prelude: string): boolean {
  const known = CACHE.get(prelude);
  if (known !== undefined) return known;
  const answer = evaluate(prelude.trim().toLowerCase());
  if (CACHE.size < CACHE_MAX) CACHE.set(prelude, answer);
  return answer;
}

function evaluate(prelude: string): boolean {
  const m = /^@([a-z-]+)\s*([\s\S]*)$/.exec(prelude);
  if (!m) return false;
  // A cascade layer changes the order between layers, not whether its rules apply.
  if (m[1] === "layer") return true;
  if (m[1] !== "media") return false;
  const list = m[2]!.trim();
  // A comma-separated list holds when one of its queries does; an empty list is `all`.
  return list === "" || list.split(",").some((query) => everyScreen(query.trim()));
}

// A media type alone, after `only` or `not`: no feature in parentheses.
const TYPE_ONLY = /^(?:(only|not)\s+)?(all|screen|print|speech)$/;

function everyScreen(query: string): boolean {
  const m = TYPE_ONLY.exec(query);
  if (!m) return false;
  const screen = m[2] === "all" || m[2] === "screen";
  return m[1] === "not" ? !screen : screen;
}
