import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createAgentEntryPoints } from "../entry-points.js";
import type { OperatorSettings } from "../operator/operator-settings.js";
import { refuseForeignRequest, refuseWithoutToken, type Refusal } from "../rest/access-guard.js";
import { ConcurrencyGate } from "../rest/concurrency-gate.js";
import { discardUnreadBody, readJsonBody, RequestBodyError, sendEnvelope, sendJson } from "../rest/http-io.js";
import { resolveRestAccess, type RestAccessOptions } from "../rest/rest-access.js";
import { DEFAULT_SHUTDOWN_GRACE_MS } from "../rest/rest-defaults.js";
import { restErrorEnvelope } from "../rest/rest-envelopes.js";
import { serveUntilSignalled, startHttpService, type RestShutdownReport, type RunningRestServer } from "../rest/serve.js";
import { logToStderr } from "./log.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

/** The path MCP clients post to: `http://127.0.0.1:PORT/mcp`. */
const MCP_HTTP_PATH = "/mcp";

/** `websift mcp --http`'s options: who may reach it (the same rules as `websift serve`), where it listens, the MCP surface. */
export interface McpHttpOptions extends RestAccessOptions {
  port: number;
  /** Bind address; loopback unless asked. Beyond loopback a token is required, as for `websift serve`. */
  host: string;
  shutdownGraceMs?: number;
  mcp?: McpServerOptions;
}

function pathOf(target: string): string {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

/**
 * The request listener of MCP over streamable HTTP, stateless: each POST gets its own protocol
 * server (sharing one set of entry points, so the store and caches are shared) and its reply, as
 * JSON or as an event stream when the call sends progress. The access rules are the REST server's:
 * Host and origin checks against DNS rebinding and cross-site pages, a bearer token when one is set
 * (required beyond loopback), a bounded body and a bounded number of calls at once.
 */
function createMcpHttpHandler(operator: OperatorSettings, options: Omit<McpHttpOptions, "port" | "shutdownGraceMs"> & { bindHost?: string }): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { mcp = {}, bindHost, host: _host, ...accessOptions } = options;
  const access = resolveRestAccess(accessOptions, bindHost);
  const entry = mcp.entry ?? createAgentEntryPoints(operator);
  // Built once so a bad tool list stops the start, not the first call.
  createMcpServer(operator, { ...mcp, entry });
  const gate = new ConcurrencyGate(access.maxConcurrency);

  return async (request, response) => {
    const refuse = async (refusal: Refusal): Promise<void> => {
      if (!request.complete && !(await discardUnreadBody(request))) response.shouldKeepAlive = false;
      if (!response.destroyed) sendEnvelope(response, refusal.envelope, refusal.status, refusal.headers);
    };
    const foreign = refuseForeignRequest(request, access, "envelope");
    if (foreign) return refuse(foreign);
    const pathname = pathOf(request.url ?? "/");
    const method = request.method ?? "GET";
    if (pathname === "/healthz" && (method === "GET" || method === "HEAD")) return sendJson(response, 200, { ok: true, transport: "mcp-streamable-http" });
    const unauthorized = refuseWithoutToken(request, access, "envelope");
    if (unauthorized) return refuse(unauthorized);
    if (pathname !== MCP_HTTP_PATH) {
      return refuse({ status: 404, envelope: restErrorEnvelope("envelope", "not_found", `No route ${method} ${pathname}; MCP clients post to ${MCP_HTTP_PATH}.`, { path: pathname }) });
    }
    // Stateless: no session, so no stream for server-initiated messages (GET) and nothing to end (DELETE).
    if (method !== "POST") {
      return refuse({
        status: 405,
        envelope: restErrorEnvelope("envelope", "invalid_request", `${method} ${MCP_HTTP_PATH} is not supported: this server is stateless; post JSON-RPC messages.`, { field: "method", allowed: "POST" }),
        headers: { allow: "POST" },
      });
    }
    const release = gate.tryEnter();
    if (!release) {
      return refuse({ status: 503, envelope: restErrorEnvelope("envelope", "busy", `The server is running its limit of ${gate.limit} calls; retry in 1 s.`, { retry_after_s: 1, limit: gate.limit }, true) });
    }
    try {
      let body: unknown;
      try {
        body = await readJsonBody(request, access.maxBodyBytes);
      } catch (error) {
        if (!(error instanceof RequestBodyError)) throw error;
        const status = { too_large: 413, unsupported_content: 415, timeout: 408, invalid_request: 400 }[error.code];
        return refuse({ status, envelope: restErrorEnvelope("envelope", error.code, error.message, { field: error.code === "unsupported_content" ? "content-type" : "body" }) });
      }
      const { server } = createMcpServer(operator, { ...mcp, entry });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      // The client hanging up ends the call: the transport closes, and the tool's work is aborted.
      response.once("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, body);
    } catch (error) {
      logToStderr(`HTTP call failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendEnvelope(response, restErrorEnvelope("envelope", "internal_error", "The MCP HTTP transport failed unexpectedly. This is a websift defect; please report it."), 500);
      else response.destroy();
    } finally {
      release();
    }
  };
}

/** Start MCP over streamable HTTP and return a handle to stop it (tests, embedding). */
function startMcpHttpServer(operator: OperatorSettings, options: McpHttpOptions): Promise<RunningRestServer> {
  return startHttpService(options, createMcpHttpHandler(operator, { ...options, bindHost: options.host }), "websift mcp");
}

/** `websift mcp --http`: serve until SIGINT or SIGTERM, printing the address to stderr. */
export async function runMcpHttp(operator: OperatorSettings, options: McpHttpOptions): Promise<RestShutdownReport> {
  const running = await startMcpHttpServer(operator, options);
  logToStderr(`listening on ${running.url}${MCP_HTTP_PATH} (streamable HTTP)`);
  if (options.token !== undefined) logToStderr("every call requires Authorization: Bearer <token>");
  return serveUntilSignalled(running, options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, "websift mcp");
}
