import type { AgentSimilarResponse } from "@websift/contracts";
import type { AgentEntryPoints } from "../../entry-points.js";
import type { ToolSchemas } from "../tool-schemas.js";
import { renderSimilarText } from "../render-text.js";
import type { McpToolRegistry } from "../tool-registry.js";
import { envelopeToolResult } from "../tool-result.js";

/** web_find_similar: pages like a given URL or handle, from the store and from a new search. */
export function registerWebFindSimilarTool(registry: McpToolRegistry, entry: AgentEntryPoints, schemas: ToolSchemas): void {
  registry.add({
    definition: {
      name: "web_find_similar",
      title: "Find similar pages",
      description:
        "Given a URL or a store handle, find pages like it: stored pages with matching passages (from_store) and new web results for a query built from the page (from_search; search:false skips it). " +
        "Use it to widen research from one good source.",
      inputSchema: schemas.input("agent-similar"),
      outputSchema: schemas.output("agent-similar"),
      annotations: { title: "Find similar pages", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    call: async (args, options) => envelopeToolResult(await entry.findSimilar(args, options), (data: AgentSimilarResponse) => renderSimilarText(data)),
  });
}
