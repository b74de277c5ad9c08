import { createServer } from "node:http";
import type { AgentDefaults } from "../entry-points.js";
import { createRestHandler } from "./routes.js";

export interface RestServerOptions extends AgentDefaults {
  port: number;
  /** Bind address; loopback unless asked, since the server reads pages on the caller's behalf. */
  host: string;
}

/**
 * Run `websift serve` until SIGINT or SIGTERM: listen, print the address to stderr, then on a
 * signal stop accepting connections, let requests in flight finish, and resolve.
 */
export async function runRestServer(options: RestServerOptions): Promise<void> {
  const defaults: AgentDefaults = {};
  if (options.storeDir !== undefined) defaults.storeDir = options.storeDir;
  if (options.allowPrivateHosts !== undefined) defaults.allowPrivateHosts = options.allowPrivateHosts;
  const handler = createRestHandler(defaults);
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      process.stderr.write(`websift serve: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  // Bounds for slow clients; page reads inside a request have their own timeouts.
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  process.stderr.write(`websift serve: listening on http://${host}:${port}\n`);

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      process.stderr.write(`websift serve: received ${signal}; shutting down\n`);
      server.close(() => resolve());
      // Idle keep-alive connections would hold close() open; requests in flight still finish.
      server.closeIdleConnections();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
