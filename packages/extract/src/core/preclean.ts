// String-level removal of markup that is never content, before parsing: every node linkedom does not build
// is time and memory saved in parsing, stripping and Readability (inline SVG icons alone can be thousands
// of nodes). JSON-LD and inline CSS are read out first: metadata and hidden-content rules need them.

export interface PrecleanedHtml {
  html: string;
  /** Raw text of each <script type="application/ld+json"> block. */
  jsonLd: string[];
  /** Concatenated inline <style> text. */
  css: string;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
// Outside SVG and MathML, HTML reads `<![CDATA[` as a bogus comment ending at the first `>`; the parser
// (htmlparser2) would instead swallow everything up to a `]]>`, sometimes the whole body.
const BOGUS_CDATA = /<!\[CDATA\[[^>]*>/g;
// <noscript> stays: for some sites (Discourse) it holds the whole page for clients without script.
const DROP = /<(svg|template|iframe|object|canvas)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

export function precleanHtml(html: string): PrecleanedHtml {
  const jsonLd: string[] = [];
  let css = "";
  // Scripts first: their bodies hold "<!--" and "<![CDATA[" that are not markup.
  const out = html
    .replace(SCRIPT, (_m, attrs: string, body: string) => {
      if (/type\s*=\s*["']?application\/ld\+json/i.test(attrs)) jsonLd.push(body);
      return "";
    })
    .replace(STYLE, (_m, body: string) => {
      css += `${body}\n`;
      return "";
    })
    .replace(COMMENT, "")
    .replace(BOGUS_CDATA, "")
    .replace(DROP, "");
  return { html: out, jsonLd, css };
}
