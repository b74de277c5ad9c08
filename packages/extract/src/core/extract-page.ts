// Entry point of the extract core: one request in, one result out, routed by content type. The request
// has been validated against the contract's `$defs.request` (defineEntryPoint): an absolute http(s) URL and
// exactly one of `html` or `body_base64`.
import type { ExtractRequest } from "@websift/contracts";
import { ExtractLayerError } from "../errors.js";
import { decodeBase64, decodeHtmlBytes, looksLikePdf, mediaType } from "./decode.js";
import { extractHtml } from "./extract-html.js";
import { emptyHiddenReport } from "./hidden-report.js";
import { passthroughKind, renderPassthrough } from "./passthrough.js";
import { extractPdfText } from "./pdf.js";
import { scoreQuality } from "./quality.js";
import { cleanLine, countWords } from "./text.js";
import type { ExtractPageResult } from "./types.js";

export type { ExtractPageResult } from "./types.js";

export async function extractPage(request: ExtractRequest): Promise<ExtractPageResult> {
  const { url } = request;
  const bytes = "body_base64" in request ? decodeBase64(request.body_base64) : null;
  const declared = request.content_type ? mediaType(request.content_type) : "";
  const type = declared || (bytes && looksLikePdf(bytes) ? "application/pdf" : "text/html");

  if (type === "application/pdf" || (bytes && looksLikePdf(bytes) && !declared.includes("html"))) {
    return extractPdf(url, bytes ?? new TextEncoder().encode("html" in request ? request.html : ""));
  }
  const text = "html" in request ? request.html : decodeHtmlBytes(bytes ?? new Uint8Array(), request.content_type ?? "");
  if (type === "text/html" || type === "application/xhtml+xml" || type === "text/xhtml") {
    try {
      return extractHtml(url, text);
    } catch (error) {
      if (error instanceof ExtractLayerError) throw error;
      throw new ExtractLayerError("parse_failed", `Extracting HTML from ${url} failed.`, { cause: error });
    }
  }
  const kind = passthroughKind(type);
  if (kind) {
    const out = renderPassthrough(text, kind);
    return baseResult(url, out.markdown, out.text, "passthrough", [`passthrough_${kind}`]);
  }
  throw new ExtractLayerError("unsupported_content", `Content type ${type} of ${url} cannot be extracted.`, {
    details: { content_type: type },
  });
}

async function extractPdf(url: string, bytes: Uint8Array): Promise<ExtractPageResult> {
  let pdf;
  try {
    pdf = await extractPdfText(bytes);
  } catch (error) {
    throw new ExtractLayerError("parse_failed", `Reading the PDF at ${url} failed.`, { cause: error });
  }
  const markdown = pdf.pages.map((p, i) => `## Page ${i + 1}\n\n${p}`).join("\n\n");
  const text = pdf.pages.join("\n\n");
  const result = baseResult(url, markdown, text, "pdf", []);
  result.title = cleanLine(pdf.title);
  result.byline = cleanLine(pdf.author);
  result.language = cleanLine(pdf.language);
  result.published = pdf.created ? { value: pdf.created, source: "pdf" } : null;
  return result;
}

function baseResult(url: string, markdown: string, text: string, via: "pdf" | "passthrough", warnings: string[]): ExtractPageResult {
  const words = countWords(text);
  const quality = scoreQuality({ rawHtml: "", title: null, text, wordCount: words, bodyWordCount: words, extractedVia: via });
  return {
    url,
    title: null,
    content_markdown: markdown,
    content_text: text,
    page_type: "unknown",
    quality_score: quality.score,
    extracted_via: via,
    published: null,
    byline: null,
    language: null,
    site_name: null,
    canonical_url: null,
    og_type: null,
    json_ld: [],
    word_count: words,
    warnings: [...warnings, ...quality.warnings, ...(words === 0 ? ["empty_content"] : [])],
    hidden_content: emptyHiddenReport(),
  };
}
