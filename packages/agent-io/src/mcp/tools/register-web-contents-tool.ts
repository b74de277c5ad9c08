import type { AgentContentsResponse } from "@websift/contracts";
import type { AgentEntryPoints } from "../../entry-points.js";
import type { ToolSchemas } from "../tool-schemas.js";
import { renderContentsText } from "../render-text.js";
import type { McpToolRegistry } from "../tool-registry.js";
import { envelopeToolResult } from "../tool-result.js";

/** web_contents: several URLs at once, one outcome per URL. */
export function registerWebContentsTool(registry: McpToolRegistry, entry: AgentEntryPoints, schemas: ToolSchemas): void {
  registry.add({
    definition: {
      name: "web_contents",
      title: "Read several web pages",
      description:
        "Read several URLs in one call (up to 50): each gets its own outcome (ok, blocked, http_error, timeout, empty, ...), a handle when read, and the first page of its content, fenced. " +
        "Use it when you already have a list of URLs; one failing URL does not fail the others. Continue long pages with web_open.",
      inputSchema: schemas.input("agent-contents"),
      outputSchema: schemas.output("agent-contents"),
      annotations: { title: "Read several web pages", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    call: async (args, options) => envelopeToolResult(await entry.contents(args, options), (data: AgentContentsResponse) => renderContentsText(data)),
  });
}
