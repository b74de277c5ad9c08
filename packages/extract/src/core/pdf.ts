// PDF text, page by page, with pdfjs-dist's legacy build (the modern build needs browser globals).
import { removeInvisibleChars } from "./text.js";

export interface PdfText {
  pages: string[];
  title: string | null;
  author: string | null;
  created: string | null;
  language: string | null;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
}

export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdfjs takes ownership of the buffer it is given; hand it a copy.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      pages.push(joinItems(content.items as TextItemLike[]));
      page.cleanup();
    }
    const meta = await pdf.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as Record<string, unknown>;
    const str = (k: string): string | null => (typeof info[k] === "string" && (info[k] as string).trim() ? (info[k] as string).trim() : null);
    return { pages, title: str("Title"), author: str("Author"), created: pdfDate(str("CreationDate")), language: str("Language") };
  } finally {
    await pdf.destroy();
  }
}

/** Items carry no spaces between lines; a line break comes from hasEOL or a change of baseline. */
function joinItems(items: TextItemLike[]): string {
  let out = "";
  let lastY: number | null = null;
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform?.[5] ?? null;
    if (lastY !== null && y !== null && Math.abs(y - lastY) > 2 && !out.endsWith("\n")) out += "\n";
    out += item.str;
    if (item.hasEOL) out += "\n";
    lastY = y;
  }
  return removeInvisibleChars(out).replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}

/** PDF dates look like D:20240131120000+01'00'. */
function pdfDate(raw: string | null): string | null {
  const m = raw ? /^D:(\d{4})(\d{2})?(\d{2})?/.exec(raw) : null;
  if (!m) return null;
  return `${m[1]}-${m[2] ?? "01"}-${m[3] ?? "01"}`;
}
