import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AgentDefaults } from "../entry-points.js";
import { urlHost } from "./loopback.js";
import { restErrorEnvelope } from "./rest-envelopes.js";
import type { RestAccessOptions } from "./rest-access.js";
import { DEFAULT_SHUTDOWN_GRACE_MS } from "./rest-defaults.js";
import { createRestHandler } from "./routes.js";

/**
 * `websift serve`'s options: the operator's settings (passed to the entry points untouched), who may
 * reach the server (RestAccessOptions), where it listens and how long it waits on shutdown.
 */
export interface RestServerOptions extends AgentDefaults, RestAccessOptions {
  port: number;
  /** Bind address; loopback unless asked, since the server reads pages on the caller's behalf. Beyond loopback a token is required. */
  host: string;
  /** How long requests in flight may still run after a shutdown starts before their connections are cut (default DEFAULT_SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
}

/** How a shutdown ended: `forced` when connections still busy were cut (deadline or a second signal). */
export interface RestShutdownReport {
  forced: boolean;
  /** Requests still running when their connections were cut. */
  abandoned: number;
}

export interface RunningRestServer {
  /** `http://host:port` of the bound address. */
  url: string;
  port: number;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Stop accepting, let requests in flight finish for up to `graceMs`, then cut what is left. Idempotent. */
  close(graceMs?: number): Promise<RestShutdownReport>;
  /** Cut every connection now (a shutdown already under way ends at once). */
  closeNow(): Promise<RestShutdownReport>;
}

function splitOptions(options: RestServerOptions): { operator: AgentDefaults; access: RestAccessOptions } {
  const { port: _port, host: _host, shutdownGraceMs: _grace, token, allowedHosts, maxConcurrency, maxBodyBytes, maxRequestTargetBytes, ...operator } = options;
  const access: RestAccessOptions = {
    ...(token !== undefined ? { token } : {}),
    ...(allowedHosts !== undefined ? { allowedHosts } : {}),
    ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
    ...(maxRequestTargetBytes !== undefined ? { maxRequestTargetBytes } : {}),
  };
  return { operator, access };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Start the REST server and return a handle to stop it. The access options are checked before
 * anything listens: binding beyond loopback without a token throws (AgentIoError, invalid_config).
 */
async function startRestServer(options: RestServerOptions): Promise<RunningRestServer> {
  const { operator, access } = splitOptions(options);
  return startHttpService(options, createRestHandler(operator, { ...access, bindHost: options.host }), "websift serve");
}

/** A request listener of one of websift's HTTP services (REST, MCP over HTTP). */
export type HttpServiceHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Listen with `handler` and the shutdown, slow-client and malformed-request handling every websift
 * HTTP service shares; `label` starts the lines written to stderr.
 */
export async function startHttpService(options: { port: number; host: string; shutdownGraceMs?: number }, handler: HttpServiceHandler, label: string): Promise<RunningRestServer> {
  let inFlight = 0;
  let closing: Promise<RestShutdownReport> | undefined;
  let forced = false;
  let abandoned = 0;

  const server = createServer((request, response) => {
    inFlight += 1;
    // Once a shutdown has started, a connection is closed after its reply instead of kept alive.
    if (closing) response.shouldKeepAlive = false;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      if (closing) server.closeIdleConnections();
    };
    response.once("finish", done);
    response.once("close", done);
    handler(request, response).catch((error: unknown) => {
      process.stderr.write(`${label}: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  // A request Node's parser refuses (headers over its 16 KB limit, malformed HTTP, too slow) still
  // gets an Envelope when the socket can take one; the connection is closed either way.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const [status, code, message, field] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? (["431 Request Header Fields Too Large", "too_large", "The request headers (or its target) are larger than the server accepts.", "headers"] as const)
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? (["408 Request Timeout", "timeout", "The request did not arrive in time.", "request"] as const)
          : (["400 Bad Request", "invalid_request", "The request is not valid HTTP.", "request"] as const);
    const text = `${JSON.stringify(restErrorEnvelope("envelope", code, message, { field }))}\n`;
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  // Bounds for slow clients (headers, then the whole request); page reads have their own timeouts.
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  // A bound on open sockets (file descriptors); the concurrency limit bounds the work.
  server.maxConnections = 1024;

  await listen(server, options.port, options.host);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${urlHost(options.host)}:${port}`;
  const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;

  const cut = () => {
    if (!forced && inFlight > 0) abandoned = inFlight;
    forced = forced || inFlight > 0;
    server.closeAllConnections();
  };
  const close = (graceMs: number = grace): Promise<RestShutdownReport> => {
    closing ??= new Promise<RestShutdownReport>((resolve) => {
      const deadline = setTimeout(cut, graceMs);
      server.close(() => {
        clearTimeout(deadline);
        resolve({ forced, abandoned });
      });
      // Idle keep-alive connections would hold close() open; requests in flight still finish.
      server.closeIdleConnections();
    });
    return closing;
  };
  return {
    url,
    port,
    get inFlight() {
      return inFlight;
    },
    close,
    closeNow: () => {
      const closed = close();
      cut();
      return closed;
    },
  };
}

/**
 * Run `websift serve` until SIGINT or SIGTERM: listen and print the address to stderr; on a signal
 * stop accepting, let requests in flight finish up to the grace period, then cut the rest; a
 * second signal cuts them at once. Resolves when the server is closed; work a cut request had
 * started may still be running, so a CLI should exit soon after.
 */
export async function runRestServer(options: RestServerOptions): Promise<RestShutdownReport> {
  const running = await startRestServer(options);
  process.stderr.write(`websift serve: listening on ${running.url}\n`);
  if (options.token !== undefined) process.stderr.write("websift serve: every route but /healthz requires Authorization: Bearer <token>\n");
  return serveUntilSignalled(running, options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, "websift serve");
}

/**
 * Keep a started service running until SIGINT or SIGTERM, then shut it down as runRestServer
 * describes; `label` starts the lines written to stderr.
 */
export function serveUntilSignalled(running: RunningRestServer, grace: number, label: string): Promise<RestShutdownReport> {

  return new Promise<RestShutdownReport>((resolve) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signals += 1;
      if (signals === 1) {
        process.stderr.write(`${label}: received ${signal}; shutting down (requests in flight: ${running.inFlight}, waiting up to ${Math.round(grace / 1000)} s)\n`);
        void running.close(grace).then((report) => {
          process.off("SIGINT", onSignal);
          process.off("SIGTERM", onSignal);
          if (report.forced) process.stderr.write(`${label}: cut ${report.abandoned} request(s) still running\n`);
          process.stderr.write(`${label}: stopped\n`);
          resolve(report);
        });
      } else {
        process.stderr.write(`${label}: received ${signal} again; closing every connection now\n`);
        void running.closeNow();
      }
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
