import type { AgentEnginesResponse } from "@websift/contracts";
import type { AgentEntryPoints } from "../../entry-points.js";
import { renderEnginesText } from "../render-text.js";
import type { McpToolRegistry } from "../tool-registry.js";
import type { ToolSchemas } from "../tool-schemas.js";
import { envelopeToolResult } from "../tool-result.js";

/** web_engines: which engines exist, which are configured, and their state here (no network). */
export function registerWebEnginesTool(registry: McpToolRegistry, entry: AgentEntryPoints, schemas: ToolSchemas): void {
  registry.add({
    definition: {
      name: "web_engines",
      title: "List search engines",
      description:
        "List websift's search engines: configured or not (and what to set), the ones web_search asks by default, each one's last outcome here, a rate-limit wait still running and Brave's daily budget. " +
        "Use it to pick web_search's `engines` or to explain a failed search; it asks nothing on the network.",
      inputSchema: schemas.input("agent-engines"),
      outputSchema: schemas.output("agent-engines"),
      annotations: { title: "List search engines", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    call: async (args, options) => envelopeToolResult(await entry.engines(args, options), (data: AgentEnginesResponse) => renderEnginesText(data)),
  });
}
