import type { AgentPageResponse } from "@websift/contracts";
import type { AgentEntryPoints } from "../../entry-points.js";
import type { ToolSchemas } from "../tool-schemas.js";
import { renderPageText } from "../render-text.js";
import type { McpToolRegistry } from "../tool-registry.js";
import { envelopeToolResult } from "../tool-result.js";

/** web_fetch: read one URL over the network, fenced and paginated, and index it in the store. */
export function registerWebFetchTool(registry: McpToolRegistry, entry: AgentEntryPoints, schemas: ToolSchemas): void {
  registry.add({
    definition: {
      name: "web_fetch",
      title: "Read a web page",
      description:
        "Fetch one URL, extract its main content as Markdown, index it in the local store and return one page of it (page_size_tokens per page), fenced as untrusted data. " +
        "The reply's handle lets web_open read later pages with no network. With `query`, also returns the passages most relevant to it (highlights). " +
        "A blocked, challenge or error page is an error result with its reason, never content.",
      // agent-page has one request definition per operation; this tool takes fetch's, as its entry point validates it.
      inputSchema: schemas.input("agent-page", "fetch_request"),
      outputSchema: schemas.output("agent-page"),
      annotations: { title: "Read a web page", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    call: async (args, options) => envelopeToolResult(await entry.fetch(args, options), (data: AgentPageResponse) => renderPageText(data)),
  });
}
