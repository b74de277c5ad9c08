import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { logToStderr } from "./log.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

/**
 * Serve MCP over stdin/stdout until the client goes away. The SDK's stdio transport does not notice
 * the end of stdin by itself, so the end of input (or SIGINT/SIGTERM) closes the server here.
 */
export async function runMcpStdio(operator: OperatorSettings = {}, options: McpServerOptions = {}): Promise<void> {
  const { server, cleanup } = createMcpServer(operator, options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  let closing = false;
  const close = (why: string) => {
    if (closing) return;
    closing = true;
    logToStderr(`${why}; shutting down`);
    cleanup().catch((error: unknown) => logToStderr(`close failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  const onEnd = () => close("client disconnected");
  const onSignal = (signal: NodeJS.Signals) => close(`received ${signal}`);
  process.stdin.once("end", onEnd);
  process.stdin.once("close", onEnd);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  await server.connect(transport);
  logToStderr("ready on stdio");
  try {
    await closed;
  } finally {
    process.stdin.off("end", onEnd);
    process.stdin.off("close", onEnd);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
