// String-level removal of markup that is never content, before parsing: every node linkedom does not build
// is time and memory saved in parsing, stripping and Readability (inline SVG icons alone can be thousands
// of nodes). JSON-LD and inline CSS are read out first: metadata and hidden-content rules need them.

import { repairDoubleEncoding } from "./mojibake.js";
import { streamedFragmentsIn, type StreamedFragment } from "./streamed-fragments.js";

export interface PrecleanedHtml {
  html: string;
  /** Raw text of each <script type="application/ld+json"> block. */
  jsonLd: string[];
  /** Concatenated inline <style> text. */
  css: string;
  /**
   * Ids of React streaming-SSR segments (`<div hidden id="S:0">`) that an inline completion script
   * (`$RC("B:0","S:0")`) moves into the page: hidden in the markup, shown to every reader with script.
   * Each also stands in streamedFragments, which moves it to its boundary; one whose boundary is missing
   * is revealed where it is.
   */
  revealedIds: Set<string>;
  /**
   * Whether the page holds React Suspense boundaries (`<template id="B:0">`) but no script completing them:
   * its streamed segments were captured without their scripts (an archive, a crawler that drops them).
   */
  uncompletedBoundaries: boolean;
  /**
   * Streamed fragments an inline script moves into their placeholders (streamed-fragments.ts): Marko's
   * async fragments, and React's segments into their Suspense boundaries or placeholders.
   */
  streamedFragments: StreamedFragment[];
}

// A Suspense boundary's marker (<template id="B:0">) or a segment's placeholder (<template id="P:7">); ids
// count in base 32. Kept (empty) through the scan, so a completed segment can take its place.
const REACT_MARKER = /^<template\b[^>]*\bid\s*=\s*["']?([BP]:[0-9a-z]+)["']?\s*>\s*<\/template\s*>$/i;
// $RC("B:0","S:0") completes a Suspense boundary with segment S:0; $RS("S:7","P:7") swaps one in.
const REACT_COMPLETION = /\$R([CS])\(\s*["']([BS]:[^"']+)["']\s*,\s*["']([SP]:[^"']+)["']/g;

// One left-to-right scan, as an HTML tokenizer reads: whichever construct opens first owns the text up to
// its end, so "<!--" inside a script is script, and a script inside a comment is comment.
const NON_CONTENT =
  /<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<style\b[^>]*>([\s\S]*?)<\/style\s*>|<!--[\s\S]*?-->|<!\[CDATA\[[^>]*>|<(svg|template|iframe|object|canvas)\b[^>]*>[\s\S]*?<\/\4\s*>/gi;
// Notes: `<![CDATA[` outside SVG and MathML is a bogus comment ending at the first `>` in HTML; the parser
// (htmlparser2) would instead swallow everything up to a `]]>`, sometimes the whole body.
// <noscript> stays: for some sites (Discourse) it holds the whole page for clients without script.

export function precleanHtml(html: string): PrecleanedHtml {
  const jsonLd: string[] = [];
  let css = "";
  const revealedIds = new Set<string>();
  const streamedFragments: StreamedFragment[] = [];
  let boundaries = false;
  let completions = false;
  const out = repairDoubleEncoding(html).replace(NON_CONTENT, (match: string, scriptAttrs?: string, scriptBody?: string, styleBody?: string, tag?: string) => {
    if (tag !== undefined) {
      const marker = tag.toLowerCase() === "template" ? REACT_MARKER.exec(match) : null;
      if (marker) {
        if (marker[1]!.startsWith("B:")) boundaries = true;
        return `<template id="${marker[1]}"></template>`;
      }
    } else if (scriptAttrs !== undefined) {
      if (/type\s*=\s*["']?application\/ld\+json/i.test(scriptAttrs)) jsonLd.push(scriptBody ?? "");
      else if (scriptBody && /\$R[CS]\(/.test(scriptBody)) {
        completions = true;
        for (const m of scriptBody.matchAll(REACT_COMPLETION)) {
          // $RC(boundary, segment) and $RS(segment, placeholder).
          const [segment, marker] = m[1] === "C" ? [m[3]!, m[2]!] : [m[2]!, m[3]!];
          revealedIds.add(segment);
          streamedFragments.push({ fragmentId: segment, placeholderId: marker });
        }
      }
      else if (scriptBody) streamedFragments.push(...streamedFragmentsIn(scriptBody));
    } else if (styleBody !== undefined) {
      css += `${styleBody}\n`;
    }
    return "";
  });
  return { html: out, jsonLd, css, revealedIds, uncompletedBoundaries: boundaries && !completions, streamedFragments };
}
