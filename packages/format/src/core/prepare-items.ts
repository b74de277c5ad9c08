// Per-item facts derived once from the input: what text there is to inline and any upstream failure.
import type { FormatInputResult, FormatResponseSidecarResultsItemContentSource } from "@websift/contracts";
import { normalizeForDedup } from "./normalize.js";
import type { ItemStatus } from "./types.js";

export interface PreparedItem {
  index: number;
  id: string;
  input: FormatInputResult;
  /** Text that may be inlined: the body, else the snippet (search-only results). */
  content: string;
  contentSource: FormatResponseSidecarResultsItemContentSource;
  /** failed:<reason> or empty when known before budgeting; null when there is text to place. */
  fixedStatus: ItemStatus | null;
  /** Normalised content for dedup, null when there is nothing to compare. */
  normalized: string | null;
}

/** The reason of an input `failed:<reason>` status (the schema's pattern keeps it to [a-z0-9_-]), or null. */
function failureOf(input: FormatInputResult): string | null {
  return input.status?.startsWith("failed:") ? input.status.slice("failed:".length) : null;
}

export function prepareItem(input: FormatInputResult, index: number): PreparedItem {
  const id = `r${index + 1}`;
  const failure = failureOf(input);
  if (failure !== null) {
    return { index, id, input, content: "", contentSource: "none", fixedStatus: `failed:${failure}`, normalized: null };
  }
  const body = input.body_markdown;
  let content = "";
  let contentSource: PreparedItem["contentSource"] = "none";
  if (typeof body === "string") {
    // An extraction that produced only whitespace is empty, not a success; the snippet stays in the sidecar.
    if (body.trim().length > 0) {
      content = body;
      contentSource = "body_markdown";
    }
  } else if (typeof input.snippet === "string" && input.snippet.trim().length > 0) {
    content = input.snippet;
    contentSource = "snippet";
  }
  if (contentSource === "none" || input.status === "empty") {
    return { index, id, input, content: "", contentSource: "none", fixedStatus: "empty", normalized: null };
  }
  const normalized = normalizeForDedup(content);
  return { index, id, input, content, contentSource, fixedStatus: null, normalized: normalized.length > 0 ? normalized : null };
}
