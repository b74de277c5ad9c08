/** MCP log lines go to stderr: on the stdio transport, stdout carries only protocol messages. */
export function logToStderr(message: string): void {
  process.stderr.write(`websift mcp: ${message}\n`);
}
