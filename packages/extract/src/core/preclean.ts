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
   */
  revealedIds: Set<string>;
  /** Marko async fragments an inline script moves into their placeholders (streamed-fragments.ts). */
  streamedFragments: StreamedFragment[];
}

// $RC("B:0","S:0") completes a Suspense boundary with segment S:0; $RS("S:7","P:7") swaps one in.
const REACT_COMPLETION = /\$R[CS]\(\s*["'](?:B:[^"']+["']\s*,\s*["'])?(S:[^"']+)["']/g;

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
  const out = repairDoubleEncoding(html).replace(NON_CONTENT, (match: string, scriptAttrs?: string, scriptBody?: string, styleBody?: string) => {
    if (scriptAttrs !== undefined) {
      if (/type\s*=\s*["']?application\/ld\+json/i.test(scriptAttrs)) jsonLd.push(scriptBody ?? "");
      else if (scriptBody && /\$R[CS]\(/.test(scriptBody)) for (const m of scriptBody.matchAll(REACT_COMPLETION)) revealedIds.add(m[1]!);
      else if (scriptBody) streamedFragments.push(...streamedFragmentsIn(scriptBody));
    } else if (styleBody !== undefined) {
      css += `${styleBody}\n`;
    }
    return "";
  });
  return { html: out, jsonLd, css, revealedIds, streamedFragments };
}
