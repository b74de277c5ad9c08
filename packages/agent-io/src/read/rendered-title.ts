// The title of a page read through the browser tier: the document title as the page's script left it.
// An app shell serves a placeholder <title> ("Loading", the app name) and sets the real one at run time
// (document.title, per route), so for a rendered page that is the title the page means; extract's own
// choice (an <h1>, og:title) is kept for every page that was not rendered, and when the script set none.

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title>/i;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return ENTITIES[(name ?? "").toLowerCase()] ?? whole;
  });
}

/** The serialised DOM's <title> text, whitespace collapsed; null when there is none or it is empty. */
export function renderedDocumentTitle(html: string): string | null {
  const match = TITLE.exec(html.slice(0, 200_000));
  const title = match?.[1] === undefined ? "" : decodeEntities(match[1]).replace(/\s+/g, " ").trim();
  return title === "" ? null : title.slice(0, 500);
}
