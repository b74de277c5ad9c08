import { CONTRACT_SCHEMAS, CONTRACT_VERSIONS, type ContractName, type ErrorCode } from "@websift/contracts";
import { DEFAULT_COMPAT_MAX_RESULTS } from "./rest-defaults.js";
import { statusOfCode } from "./status-map.js";

type JsonObject = Record<string, unknown>;

// Contracts whose definitions become components.schemas; `search` supplies EngineReport and the
// results the compatibility route reshapes.
const DOCUMENTED: readonly ContractName[] = ["agent-search", "agent-page", "agent-contents", "agent-similar", "agent-engines", "search", "envelope"];
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
  description: "The shape of websift's first web-search reply, kept for clients written against it: `provider` names the engines that answered (joined by `+`), `none` when every engine failed.",
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

/** An ok reply plus one response per failure status, each naming the error codes that produce it. */
function responses(component: string, failures: Record<string, string>): JsonObject {
  const out: JsonObject = { "200": { description: "An ok Envelope (`ok: true`, `error: null`).", content: jsonContent(envelopeOf(component)) } };
  for (const [status, description] of Object.entries(failures)) out[status] = { description, content: jsonContent(envelopeOf(component)) };
  return out;
}

/** Failures the server itself answers before any operation runs (see routes.ts), by the kind of route. */
function accessFailures(kind: "get" | "post", bearer: boolean): Record<string, string> {
  return {
    ...(bearer ? { "401": "`unauthorized`: no bearer token, or a wrong one; the reply carries WWW-Authenticate: Bearer." } : {}),
    "403": "`refused`: a request from another origin (a web page).",
    ...(kind === "post"
      ? { "408": "`timeout`: the body did not arrive within 15 s of the headers.", "413": "`too_large`: the body is larger than the server's limit.", "415": "`unsupported_content`: the body is not declared as content-type: application/json; nothing ran." }
      : { "414": "`too_large`: the request target (path and query) is longer than the server's limit." }),
    "421": "`invalid_request`: the Host header does not name this server (details.field `host`).",
    "503": "`busy`: the server is at its concurrency limit; retry after Retry-After seconds.",
  };
}

/** What each error code means to a caller, for the per-status lists. */
const CODE_MEANING: Partial<Record<ErrorCode, string>> = {
  invalid_request: "the request breaks its contract; details.field names the field",
  invalid_config: "the operator's configuration is wrong (a policy file, a key)",
  not_configured: "no engine is configured",
  engines_failed: "every engine failed; data.engines says why, one outcome each",
  refused: "the SSRF guard refused the target (a private or loopback address the operator did not allow)",
  blocked: "the site answered with a block or challenge page; details.reason",
  http_error: "the site answered an HTTP error",
  empty_content: "the page had no readable content",
  unsupported_content: "the page is not a type websift reads",
  redirect_loop: "the redirects never ended",
  extract_timeout: "the page was too costly to extract in its time budget",
  too_large: "the page is larger than the size limit",
  rate_limited: "the site asked to slow down; Retry-After when known",
  network_error: "the connection failed",
  dns_failed: "the host name does not resolve",
  timeout: "the operation ran out of time",
  browser_unavailable: "the page needs a browser and this machine has none (install chromium or set WEBSIFT_CHROMIUM_PATH)",
  not_found: "no such handle, or a page past the last (details.total_pages)",
  store_locked: "the store is busy with another writer; retry",
  store_corrupt: "the store's files are damaged",
  store_unavailable: "the shared store (Redis) is unreachable; retry, nothing was lost",
  handle_collision: "two URLs map to one handle",
  internal_error: "a websift defect; report it with meta.request_id",
};

/** Statuses and their descriptions for the error codes an operation can answer, grouped as status-map.ts maps them. */
function codeFailures(codes: readonly ErrorCode[]): Record<string, string> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\`${CODE_MEANING[code] ? ` (${CODE_MEANING[code]})` : ""}`]);
  }
  return Object.fromEntries([...byStatus].map(([status, lines]) => [String(status), `${lines.join("; ")}.`]));
}

function queryParameter(name: string, description: string, schema: JsonObject, required = false): JsonObject {
  return { name, in: "query", required, description, schema };
}

/** A property of agent-page's `open_request` as the GET /v1/open route takes it: the contract's own schema, so the two cannot disagree. */
function openRequestProperty(name: string): JsonObject {
  const defs = CONTRACT_SCHEMAS["agent-page"]["$defs"] as Record<string, { properties: Record<string, JsonObject> }>;
  return defs["open_request"]!.properties[name]!;
}

/** Failures of reading a page over the network (fetch, contents items, a similar target read first). */
const READ_CODES: readonly ErrorCode[] = [
  "refused", "blocked", "http_error", "empty_content", "unsupported_content", "redirect_loop", "extract_timeout", "too_large",
  "rate_limited", "network_error", "dns_failed", "timeout", "browser_unavailable",
];
const STORE_CODES: readonly ErrorCode[] = ["store_locked", "store_unavailable", "store_corrupt"];
const SEARCH_CODES: readonly ErrorCode[] = ["invalid_request", "engines_failed", "not_configured", "invalid_config", "timeout", "internal_error"];
const FETCH_CODES: readonly ErrorCode[] = ["invalid_request", ...READ_CODES, "not_found", "handle_collision", ...STORE_CODES, "internal_error"];
const OPEN_CODES: readonly ErrorCode[] = ["invalid_request", "not_found", ...STORE_CODES, "internal_error"];
const CONTENTS_CODES: readonly ErrorCode[] = ["invalid_request", ...STORE_CODES, "internal_error"];
const SIMILAR_CODES: readonly ErrorCode[] = ["invalid_request", "not_found", ...READ_CODES, ...STORE_CODES, "internal_error"];

const EXAMPLE_URL = "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Retry-After";

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
    tags: [
      { name: "search", description: "Ask several engines, rank by policy, read the top pages." },
      { name: "pages", description: "Read pages by URL, continue them by handle, widen from one." },
      { name: "system", description: "Liveness and this document." },
    ],
    paths: {
      "/v1/search": {
        get: {
          operationId: "search",
          tags: ["search"],
          summary: "Search, rank and read the top pages (agent-search).",
          description:
            "Asks the operator's engines, reports each engine's outcome in `data.engines`, fuses and ranks by the policy, and reads the top pages into fenced excerpts under a character budget. " +
            "`data.outcome` is `ok`, `partial` (some engines failed), `empty` (engines answered, nothing survived the policy) or `engines_failed` (an error reply, 502). Each result's `extraction` says whether its excerpt was read.",
          parameters: searchParameters,
          responses: getResponses("AgentSearchResponse", codeFailures(SEARCH_CODES)),
        },
        post: {
          operationId: "searchJson",
          tags: ["search"],
          summary: "Search with a JSON agent-search request.",
          description: "The same search as GET /v1/search, with every agent-search field (angles, time_range, language, render) in a JSON body.",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/AgentSearchRequest" }, example: { query: "http 429 retry-after", top_n: 3, total_chars: 6000 } } } },
          responses: postResponses("AgentSearchResponse", codeFailures(SEARCH_CODES)),
        },
      },
      "/v1/fetch": {
        post: {
          operationId: "fetch",
          tags: ["pages"],
          summary: "Read one page by URL, fenced and paginated (agent-page).",
          description:
            "Reads the URL over the network (through the SSRF guard, robots.txt and per-host limits), extracts it, keeps it in the store and returns one page of it. " +
            "`data.handle` continues it with GET /v1/open/{handle}; `data.source` is `network` or `cache`.",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/AgentPageFetchRequest" }, example: { url: EXAMPLE_URL, page_size_tokens: 1000 } } } },
          responses: postResponses("AgentPageResponse", codeFailures(FETCH_CODES)),
        },
      },
      "/v1/open/{handle}": {
        get: {
          operationId: "open",
          tags: ["pages"],
          summary: "Read a stored page by handle, with no network (agent-page).",
          description: "Returns a page of a document the store already holds (`data.source` is `cache`); nothing is fetched. A page past the last is `not_found` with `details.total_pages`.",
          parameters: [
            // The agent-page contract's `open_request` fields (AgentPageOpenRequest), taken from the contract.
            { name: "handle", in: "path", required: true, description: "Store handle `<site>~<12 hex>`.", schema: openRequestProperty("handle"), example: "developer.mozilla.org~3f6c0a9b12de" },
            queryParameter("page", "1-based page.", openRequestProperty("page")),
            queryParameter("page_size_tokens", "Tokens per page.", openRequestProperty("page_size_tokens")),
            queryParameter("query", "Also return highlights for this query.", openRequestProperty("query")),
            queryParameter("datamark", "1: interleave a data marker.", { type: "string" }),
          ],
          responses: getResponses("AgentPageResponse", codeFailures(OPEN_CODES)),
        },
      },
      "/v1/contents": {
        post: {
          operationId: "contents",
          tags: ["pages"],
          summary: "Read several pages, one outcome per URL (agent-contents).",
          description: "Reads each URL like /v1/fetch and answers ok with one item per URL: `outcome` is `ok` or the item's failure code (`refused`, `blocked`, `http_error`, ...), so one bad URL does not fail the rest.",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/AgentContentsRequest" }, example: { urls: [EXAMPLE_URL, "https://www.rfc-editor.org/rfc/rfc9110"], page_size_tokens: 500 } } } },
          responses: postResponses("AgentContentsResponse", codeFailures(CONTENTS_CODES)),
        },
      },
      "/v1/similar": {
        post: {
          operationId: "similar",
          tags: ["pages"],
          summary: "Find pages similar to a URL or handle (agent-similar).",
          description: "Starts from a stored page (by handle or any URL twin; a URL not stored is read first) and answers with similar stored passages and, unless `search: false`, new search results.",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/AgentSimilarRequest" }, example: { target: EXAMPLE_URL, limit: 5 } } } },
          responses: postResponses("AgentSimilarResponse", codeFailures(SIMILAR_CODES)),
        },
      },
      "/v1/engines": {
        get: {
          operationId: "engines",
          tags: ["search"],
          summary: "List the search engines and their state (agent-engines).",
          description:
            "Every engine websift knows: configured or not (and what to set), the engines a search asks by default and whose choice that is, each engine's last outcome on this machine, a rate-limit wait still running and Brave's daily budget. Nothing goes on the network.",
          responses: getResponses("AgentEnginesResponse", codeFailures(["invalid_config", "internal_error"])),
        },
      },
      "/api/system/web-search": {
        get: {
          operationId: "compatWebSearch",
          tags: ["search"],
          summary: "Compatibility route: ranked links with snippets and the provider that answered.",
          description: "Ranked links only (no page reads), in the reply shape of websift's first web-search API, not an Envelope's `data`: `provider` names the engines that answered.",
          parameters: [
            queryParameter("query", "The query (or `q`).", { type: "string" }),
            queryParameter("q", "Alias of `query`.", { type: "string" }),
            queryParameter("maxResults", `Maximum results (default ${DEFAULT_COMPAT_MAX_RESULTS}).`, { type: "integer", minimum: 1, maximum: 200 }),
          ],
          responses: getResponses("WebSearchCompatResponse", codeFailures(SEARCH_CODES)),
        },
      },
      "/healthz": {
        get: {
          operationId: "health",
          tags: ["system"],
          summary: "Liveness; needs no token (the Host and origin checks still apply).",
          description: "Answers 200 while the process serves; it checks no engine, store or network (use `websift doctor` for that).",
          ...(facts.bearer ? { security: [] } : {}),
          responses: { "200": { description: "Alive.", content: jsonContent({ type: "object", required: ["ok"], properties: { ok: { type: "boolean" }, version: { type: "string" } } }) } },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "openapi",
          tags: ["system"],
          summary: "This document.",
          description: "The OpenAPI 3.1 document of this server, built from the contracts; `servers` is the address this server is bound to.",
          responses: { "200": { description: "OpenAPI 3.1 document.", content: jsonContent({ type: "object" }) } },
        },
      },
    },
    components: {
      schemas: { ...contractComponents(), WebSearchCompatResponse: COMPAT_RESPONSE },
      ...(facts.bearer ? { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "The server's API token (WEBSIFT_API_TOKEN or its token file), as Authorization: Bearer <token>." } } } : {}),
    },
  };
}
