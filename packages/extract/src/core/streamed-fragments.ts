// Out-of-order streamed HTML (Marko's async fragments, as eBay serves them): the server flushes the page's
// frame first with an empty placeholder (`<span id="afph3">`, or `af<runtime>ph3`), then each fragment's
// markup at the end of the body in `<div id="af3" style="display:none">`, followed by a script call
// (`$af(3)`, `$af<runtime>(3)`) that moves the fragment's children into the placeholder. A reader with
// script sees the fragment where the placeholder was; without this step the whole listing is hidden text.

/** A fragment the page's own script moves into its placeholder, in the order the calls appear. */
export interface StreamedFragment {
  fragmentId: string;
  placeholderId: string;
}

// `$af3(` is not a call of `$af` with 3; a runtime id is a word, the fragment number digits after "(".
const MARKO_FRAGMENT_CALL = /\$af([A-Za-z_]\w*)?\(\s*(\d+)\s*[,)]/g;

/** The fragments an inline script body completes (none unless it calls a Marko `$af` function). */
export function streamedFragmentsIn(scriptBody: string): StreamedFragment[] {
  if (!scriptBody.includes("$af")) return [];
  const out: StreamedFragment[] = [];
  for (const match of scriptBody.matchAll(MARKO_FRAGMENT_CALL)) {
    const runtime = match[1] ?? "";
    out.push({ fragmentId: `af${runtime}${match[2]}`, placeholderId: `af${runtime}ph${match[2]}` });
  }
  return out;
}

/**
 * Does what the page's script would: each fragment's children replace its placeholder, and the emptied
 * fragment goes. A fragment without a placeholder stays where it is, hidden (the script discards it too).
 * Returns how many fragments moved.
 */
export function completeStreamedFragments(doc: Document, fragments: readonly StreamedFragment[]): number {
  if (fragments.length === 0 || !doc.body) return 0;
  const wanted = new Set<string>();
  for (const { fragmentId, placeholderId } of fragments) wanted.add(fragmentId).add(placeholderId);
  // One walk for every id (getElementById walks the tree per call).
  const byId = new Map<string, Element>();
  for (const el of Array.from(doc.body.querySelectorAll("*"))) {
    const id = el.getAttribute("id");
    if (id !== null && wanted.has(id) && !byId.has(id)) byId.set(id, el);
  }
  let moved = 0;
  for (const { fragmentId, placeholderId } of fragments) {
    const fragment = byId.get(fragmentId);
    const placeholder = byId.get(placeholderId);
    if (!fragment || !placeholder?.parentNode || fragment.contains(placeholder)) continue;
    const parent = placeholder.parentNode;
    while (fragment.firstChild) parent.insertBefore(fragment.firstChild, placeholder);
    placeholder.remove();
    fragment.remove();
    byId.delete(fragmentId);
    moved++;
  }
  return moved;
}
