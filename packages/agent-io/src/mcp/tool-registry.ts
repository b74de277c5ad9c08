import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";

/** One MCP tool: what tools/list shows, and what tools/call runs. */
export interface McpTool {
  definition: Tool;
  call(args: Record<string, unknown>, options?: McpCallOptions): Promise<CallToolResult>;
}

/** What one tools/call brings besides its arguments: the client's cancellation, and where progress goes. */
interface McpCallOptions {
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
}

/**
 * The tools of one server. The low-level SDK `Server` takes a single handler per method, so each
 * `register<Verb><Noun>Tool` adds itself here and server.ts answers tools/list and tools/call from it.
 */
export class McpToolRegistry {
  readonly #tools = new Map<string, McpTool>();

  add(tool: McpTool): void {
    if (this.#tools.has(tool.definition.name)) throw new Error(`MCP tool ${tool.definition.name} is registered twice.`);
    this.#tools.set(tool.definition.name, tool);
  }

  list(): Tool[] {
    return [...this.#tools.values()].map((tool) => tool.definition);
  }

  names(): string[] {
    return [...this.#tools.keys()];
  }

  get(name: string): McpTool | undefined {
    return this.#tools.get(name);
  }
}
