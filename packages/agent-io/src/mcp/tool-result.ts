import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Envelope } from "@websift/contracts";
import { neutralizeMarkers } from "../fence/untrusted-fence.js";

/**
 * An Envelope as an MCP tool result: the Envelope itself as `structuredContent` (it matches the
 * tool's output schema), a text block for clients that only show text, and `isError` when the
 * Envelope is not ok, so the model sees the failure instead of an empty answer.
 */
export function envelopeToolResult<T>(raw: Envelope<T>, renderData: (data: T) => string): CallToolResult {
  // Error messages and warnings can quote what a server or page said: no marker copy may pass.
  const envelope: Envelope<T> = {
    ...raw,
    error: raw.error ? { ...raw.error, message: neutralizeMarkers(raw.error.message) } : raw.error,
    meta: { ...raw.meta, warnings: raw.meta.warnings.map(neutralizeMarkers) },
  };
  const parts: string[] = [];
  if (!envelope.ok && envelope.error) {
    const field = typeof envelope.error.details?.["field"] === "string" ? ` (field: ${envelope.error.details["field"]})` : "";
    parts.push(`Error ${envelope.error.code}${field}: ${envelope.error.message}${envelope.error.retryable ? " Retrying later may help." : ""}`);
  }
  // A failed search still carries its per-engine report; show it, it says what to fix.
  if (envelope.data !== null) parts.push(renderData(envelope.data));
  if (envelope.meta.warnings.length > 0) parts.push(`Warnings:\n${envelope.meta.warnings.map((warning) => `- ${warning}`).join("\n")}`);
  const result: CallToolResult = {
    content: [{ type: "text", text: parts.join("\n\n") || (envelope.ok ? "ok" : "failed") }],
    structuredContent: envelope as unknown as Record<string, unknown>,
  };
  if (!envelope.ok) result.isError = true;
  return result;
}
