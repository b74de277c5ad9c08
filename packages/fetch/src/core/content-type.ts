// Content-type parsing and gating: text-like documents and PDF pass, everything else needs an explicit opt-in.

export interface ParsedContentType {
  mediaType: string;
  charset: string | undefined;
}

export function parseContentType(raw: string | undefined): ParsedContentType | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const [type = "", ...params] = raw.split(";");
  let charset: string | undefined;
  for (const param of params) {
    const [name, ...valueParts] = param.split("=");
    if (name?.trim().toLowerCase() === "charset") charset = valueParts.join("=").trim().replace(/^["']|["']$/g, "") || undefined;
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

const ALLOWED_MEDIA_TYPES = new Set(["text/html", "application/xhtml+xml", "application/xml", "text/xml", "application/json", "application/pdf"]);

function isAllowedByDefault(mediaType: string): boolean {
  return ALLOWED_MEDIA_TYPES.has(mediaType) || mediaType.startsWith("text/") || mediaType.endsWith("+xml") || mediaType.endsWith("+json");
}

function matchesAcceptPattern(mediaType: string, pattern: string): boolean {
  if (pattern === "*/*" || pattern === mediaType) return true;
  return pattern.endsWith("/*") && mediaType.startsWith(pattern.slice(0, -1));
}

export function isContentTypeAccepted(mediaType: string, extraAccepted: string[]): boolean {
  return isAllowedByDefault(mediaType) || extraAccepted.some((pattern) => matchesAcceptPattern(mediaType, pattern));
}

/** Whether the body should be decoded to text (otherwise it is returned as base64). */
export function isTextualMediaType(mediaType: string): boolean {
  return mediaType.startsWith("text/") || mediaType.endsWith("+xml") || mediaType.endsWith("+json") ||
    mediaType === "application/xml" || mediaType === "application/json" || mediaType === "application/javascript" ||
    mediaType === "application/ecmascript" || mediaType === "application/x-javascript";
}

/** Guess a media type for a response without Content-Type from its first bytes. */
export function sniffMediaType(start: Buffer): string {
  const head = start.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return "application/pdf";
  if (head.startsWith("<!doctype html") || head.startsWith("<html") || /<(head|body|title|p|div)[\s>]/.test(head)) return "text/html";
  if (head.startsWith("<?xml")) return "application/xml";
  if (head.startsWith("{") || head.startsWith("[")) return "application/json";
  return start.subarray(0, 1024).includes(0) ? "application/octet-stream" : "text/plain";
}
