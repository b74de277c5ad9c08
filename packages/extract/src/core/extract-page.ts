// Entry point of the extract core: one request in, one result out, routed by content type.
import { ExtractLayerError } from "../errors.js";
import { decodeBase64, decodeHtmlBytes, looksLikePdf, mediaType } from "./decode.js";
import { extractHtml } from "./extract-html.js";
import { emptyHiddenReport } from "./hidden-report.js";
import { passthroughKind, renderPassthrough } from "./passthrough.js";
import { extractPdfText } from "./pdf.js";
import { scoreQuality } from "./quality.js";
import { cleanLine, countWords } from "./text.js";
import type { ExtractPageRequest, ExtractPageResult } from "./types.js";

export type { ExtractPageRequest, ExtractPageResult } from "./types.js";

export async function extractPage(request: ExtractPageRequest): Promise<ExtractPageResult> {
  const req = validateRequest(request);
  const bytes = req.html === undefined && req.body_base64 !== undefined ? decodeBase64(req.body_base64) : null;
  const declared = req.content_type ? mediaType(req.content_type) : "";
  const type = declared || (bytes && looksLikePdf(bytes) ? "application/pdf" : "text/html");

  if (type === "application/pdf" || (bytes && looksLikePdf(bytes) && !declared.includes("html"))) {
    const pdfBytes = bytes ?? new TextEncoder().encode(req.html ?? "");
    return extractPdf(req.url, pdfBytes);
  }
  const text = req.html ?? decodeHtmlBytes(bytes ?? new Uint8Array(), req.content_type ?? "");
  if (type === "text/html" || type === "application/xhtml+xml" || type === "text/xhtml") {
    try {
      return extractHtml(req.url, text);
    } catch (error) {
      if (error instanceof ExtractLayerError) throw error;
      throw new ExtractLayerError("parse_failed", `Extracting HTML from ${req.url} failed.`, { cause: error });
    }
  }
  const kind = passthroughKind(type);
  if (kind) {
    const out = renderPassthrough(text, kind);
    return baseResult(req.url, out.markdown, out.text, "passthrough", [`passthrough_${kind}`]);
  }
  throw new ExtractLayerError("unsupported_content", `Content type ${type} of ${req.url} cannot be extracted.`, {
    details: { content_type: type },
  });
}

function validateRequest(request: unknown): ExtractPageRequest {
  if (request === null || typeof request !== "object") {
    throw new ExtractLayerError("invalid_request", "The extract request must be an object.", { details: { field: "(root)" } });
  }
  const r = request as Record<string, unknown>;
  if (typeof r["url"] !== "string" || !URL.canParse(r["url"])) {
    throw new ExtractLayerError("invalid_request", "Field url must be an absolute URL.", { details: { field: "url" } });
  }
  for (const field of ["html", "body_base64", "content_type"]) {
    if (r[field] !== undefined && typeof r[field] !== "string") {
      throw new ExtractLayerError("invalid_request", `Field ${field} must be a string.`, { details: { field } });
    }
  }
  if (r["html"] === undefined && r["body_base64"] === undefined) {
    throw new ExtractLayerError("invalid_request", "One of html or body_base64 is required.", { details: { field: "html" } });
  }
  if (r["format"] !== undefined && !["markdown", "text", "json"].includes(r["format"] as string)) {
    throw new ExtractLayerError("invalid_request", "Field format must be markdown, text or json.", { details: { field: "format" } });
  }
  return r as unknown as ExtractPageRequest;
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
