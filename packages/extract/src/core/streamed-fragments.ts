// Out-of-order streamed HTML: the server flushes the page's frame first with empty placeholders, then each
// fragment's markup, hidden, at the end of the body, followed by a script call that moves it into its
// placeholder. A reader with script sees the fragment where the placeholder was; without this step it is
// hidden text at the end of the page (a whole listing on eBay), outside the article it belongs to.
// - Marko's async fragments (eBay): placeholder `<span id="afph3">` (or `af<runtime>ph3`), fragment
//   `<div id="af3" style="display:none">`, call `$af(3)` / `$af<runtime>(3)`.
// - React's streamed Suspense segments: boundary `<template id="B:0">` or placeholder `<template id="P:7">`,
//   segment `<div hidden id="S:0">`, calls `$RC("B:0","S:0")` / `$RS("S:7","P:7")` (read in preclean.ts).

import { textLength } from "./dom.js";

/** A fragment the page's own script moves into its placeholder, in the order the calls appear. */
export interface StreamedFragment {
  fragmentId: string;
  placeholderId: string;
}

// `$af3(` is not a call of `$af` with 3; a runtime id is a word, the fragment number digits after "(".
const MARKO_FRAGMENT_CALL = /\$af([A-Za-z_]\w*)?\(\s*(\d+)\s*[,)]/g;

/**
 * React segments captured without the scripts that complete them (an archive, a crawler that drops
 * scripts), on a page that still holds its Suspense boundaries. A segment with a placeholder of its own id
 * (`<template id="P:2">` for `S:2`, React's convention) goes there; which segment fills which boundary is
 * in the missing scripts, so the rest go, in page order, where the first boundary outside a hidden element
 * is (inside the article they were streamed into, rather than after the footer). Returns how many moved.
 */
export function placeUnscriptedSegments(doc: Document): number {
  if (!doc.body) return 0;
  const templates = new Map<string, Element>();
  const segments: Element[] = [];
  for (const el of Array.from(doc.body.querySelectorAll("*"))) {
    const id = el.getAttribute("id");
    if (id === null) continue;
    if (el.localName === "template" && /^[BP]:/.test(id)) {
      if (!templates.has(id)) templates.set(id, el);
    } else if (SEGMENT_ID.test(id) && el.hasAttribute("hidden")) {
      segments.push(el);
    }
  }
  if (segments.length === 0) return 0;
  // Unscripted, a segment is hidden from a reader of this HTML: the segments stand for the page only when
  // together they hold most of its text, and then only the substantial ones (a short hidden segment on
  // such a page, the shape of an injected line, stays hidden).
  const segmentText = segments.reduce((sum, el) => sum + (el.parentElement?.closest("[hidden]") ? 0 : textLength(el)), 0);
  if (segmentText <= textLength(doc.body) * 0.5) return 0;
  let moved = 0;
  const rest: Element[] = [];
  for (const segment of segments) {
    const placeholder = templates.get(`P:${segment.getAttribute("id")!.slice(2)}`);
    if (placeholder && moveInto(segment, placeholder)) moved++;
    else rest.push(segment);
  }
  const boundary = [...templates.values()].find(
    (el) => el.isConnected && el.getAttribute("id")!.startsWith("B:") && !el.parentElement?.closest("[hidden]"),
  );
  if (!boundary) return moved;
  for (const segment of rest) {
    // A segment nested in another moves with it.
    if (!segment.isConnected || rest.some((other) => other !== segment && other.isConnected && other.contains(segment))) continue;
    if (textLength(segment) < MIN_SEGMENT_CHARS) continue;
    if (moveInto(segment, boundary, false)) moved++;
  }
  return moved;
}

/** A React streaming segment's id: S:0 ... S:9, S:a ... S:v, S:10 (base 32). */
export const SEGMENT_ID = /^S:[0-9a-z]+$/;
// A paragraph or more. On the WCXB dev pages whose unscripted segments hold the page, the shorter ones are
// FAQ questions and captions of a few words: lost, as the price of keeping a short injected line hidden.
const MIN_SEGMENT_CHARS = 200;

/** The fragment's children go before the marker; the emptied fragment (and the marker, unless kept) go. */
function moveInto(fragment: Element, marker: Element, removeMarker = true): boolean {
  const parent = marker.parentNode;
  if (!parent || fragment.contains(marker)) return false;
  while (fragment.firstChild) parent.insertBefore(fragment.firstChild, marker);
  if (removeMarker) marker.remove();
  fragment.remove();
  return true;
}

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
    if (!fragment || !placeholder || !moveInto(fragment, placeholder)) continue;
    byId.delete(fragmentId);
    moved++;
  }
  return moved;
}
