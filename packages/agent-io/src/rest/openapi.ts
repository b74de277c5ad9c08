import { CONTRACT_SCHEMAS, CONTRACT_VERSIONS, type ContractName } from "@websift/contracts";
import { DEFAULT_COMPAT_MAX_RESULTS } from "./rest-defaults.js";

type JsonObject = Record<string, unknown>;

// Contracts whose definitions become components.schemas; `search` supplies EngineReport and the
// results the compatibility route reshapes.
const DOCUMENTED: readonly ContractName[] = ["agent-search", "agent-page", "agent-contents", "agent-similar", "search", "envelope"];
// `$id` would rebase the `#/components/...` references inside a component; `$schema` is implied by OpenAPI 3.1.
const FILE_ONLY_KEYS = new Set(["$schema", "$id"]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pascal(name: string): string {
  return name.replace(/(^|[-_])([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

/** The component name of a contract definition: its `title` when it has one (AgentSearchRequest, EngineReport, ...). */
function componentName(contract: ContractName, definition: string, schema: JsonObject): string {
  return typeof schema["title"] === "string" && /^[A-Za-z0-9_]+$/.test(schema["title"]) ? schema["title"] : `${pascal(contract)}${pascal(definition)}`;
}

/** Copy a schema, pointing its `#/$defs/x` references at the component that x became. */
function rewriteRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (FILE_ONLY_KEYS.has(key)) continue;
    if (key === "$ref" && typeof child === "string" && child.startsWith("#/$defs/")) {
      const target = names.get(child.slice("#/$defs/".length));
      copy[key] = target ? `#/components/schemas/${target}` : child;
    } else if (key !== "$defs") copy[key] = rewriteRefs(child, names);
  }
  return copy;
}

/** components.schemas from the contracts' $defs (and the Envelope itself), generated, never hand-kept. */
function contractComponents(): JsonObject {
  const components: JsonObject = {};
  for (const contract of DOCUMENTED) {
    const file = CONTRACT_SCHEMAS[contract];
    const defs = (file["$defs"] ?? {}) as Record<string, JsonObject>;
    const names = new Map(Object.entries(defs).map(([definition, schema]) => [definition, componentName(contract, definition, schema)]));
    for (const [definition, schema] of Object.entries(defs)) components[names.get(definition)!] = rewriteRefs(schema, names);
    // The envelope file is itself a schema (its $defs are its parts).
    if (contract === "envelope") components["Envelope"] = rewriteRefs(file, names);
  }
  return components;
}

const COMPAT_RESPONSE: JsonObject = {
  type: "object",
  title: "WebSearchCompatResponse",
  description: "Seed 004's WebSearchResponse: `provider` names the engines that answered (joined by `+`), `none` when every engine failed.",
  required: ["query", "provider", "results"],
  properties: {
    query: { type: "string", description: "Echo of the request." },
    provider: { type: "string", description: "The engines that answered, e.g. `searxng` or `duckduckgo+wikipedia`; anything but `searxng` means degraded results." },
    results: {
      type: "array",
      items: {
        type: "object",
        required: ["title", "url", "snippet", "engines"],
        properties: {
          title: { type: "string" },
          url: { type: "string" },
          snippet: { type: "string" },
          engines: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
};

/** An Envelope whose `data` is the given component (or null). */
function envelopeOf(component: string): JsonObject {
  return {
    allOf: [{ $ref: "#/components/schemas/Envelope" }, { type: "object", properties: { data: { anyOf: [{ $ref: `#/components/schemas/${component}` }, { type: "null" }] } } }],
  };
}

function jsonContent(schema: JsonObject): JsonObject {
  return { "application/json": { schema } };
}

function responses(component: string, failures: Record<string, string>): JsonObject {
  const out: JsonObject = { "200": { description: "An ok Envelope.", content: jsonContent(envelopeOf(component)) } };
  for (const [status, description] of Object.entries(failures)) out[status] = { description, content: jsonContent(envelopeOf(component)) };
  return out;
}

/** Failures the server itself answers before any operation runs (see routes.ts), by the kind of route. */
function accessFailures(kind: "get" | "post", bearer: boolean): Record<string, string> {
  return {
    ...(bearer ? { "401": "No bearer token, or a wrong one (unauthorized); the reply carries WWW-Authenticate: Bearer." } : {}),
    "403": "A request from another origin (a web page): refused.",
    ...(kind === "post"
      ? { "408": "The body did not arrive within 15 s of the headers (timeout).", "413": "The body is larger than the server's limit (too_large).", "415": "The body is not declared as content-type: application/json (unsupported_content); nothing ran." }
      : { "414": "The request target (path and query) is longer than the server's limit (too_large)." }),
    "421": "The Host header does not name this server (invalid_request, details.field `host`).",
    "503": "The server is at its concurrency limit (busy): retry after Retry-After seconds.",
  };
}

function queryParameter(name: string, description: string, schema: JsonObject, required = false): JsonObject {
  return { name, in: "query", required, description, schema };
}

/** A property of agent-page's `open_request` as the GET /v1/open route takes it: the contract's own schema, so the two cannot disagree. */
function openRequestProperty(name: string): JsonObject {
  const defs = CONTRACT_SCHEMAS["agent-page"]["$defs"] as Record<string, { properties: Record<string, JsonObject> }>;
  return defs["open_request"]!.properties[name]!;
}

const SEARCH_FAILURES = { "400": "Invalid request (error.details.field names the field).", "502": "Every engine failed (engines_failed); data.engines says why.", "503": "No engine configured, or the server is at its concurrency limit (busy; Retry-After)." };
const PAGE_FAILURES = { "400": "Invalid request.", "403": "The SSRF guard refused the target.", "422": "The page is blocked, an error page or empty; error.details.reason.", "502": "Network failure.", "504": "Timed out." };

/** Where the document says the server is, and whether it asks for a bearer token. */
export interface OpenApiServerFacts {
  /** Base URLs the server answers on, e.g. `http://127.0.0.1:8787` (the address it is bound to). */
  servers: readonly string[];
  /** True when the server requires `Authorization: Bearer` on every route but /healthz. */
  bearer: boolean;
}

/** Failures of one operation plus the access failures of its kind; a status in both gets both descriptions. */
function withAccessFailures(kind: "get" | "post", bearer: boolean, failures: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = { ...failures };
  for (const [status, description] of Object.entries(accessFailures(kind, bearer))) merged[status] = merged[status] ? `${merged[status]} Or: ${description}` : description;
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The OpenAPI 3.1 document served at /openapi.json. Schemas come from the contracts, so the
 * document cannot disagree with what the entry points validate. The HTTP status of each failure
 * follows status-map.ts; `servers` is the address the server is bound to.
 */
export function buildOpenApiDocument(version: string, facts: OpenApiServerFacts): JsonObject {
  const getResponses = (component: string, failures: Record<string, string>) => responses(component, withAccessFailures("get", facts.bearer, failures));
  const postResponses = (component: string, failures: Record<string, string>) => responses(component, withAccessFailures("post", facts.bearer, failures));
  const searchParameters = [
    queryParameter("q", "The query (or `query`).", { type: "string" }),
    queryParameter("query", "The query (or `q`).", { type: "string" }),
    queryParameter("engines", "Comma-separated engines.", { type: "string" }),
    queryParameter("tier", "Search effort.", { type: "string", enum: ["instant", "standard", "deep", "research"] }),
    queryParameter("top_n", "Pages read.", { type: "integer" }),
    queryParameter("total_chars", "Excerpt characters across all pages.", { type: "integer" }),
    queryParameter("per_item_chars", "Excerpt characters per page.", { type: "integer" }),
    queryParameter("limit", "Maximum results.", { type: "integer" }),
    queryParameter("no_extract", "1: rank only, read no pages.", { type: "string" }),
    queryParameter("explain", "1: include dropped results and score parts.", { type: "string" }),
  ];
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "websift REST API",
      version,
      description: `Web search results an agent can use. Every reply is an Envelope (envelope contract ${CONTRACT_VERSIONS.envelope}); page text is fenced untrusted data.`,
    },
    servers: facts.servers.map((url) => ({ url })),
    ...(facts.bearer ? { security: [{ bearerAuth: [] }] } : {}),
    paths: {
      "/v1/search": {
        get: { operationId: "search", summary: "Search, rank and read the top pages (agent-search).", parameters: searchParameters, responses: getResponses("AgentSearchResponse", SEARCH_FAILURES) },
        post: { operationId: "searchJson", summary: "Search with a JSON agent-search request.", requestBody: { required: true, content: jsonContent({ $ref: "#/components/schemas/AgentSearchRequest" }) }, responses: postResponses("AgentSearchResponse", SEARCH_FAILURES) },
      },
      "/v1/fetch": {
        post: { operationId: "fetch", summary: "Read one page by URL, fenced and paginated (agent-page).", requestBody: { required: true, content: jsonContent({ $ref: "#/components/schemas/AgentPageFetchRequest" }) }, responses: postResponses("AgentPageResponse", PAGE_FAILURES) },
      },
      "/v1/open/{handle}": {
        get: {
          operationId: "open",
          summary: "Read a stored page by handle, with no network (agent-page).",
          parameters: [
            // The agent-page contract's `open_request` fields (AgentPageOpenRequest), taken from the contract.
            { name: "handle", in: "path", required: true, description: "Store handle `<site>~<12 hex>`.", schema: openRequestProperty("handle") },
            queryParameter("page", "1-based page.", openRequestProperty("page")),
            queryParameter("page_size_tokens", "Tokens per page.", openRequestProperty("page_size_tokens")),
            queryParameter("query", "Also return highlights for this query.", openRequestProperty("query")),
            queryParameter("datamark", "1: interleave a data marker.", { type: "string" }),
          ],
          responses: getResponses("AgentPageResponse", { "400": "Invalid request.", "404": "No such handle or page." }),
        },
      },
      "/v1/contents": {
        post: { operationId: "contents", summary: "Read several pages, one outcome per URL (agent-contents).", requestBody: { required: true, content: jsonContent({ $ref: "#/components/schemas/AgentContentsRequest" }) }, responses: postResponses("AgentContentsResponse", { "400": "Invalid request." }) },
      },
      "/v1/similar": {
        post: { operationId: "similar", summary: "Find pages similar to a URL or handle (agent-similar).", requestBody: { required: true, content: jsonContent({ $ref: "#/components/schemas/AgentSimilarRequest" }) }, responses: postResponses("AgentSimilarResponse", { "400": "Invalid request.", "404": "No such handle." }) },
      },
      "/api/system/web-search": {
        get: {
          operationId: "compatWebSearch",
          summary: "Compatibility route: ranked links with snippets and the provider that answered.",
          parameters: [
            queryParameter("query", "The query (or `q`).", { type: "string" }),
            queryParameter("q", "Alias of `query`.", { type: "string" }),
            queryParameter("maxResults", `Maximum results (default ${DEFAULT_COMPAT_MAX_RESULTS}).`, { type: "integer", minimum: 1, maximum: 200 }),
          ],
          responses: getResponses("WebSearchCompatResponse", SEARCH_FAILURES),
        },
      },
      "/healthz": {
        get: { operationId: "health", summary: "Liveness; needs no token (the Host and origin checks still apply).", ...(facts.bearer ? { security: [] } : {}), responses: { "200": { description: "Alive.", content: jsonContent({ type: "object", required: ["ok"], properties: { ok: { type: "boolean" }, version: { type: "string" } } }) } } },
      },
      "/openapi.json": {
        get: { operationId: "openapi", summary: "This document.", responses: { "200": { description: "OpenAPI 3.1 document.", content: jsonContent({ type: "object" }) } } },
      },
    },
    components: {
      schemas: { ...contractComponents(), WebSearchCompatResponse: COMPAT_RESPONSE },
      ...(facts.bearer ? { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "The server's API token (WEBSIFT_API_TOKEN or its token file), as Authorization: Bearer <token>." } } } : {}),
    },
  };
}
