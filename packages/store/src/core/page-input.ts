import { StoreLayerError } from "../errors.js";
import type { PageInput } from "./types.js";
import { stripUrlCredentials } from "./url-credentials.js";

const KNOWN_FIELDS = new Set(["url", "markdown", "title", "fetched_at", "content_hash"]);

function invalid(field: string, message: string): StoreLayerError {
  return new StoreLayerError("invalid_request", `Cannot add pages: ${message}.`, { details: { field } });
}

function optionalString(page: Record<string, unknown>, key: string, field: string): string | undefined {
  const value = page[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(field, `${field} must be a string`);
  return value;
}

/** Checks the add request; the field named in the error is `pages[i].<key>`. */
export function validatePageInputs(pages: unknown): PageInput[] {
  if (!Array.isArray(pages) || pages.length === 0) throw invalid("pages", "pages must be a non-empty array");
  return pages.map((raw: unknown, index) => {
    const at = `pages[${index}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw invalid(at, `${at} must be an object`);
    const page = raw as Record<string, unknown>;
    for (const key of Object.keys(page)) {
      if (!KNOWN_FIELDS.has(key)) throw invalid(`${at}.${key}`, `${at}.${key} is not a known field`);
    }
    if (typeof page.url !== "string" || page.url.trim() === "") throw invalid(`${at}.url`, `${at}.url must be a non-empty string`);
    if (typeof page.markdown !== "string") throw invalid(`${at}.markdown`, `${at}.markdown must be a string`);
    const fetchedAt = optionalString(page, "fetched_at", `${at}.fetched_at`);
    if (fetchedAt !== undefined && Number.isNaN(Date.parse(fetchedAt))) throw invalid(`${at}.fetched_at`, `${at}.fetched_at must be an ISO 8601 time`);
    // Credentials are dropped here, so neither the manifest nor any reply ever holds them.
    const input: PageInput = { url: stripUrlCredentials(page.url), markdown: page.markdown };
    const title = optionalString(page, "title", `${at}.title`);
    const contentHash = optionalString(page, "content_hash", `${at}.content_hash`);
    if (title !== undefined) input.title = title;
    if (fetchedAt !== undefined) input.fetched_at = fetchedAt;
    if (contentHash !== undefined) input.content_hash = contentHash;
    return input;
  });
}
