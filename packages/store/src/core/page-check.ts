import { createHash } from "node:crypto";
import { StoreLayerError } from "../errors.js";
import type { StoreBackend } from "./backend.js";
import type { PageEntry, PageRecord } from "./manifest.js";

/** `missing`: the file is gone (often replaced by a concurrent writer). `damaged`: it is there but unusable. */
export type PageRead = { kind: "ok"; record: PageRecord } | { kind: "missing" } | { kind: "damaged"; reason: string };

function spansFit(record: PageRecord): boolean {
  const length = record.markdown.length;
  return record.passages.every(
    (span) =>
      typeof span === "object" &&
      span !== null &&
      typeof span.heading === "string" &&
      Number.isInteger(span.start) &&
      Number.isInteger(span.end) &&
      span.start >= 0 &&
      span.start <= span.end &&
      span.end <= length,
  );
}

/**
 * Reads the page file of a manifest entry and checks it is the page the manifest describes: same
 * handle, the recorded SHA-256 of its text, passage spans inside that text. A damaged file is
 * reported, never thrown, so one bad file cannot fail a search over every other page.
 */
export async function readCheckedPage(backend: StoreBackend, entry: PageEntry): Promise<PageRead> {
  let record: PageRecord | null;
  try {
    record = await backend.readPage(entry.file);
  } catch (error) {
    // Redis down is not a damaged page: the whole call fails, typed and retryable.
    if (error instanceof StoreLayerError && error.code === "store_unavailable") throw error;
    if (error instanceof StoreLayerError) return { kind: "damaged", reason: "it is not valid JSON or not a websift page" };
    return { kind: "damaged", reason: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (record === null) return { kind: "missing" };
  if (record.handle !== entry.handle) return { kind: "damaged", reason: "it holds another handle" };
  if (createHash("sha256").update(record.markdown, "utf8").digest("hex") !== entry.markdown_sha256) {
    return { kind: "damaged", reason: "its text does not match the SHA-256 the manifest recorded" };
  }
  if (!spansFit(record)) return { kind: "damaged", reason: "its passage spans do not fit its text" };
  return { kind: "ok", record };
}
