import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ContractName, Envelope } from "@websift/contracts";
import { createAgentEntryPoints, type AgentDefaults } from "../entry-points.js";
import { localEndpointOf, refuseForeignRequest, refuseWithoutToken, type Refusal } from "./access-guard.js";
import { answerCompatWebSearch } from "./compat-web-search.js";
import { ConcurrencyGate } from "./concurrency-gate.js";
import { contentTypeProblem, declaredLengthProblem, discardUnreadBody, readJsonBody, RequestBodyError, sendEnvelope, sendJson } from "./http-io.js";
import { urlHost } from "./loopback.js";
import { buildOpenApiDocument } from "./openapi.js";
import { requestFromQuery } from "./query-request.js";
import { resolveRestAccess, type RestAccessOptions } from "./rest-access.js";
import { restErrorEnvelope } from "./rest-envelopes.js";

const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

/** Seconds a client is told to wait when every slot is taken. */
const BUSY_RETRY_AFTER_S = 1;

type Handler = (request: IncomingMessage, url: URL, params: Record<string, string>, maxBodyBytes: number) => Promise<Envelope<unknown>>;

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  /** The contract named in error Envelopes built before the entry point runs (bad body, wrong method). */
  contract: ContractName;
  handler: Handler;
}

/** Access options plus the address the server binds (for the Host check and the beyond-loopback token rule). */
export interface RestHandlerOptions extends RestAccessOptions {
  bindHost?: string;
}

/** Decode a path segment, or fail as a bad request rather than a crash. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RequestBodyError(`The path segment "${segment}" is not valid percent-encoding.`, "invalid_request");
  }
}

function buildRoutes(defaults: AgentDefaults): Route[] {
  const entry = createAgentEntryPoints(defaults);
  return [
    { method: "GET", pattern: /^\/v1\/search$/, contract: "agent-search", handler: async (_request, url) => entry.search(requestFromQuery(url.searchParams)) },
    { method: "POST", pattern: /^\/v1\/search$/, contract: "agent-search", handler: async (request, _url, _params, max) => entry.search(await readJsonBody(request, max)) },
    { method: "POST", pattern: /^\/v1\/fetch$/, contract: "agent-page", handler: async (request, _url, _params, max) => entry.fetch(await readJsonBody(request, max)) },
    {
      method: "GET",
      pattern: /^\/v1\/open\/(?<handle>[^/]+)$/,
      contract: "agent-page",
      handler: async (_request, url, params) => entry.open({ ...requestFromQuery(url.searchParams), handle: decodeSegment(params["handle"] ?? "") }),
    },
    { method: "POST", pattern: /^\/v1\/contents$/, contract: "agent-contents", handler: async (request, _url, _params, max) => entry.contents(await readJsonBody(request, max)) },
    { method: "POST", pattern: /^\/v1\/similar$/, contract: "agent-similar", handler: async (request, _url, _params, max) => entry.findSimilar(await readJsonBody(request, max)) },
    { method: "GET", pattern: /^\/v1\/engines$/, contract: "agent-engines", handler: async () => entry.engines({}) },
    { method: "GET", pattern: /^\/api\/system\/web-search$/, contract: "search", handler: async (_request, url) => answerCompatWebSearch(url.searchParams, defaults) },
  ];
}

/** Whether the request carries a body not read (yet). */
function hasUnreadBody(request: IncomingMessage): boolean {
  if (request.complete) return false;
  return request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? "0") > 0;
}

/** The path of a request target; a malformed target is treated as an unknown path. */
function pathOf(target: string): string {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

/**
 * The REST server's request listener: JSON in, an Envelope out, with the status from
 * status-map.ts. `defaults` are the operator's settings, passed to the entry points untouched;
 * `options` say who may ask (Host, origin, token) and how much the server takes on.
 *
 * Order: who is asking (Host 421, origin 403, target length 414) for every route; /healthz; the
 * token (401); the method (HEAD and OPTIONS run nothing: 405); the body's type and size (415, 413);
 * a free slot (503 busy); only then the entry point.
 */
export function createRestHandler(defaults: AgentDefaults = {}, options: RestHandlerOptions = {}): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { bindHost, ...accessOptions } = options;
  const access = resolveRestAccess(accessOptions, bindHost);
  const routes = buildRoutes(defaults);
  const gate = new ConcurrencyGate(access.maxConcurrency);
  // Built once per address the server answers on: the contracts do not change while it runs.
  const openapi = new Map<string, Record<string, unknown>>();
  const openapiFor = (request: IncomingMessage): Record<string, unknown> => {
    const local = localEndpointOf(request);
    const server = `http://${urlHost(local.address)}:${local.port}`;
    let document = openapi.get(server);
    if (!document) openapi.set(server, (document = buildOpenApiDocument(PACKAGE_VERSION, { servers: [server], bearer: access.token !== undefined })));
    return document;
  };

  return async (request, response) => {
    const refuse = async (refusal: Refusal): Promise<void> => {
      // A body not read yet is read to its end and thrown away first (bounded), so the client can
      // finish sending and read the refusal; a client too slow to send it gets the refusal and a close.
      if (hasUnreadBody(request) && (refusal.status === 408 || !(await discardUnreadBody(request)))) response.shouldKeepAlive = false;
      if (!response.destroyed) sendEnvelope(response, refusal.envelope, refusal.status, refusal.headers);
    };
    const pathname = pathOf(request.url ?? "/");
    const matching = routes.filter((route) => route.pattern.test(pathname));
    const contract: ContractName = matching[0]?.contract ?? "envelope";
    const method = request.method ?? "GET";

    const foreign = refuseForeignRequest(request, access, contract);
    if (foreign) return refuse(foreign);
    const url = new URL(request.url ?? "/", "http://localhost");
    const notAllowed = (allowed: string): Refusal => ({
      status: 405,
      envelope: restErrorEnvelope(contract, "invalid_request", `${method} ${pathname} is not supported; use ${allowed}.`, { field: "method", allowed }),
      headers: { allow: allowed },
    });

    // Liveness needs no token (a load balancer has none), but the Host and origin checks above hold.
    if (pathname === "/healthz") {
      if (method === "GET" || method === "HEAD") return sendJson(response, 200, { ok: true, version: PACKAGE_VERSION });
      return refuse(notAllowed("GET, HEAD"));
    }
    const unauthorized = refuseWithoutToken(request, access, contract);
    if (unauthorized) return refuse(unauthorized);
    if (pathname === "/openapi.json") {
      if (method === "GET" || method === "HEAD") return sendJson(response, 200, openapiFor(request));
      return refuse(notAllowed("GET, HEAD"));
    }
    const route = matching.find((candidate) => candidate.method === method);
    if (!route) {
      if (matching.length > 0) return refuse(notAllowed(matching.map((candidate) => candidate.method).join(", ")));
      return refuse({ status: 404, envelope: restErrorEnvelope("envelope", "not_found", `No route ${method} ${pathname}; GET /openapi.json lists the routes.`, { path: pathname }) });
    }
    if (route.method === "POST") {
      const problem = contentTypeProblem(request) ?? declaredLengthProblem(request, access.maxBodyBytes);
      if (problem) return refuse({ status: problem.code === "too_large" ? 413 : 415, envelope: restErrorEnvelope(route.contract, problem.code, problem.message, { field: problem.code === "too_large" ? "body" : "content-type" }) });
    }
    const release = gate.tryEnter();
    if (!release) {
      return refuse({
        status: 503,
        envelope: restErrorEnvelope(route.contract, "busy", `The server is running its limit of ${gate.limit} requests; retry in ${BUSY_RETRY_AFTER_S} s.`, { retry_after_s: BUSY_RETRY_AFTER_S, limit: gate.limit }, true),
      });
    }
    const params = route.pattern.exec(pathname)?.groups ?? {};
    try {
      sendEnvelope(response, await route.handler(request, url, params, access.maxBodyBytes));
    } catch (error) {
      if (error instanceof RequestBodyError) {
        const status = { too_large: 413, unsupported_content: 415, timeout: 408, invalid_request: 400 }[error.code];
        return refuse({ status, envelope: restErrorEnvelope(route.contract, error.code, error.message, { field: error.code === "unsupported_content" ? "content-type" : "body" }) });
      }
      // Entry points never throw for bad input; reaching here is a defect, reported without a stack.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`websift serve: ${method} ${pathname} failed: ${message}\n`);
      sendEnvelope(response, restErrorEnvelope(route.contract, "internal_error", `The REST layer failed unexpectedly on ${method} ${pathname}: ${message}. This is a websift defect; please report it.`));
    } finally {
      release();
    }
  };
}
