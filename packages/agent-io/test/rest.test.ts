import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgentIo, PACKAGE_DIR, startFakeSearxng, startPageServer, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

interface EnvelopeShape {
  contract: string;
  ok: boolean;
  data: Record<string, unknown> | null;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
  meta: { layer: string };
}

let pages: LocalServer;
let searxng: LocalServer;
let scratch: string;
let server: ChildProcess;
let base: string;
let stderr = "";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; type: string | null; body: EnvelopeShape & Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as EnvelopeShape & Record<string, unknown> };
}

const postJson = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  buildAgentIo();
  pages = await startPageServer();
  searxng = await startFakeSearxng((query) => [
    { url: `${pages.base}/article`, title: `Retry-After explained (${query})`, content: "How long to wait after a 429.", engines: ["duckduckgo", "brave"] },
    { url: `${pages.base}/missing`, title: "A page that is gone", content: "Gone.", engines: ["google"] },
  ]);
  scratch = mkdtempSync(join(tmpdir(), "websift-rest-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The operator, not a request, allows the loopback page server: the flag is on the command line.
  server = spawn(process.execPath, [WEBSIFT_BIN, "serve", "--port", String(port), "--allow-private-hosts"], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      WEBSIFT_API_TOKEN: undefined,
      WEBSIFT_API_TOKEN_FILE: undefined,
      WEBSIFT_SEARXNG_URL: searxng.base,
      WEBSIFT_ENGINES: "searxng",
      WEBSIFT_STORE_DIR: join(scratch, "store"),
      WEBSIFT_CONFIG_DIR: join(scratch, "config"),
      WEBSIFT_STATE_DIR: join(scratch, "state"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`websift serve did not start: ${stderr}`)), 20_000);
    server.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (stderr.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on("exit", (code) => reject(new Error(`websift serve exited with ${code}: ${stderr}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await pages?.close();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift serve (built CLI, loopback)", () => {
  it("prints its loopback address and answers /healthz", async () => {
    expect(stderr).toContain(`listening on ${base}`);
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toMatchObject({ ok: true, version: expect.any(String) });
  });

  it("GET /v1/search answers the agent-search Envelope", async () => {
    const { status, type, body } = await call("/v1/search?q=retry+after&no_extract=1&engines=searxng&explain=1");
    expect(status).toBe(200);
    expect(type).toBe("application/json; charset=utf-8");
    expect(body).toMatchObject({ contract: "agent-search", ok: true, error: null });
    const data = body.data as { query: string; outcome: string; results: Array<{ url: string; extraction: string }>; engines: Array<{ name: string }> };
    expect(data.query).toBe("retry after");
    expect(data.outcome).toBe("ok");
    expect(data.engines.map((engine) => engine.name)).toEqual(["searxng"]);
    expect(data.results.map((result) => result.extraction)).toEqual(["not_requested", "not_requested"]);
  });

  it("POST /v1/search reads pages under the budget", async () => {
    const { status, body } = await call("/v1/search", postJson({ query: "retry after", top_n: 2, total_chars: 1500 }));
    expect(status).toBe(200);
    const data = body.data as { results: Array<{ extraction: string; excerpt: string | null }>; extraction: { chars_used: number; budget: number } };
    expect(data.results[0]!.extraction).toMatch(/^(ok|truncated)$/);
    expect(data.results[1]!.extraction).toBe("failed:http_404");
    expect(data.extraction.budget).toBe(1500);
    expect(data.extraction.chars_used).toBeLessThanOrEqual(1500);
  });

  it("answers the compatibility route with query, provider and hits (SearXNG's upstream engines per hit)", async () => {
    const { status, body } = await call("/api/system/web-search?query=retry+after&maxResults=1");
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.data).toEqual({
      query: "retry after",
      provider: "searxng",
      results: [{ title: "Retry-After explained (retry after)", url: `${pages.base}/article`, snippet: "How long to wait after a 429.", engines: ["brave", "duckduckgo"] }],
    });
    const alias = await call("/api/system/web-search?q=retry+after");
    expect(alias.status).toBe(200);
    expect((alias.body.data as { results: unknown[] }).results).toHaveLength(2);
  });

  it("bad input gets 400 with an error Envelope naming the field", async () => {
    const missing = await call("/v1/search");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ ok: false, data: null, error: { code: "invalid_request", details: { field: "query" } } });
    const notNumber = await call("/v1/search?q=x&top_n=many");
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.error?.details?.["field"]).toBe("top_n");
    const compat = await call("/api/system/web-search?maxResults=3");
    expect(compat.status).toBe(400);
    expect(compat.body.error).toMatchObject({ code: "invalid_request", details: { field: "query" } });
    const badMax = await call("/api/system/web-search?q=x&maxResults=0");
    expect(badMax.status).toBe(400);
    expect(badMax.body.error?.details?.["field"]).toBe("maxResults");
    const badJson = await call("/v1/fetch", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ contract: "agent-page", ok: false, error: { code: "invalid_request" } });
    const unknownField = await call("/v1/fetch", postJson({ url: `${pages.base}/article`, colour: "blue" }));
    expect(unknownField.status).toBe(400);
    const noUrl = await call("/v1/fetch", postJson({}));
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error?.details?.["field"]).toBe("url");
  });

  it("refuses a body over 1 MB with 413", async () => {
    const { status, body } = await call("/v1/contents", postJson({ urls: ["x".repeat(1024 * 1024 + 10)] }));
    expect(status).toBe(413);
    expect(body.error?.code).toBe("too_large");
  });

  it("unknown routes and handles are 404 Envelopes; a wrong method is 405", async () => {
    const route = await call("/v2/nothing");
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ ok: false, error: { code: "not_found" } });
    const handle = await call("/v1/open/example.com~000000000000");
    expect(handle.status).toBe(404);
    expect(handle.body).toMatchObject({ contract: "agent-page", ok: false, error: { code: "not_found" } });
    const method = await call("/v1/fetch");
    expect(method.status).toBe(405);
    expect(method.body.ok).toBe(false);
  });

  it("POST /v1/fetch, then GET /v1/open/:handle after the page server stopped", async () => {
    const own = await startPageServer();
    const fetched = await call("/v1/fetch", postJson({ url: `${own.base}/article`, page_size_tokens: 100 }));
    expect(fetched.status).toBe(200);
    const page1 = fetched.body.data as { handle: string; page: number; total_pages: number; has_more: boolean; source: string; content: string; fence: { nonce: string; close: string }; warnings: string[] };
    expect(page1).toMatchObject({ page: 1, has_more: true, source: "network" });
    expect(page1.content).toContain(page1.fence.close);
    expect(page1.warnings.join("\n")).toMatch(/ignore all previous instructions/i);
    await own.close();

    const contents: string[] = [page1.content];
    for (let page = 2; page <= page1.total_pages; page += 1) {
      const opened = await call(`/v1/open/${encodeURIComponent(page1.handle)}?page=${page}&page_size_tokens=100`);
      expect(opened.status).toBe(200);
      const data = opened.body.data as { page: number; source: string; handle: string; content: string; has_more: boolean };
      expect(data).toMatchObject({ page, source: "cache", handle: page1.handle, has_more: page < page1.total_pages });
      contents.push(data.content);
    }
    expect(contents.join("\n")).toContain("Paragraph 28: Clients should add jitter");
  });

  it("maps a failed read to its status: 422 for an error page (403 for a refused target: rest-trust.test.ts)", async () => {
    const missing = await call("/v1/fetch", postJson({ url: `${pages.base}/missing` }));
    expect(missing.status).toBe(422);
    expect(missing.body.error?.code).toBe("http_error");
  });

  it("POST /v1/contents gives one outcome per URL; POST /v1/similar answers from the store", async () => {
    const contents = await call("/v1/contents", postJson({ urls: [`${pages.base}/article`, `${pages.base}/missing`] }));
    expect(contents.status).toBe(200);
    const results = (contents.body.data as { results: Array<{ url: string; outcome: string; handle: string | null }> }).results;
    expect(results.map((result) => result.outcome)).toEqual(["ok", expect.not.stringMatching(/^ok$/)]);
    const similar = await call("/v1/similar", postJson({ target: results[0]!.handle, search: false }));
    expect(similar.status).toBe(200);
    expect(similar.body).toMatchObject({ contract: "agent-similar", ok: true });
  });

  it("POST /v1/contents returns each page's first page as the store cuts it, so open --page 2 continues it", async () => {
    const paged = await call("/v1/contents", postJson({ urls: [`${pages.base}/article`], page_size_tokens: 100 }));
    const first = (paged.body.data as { results: Array<{ handle: string; total_pages: number; detail: string | null }> }).results[0]!;
    const opened = await call(`/v1/open/${encodeURIComponent(first.handle)}?page=1&page_size_tokens=100`);
    expect(first.total_pages).toBeGreaterThan(1);
    expect(first.total_pages).toBe((opened.body.data as { total_pages: number }).total_pages);
    expect(first.detail).toBe(`page 1 of ${first.total_pages}; open ${first.handle} --page 2 for more`);
  });

  it("GET /v1/engines lists the engines with the server's default set, asking nothing on the network", async () => {
    const hitsBefore = searxng.hits.length;
    const { status, body } = await call("/v1/engines");
    expect(status).toBe(200);
    expect(body).toMatchObject({ contract: "agent-engines", ok: true });
    const data = body.data as { default_engines: { names: string[] }; engines: Array<{ name: string; configured: boolean }> };
    expect(data.engines.find((engine) => engine.name === "searxng")?.configured).toBe(true);
    expect(data.default_engines.names.length).toBeGreaterThan(0);
    expect(searxng.hits.length).toBe(hitsBefore);
  });

  it("serves an OpenAPI 3.1 document whose schemas come from the contracts", async () => {
    const response = await fetch(`${base}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, Record<string, unknown>> } };
    expect(document.openapi).toBe("3.1.0");
    // The address it is bound to, not a hard-coded port.
    expect((document as unknown as { servers: unknown }).servers).toEqual([{ url: base }]);
    // Operator settings are not request parameters.
    const searchParams = ((document.paths["/v1/search"] as { get: { parameters: Array<{ name: string }> } }).get.parameters).map((parameter) => parameter.name);
    expect(searchParams).toContain("q");
    for (const operatorField of ["searxng_url", "allow_private_hosts", "store_dir", "policy_file"]) expect(searchParams).not.toContain(operatorField);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/v1/search", "/v1/fetch", "/v1/open/{handle}", "/v1/contents", "/v1/similar", "/api/system/web-search", "/healthz"]));
    const schemas = document.components.schemas;
    for (const name of ["AgentSearchRequest", "AgentSearchResponse", "AgentPageRequest", "AgentPageFetchRequest", "AgentPageOpenRequest", "AgentPageResponse", "AgentContentsRequest", "AgentSimilarRequest", "Envelope", "EnvelopeError", "ErrorCode", "EngineReport", "WebSearchCompatResponse"]) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect(schemas["AgentSearchRequest"]!["required"]).toEqual(["query"]);
    // fetch and open each reference the request definition their entry point validates.
    expect(schemas["AgentPageFetchRequest"]!["required"]).toEqual(["url"]);
    expect(schemas["AgentPageOpenRequest"]!["required"]).toEqual(["handle"]);
    expect(JSON.stringify(document.paths["/v1/fetch"])).toContain("#/components/schemas/AgentPageFetchRequest");
    const openHandle = (document.paths["/v1/open/{handle}"] as { get: { parameters: Array<{ name: string; schema: { pattern?: string } }> } }).get.parameters.find((parameter) => parameter.name === "handle");
    expect(openHandle?.schema.pattern).toBe("^[a-z0-9.-]{1,63}~[0-9a-f]{12}$");
    // Every /v1 operation is described and tagged, and every failure status names its error codes.
    for (const [path, item] of Object.entries(document.paths).filter(([path]) => path.startsWith("/v1/"))) {
      for (const [method, operation] of Object.entries(item as Record<string, { description?: string; tags?: string[]; responses: Record<string, { description: string }> }>)) {
        expect(operation.description, `${method} ${path}`).toMatch(/\w.{40,}/);
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(operation.responses)) if (status !== "200") expect(response.description, `${method} ${path} ${status}`).toMatch(/`[a-z_]+`/);
      }
    }
    expect(JSON.stringify((document.paths["/v1/fetch"] as { post: { responses: unknown } }).post.responses)).toContain("`browser_unavailable`");
    // Published text carries no wording from how the project was planned.
    expect(JSON.stringify(document)).not.toMatch(/\bseed\b/i);
    // Every reference resolves inside the document.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref.startsWith("#/components/schemas/"), ref).toBe(true);
      expect(schemas, ref).toHaveProperty(ref.slice("#/components/schemas/".length));
    }
  });

  it("with --allow-private-hosts, a body's store_dir creates no directory and is refused by name", async () => {
    const elsewhere = join(scratch, "attacker-store");
    const { status, body } = await call("/v1/fetch", postJson({ url: `${pages.base}/article`, store_dir: elsewhere }));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "invalid_request", details: { field: "store_dir" } });
    expect(existsSync(elsewhere)).toBe(false);
  });

  it("shuts down gracefully on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr).toContain("shutting down");
  });
});
