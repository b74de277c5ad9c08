// Every match of a global pattern, read with exec on the pattern itself. String#matchAll and
// `new RegExp(source)` make a fresh copy of the pattern on every call, and V8 compiles a copy again
// whenever a garbage collection has emptied its regexp cache: on the hot paths (a selector's tokens, a CSS
// declaration, a block's phrases) that was a measurable share of an extraction.

/** The matches of `pattern` (which must have the g flag) in `text`, in order. */
export function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    out.push(m);
    // An empty match would match again at the same place.
    if (m[0] === "") pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return out;
}
