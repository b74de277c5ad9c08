import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ContractName, Envelope } from "@websift/contracts";
import { createAgentEntryPoints, type AgentDefaults } from "../entry-points.js";
import { answerCompatWebSearch } from "./compat-web-search.js";
import { readJsonBody, RequestBodyError, sendEnvelope, sendJson } from "./http-io.js";
import { buildOpenApiDocument } from "./openapi.js";
import { requestFromQuery } from "./query-request.js";
import { restErrorEnvelope } from "./rest-envelopes.js";

const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

type Handler = (request: IncomingMessage, url: URL, params: Record<string, string>) => Promise<Envelope<unknown>>;

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  /** The contract named in error Envelopes built before the entry point runs (bad body, wrong method). */
  contract: ContractName;
  handler: Handler;
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
    { method: "POST", pattern: /^\/v1\/search$/, contract: "agent-search", handler: async (request) => entry.search(await readJsonBody(request)) },
    { method: "POST", pattern: /^\/v1\/fetch$/, contract: "agent-page", handler: async (request) => entry.fetch(await readJsonBody(request)) },
    {
      method: "GET",
      pattern: /^\/v1\/open\/(?<handle>[^/]+)$/,
      contract: "agent-page",
      handler: async (_request, url, params) => entry.open({ ...requestFromQuery(url.searchParams), handle: decodeSegment(params["handle"] ?? "") }),
    },
    { method: "POST", pattern: /^\/v1\/contents$/, contract: "agent-contents", handler: async (request) => entry.contents(await readJsonBody(request)) },
    { method: "POST", pattern: /^\/v1\/similar$/, contract: "agent-similar", handler: async (request) => entry.findSimilar(await readJsonBody(request)) },
    { method: "GET", pattern: /^\/api\/system\/web-search$/, contract: "search", handler: async (_request, url) => answerCompatWebSearch(url.searchParams) },
  ];
}

/** The REST server's request listener: JSON in, an Envelope out, with the status from status-map.ts. */
export function createRestHandler(defaults: AgentDefaults = {}): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const routes = buildRoutes(defaults);
  // Built once: the contracts do not change while the server runs.
  const openapi = buildOpenApiDocument(PACKAGE_VERSION);
  return async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method === "HEAD" ? "GET" : (request.method ?? "GET");
    if (method === "GET" && url.pathname === "/healthz") return sendJson(response, 200, { ok: true, version: PACKAGE_VERSION });
    if (method === "GET" && url.pathname === "/openapi.json") return sendJson(response, 200, openapi);
    const matching = routes.filter((route) => route.pattern.test(url.pathname));
    const route = matching.find((candidate) => candidate.method === method);
    if (!route) {
      if (matching.length > 0) {
        const allowed = matching.map((candidate) => candidate.method).join(", ");
        return sendEnvelope(response, restErrorEnvelope(matching[0]!.contract, "invalid_request", `${method} ${url.pathname} is not supported; use ${allowed}.`, { field: "method", allowed }), 405);
      }
      return sendEnvelope(response, restErrorEnvelope("envelope", "not_found", `No route ${method} ${url.pathname}; GET /openapi.json lists the routes.`, { path: url.pathname }), 404);
    }
    const params = route.pattern.exec(url.pathname)?.groups ?? {};
    try {
      sendEnvelope(response, await route.handler(request, url, params));
    } catch (error) {
      if (error instanceof RequestBodyError) {
        return sendEnvelope(response, restErrorEnvelope(route.contract, error.code, error.message, { field: "body" }), error.code === "too_large" ? 413 : 400);
      }
      // Entry points never throw for bad input; reaching here is a defect, reported without a stack.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`websift serve: ${method} ${url.pathname} failed: ${message}\n`);
      sendEnvelope(response, restErrorEnvelope(route.contract, "internal_error", `The REST layer failed unexpectedly on ${method} ${url.pathname}: ${message}. This is a websift defect; please report it.`));
    }
  };
}
