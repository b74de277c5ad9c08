import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildAgentIo, PACKAGE_DIR, startFakeSearxng, startPageServer, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

interface EnvelopeShape {
  contract: string;
  ok: boolean;
  data: Record<string, unknown> | null;
  error: { code: string; details?: Record<string, unknown> } | null;
  meta: { layer: string; request_id: string };
}

const TOOL_NAMES = ["web_contents", "web_engines", "web_fetch", "web_find_similar", "web_open", "web_search"];

let pages: LocalServer;
let searxng: LocalServer;
let scratch: string;
let env: Record<string, string>;
let client: Client;
let stderr = "";
const clientErrors: Error[] = [];

beforeAll(async () => {
  buildAgentIo();
  pages = await startPageServer();
  searxng = await startFakeSearxng((query) => [
    { url: `${pages.base}/article`, title: `Retry-After explained (${query})`, content: "How long to wait after a 429.", engines: ["duckduckgo", "brave"] },
    { url: `${pages.base}/missing`, title: "A page that is gone", content: "Gone.", engines: ["google"] },
  ]);
  scratch = mkdtempSync(join(tmpdir(), "websift-mcp-"));
  env = {
    ...getDefaultEnvironment(),
    WEBSIFT_SEARXNG_URL: searxng.base,
    WEBSIFT_ENGINES: "searxng",
    WEBSIFT_STORE_DIR: join(scratch, "store"),
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
  };
  const transport = new StdioClientTransport({ command: process.execPath, args: [WEBSIFT_BIN, "mcp", "--allow-private-hosts"], cwd: PACKAGE_DIR, env, stderr: "pipe" });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // A stray non-protocol line on stdout would surface here as a parse error.
  transport.onerror = (error) => clientErrors.push(error);
  client = new Client({ name: "websift-test", version: "0.0.0" });
  client.onerror = (error) => clientErrors.push(error);
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await pages?.close();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift mcp over stdio (built server, SDK client)", () => {
  it("lists the six tools with contract input schemas, the Envelope output schema and annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const search = byName.get("web_search")!;
    expect(search.inputSchema.type).toBe("object");
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["query", "engines", "extract", "top_n"]));
    expect(search.outputSchema?.type).toBe("object");
    expect(search.outputSchema?.required).toEqual(["contract", "contract_version", "ok", "data", "error", "meta"]);
    expect(byName.get("web_fetch")!.inputSchema.required).toEqual(["url"]);
    expect(byName.get("web_fetch")!.inputSchema.properties).not.toHaveProperty("handle");
    expect(byName.get("web_open")!.inputSchema.required).toEqual(["handle"]);
    expect(byName.get("web_contents")!.inputSchema.required).toEqual(["urls"]);
    expect(byName.get("web_find_similar")!.inputSchema.required).toEqual(["target"]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description).toBeTruthy();
      // Standalone schemas: no references into a contract file the client never saw.
      expect(JSON.stringify(tool.inputSchema)).not.toContain("$ref");
    }
    expect(byName.get("web_open")!.annotations?.openWorldHint).toBe(false);
  });

  it("web_search without extraction returns the search Envelope as structuredContent", async () => {
    const result = await client.callTool({ name: "web_search", arguments: { query: "retry after header", extract: false } });
    expect(result.isError).toBeFalsy();
    const envelope = result.structuredContent as unknown as EnvelopeShape;
    expect(envelope).toMatchObject({ contract: "agent-search", ok: true, error: null, meta: { layer: "agent-io" } });
    const data = envelope.data as { outcome: string; engines: Array<{ name: string; outcome: string }>; results: Array<{ url: string; extraction: string; excerpt: string | null }> };
    expect(data.outcome).toBe("ok");
    expect(data.engines).toEqual([expect.objectContaining({ name: "searxng", outcome: "ok" })]);
    expect(data.results.map((item) => item.url)).toEqual([`${pages.base}/article`, `${pages.base}/missing`]);
    expect(data.results.every((item) => item.extraction === "not_requested" && item.excerpt === null)).toBe(true);
    // Without reading pages, the engines' snippets still come back (structured, and fenced in the text).
    expect((data.results as Array<{ snippet?: string | null }>).map((item) => item.snippet)).toEqual(["How long to wait after a 429.", "Gone."]);
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain("snippet: How long to wait after a 429.");
    const text = (result.content as Array<{ type: string; text: string }>)[0]!;
    expect(text.type).toBe("text");
    expect(text.text).toContain("engine searxng: ok");
    expect(searxng.hits.some((hit) => hit.startsWith("/search?") && hit.includes("format=json"))).toBe(true);
  });

  it("web_search with extraction reads loopback pages: a fenced excerpt and a per-item 404 failure", async () => {
    const result = await client.callTool({ name: "web_search", arguments: { query: "retry after header", top_n: 2 } });
    expect(result.isError).toBeFalsy();
    const envelope = result.structuredContent as unknown as EnvelopeShape;
    const data = envelope.data as {
      fence: { nonce: string; open: string; close: string };
      results: Array<{ url: string; extraction: string; excerpt: string | null; handle: string | null }>;
      extraction: { extracted: number; failures: number; chars_used: number; budget: number };
      warnings: string[];
    };
    const [article, missing] = data.results;
    expect(article!.extraction).toMatch(/^(ok|truncated)$/);
    expect(article!.excerpt).toContain(data.fence.open);
    expect(article!.excerpt).toContain(data.fence.close);
    expect(article!.excerpt).toContain("Retry-After response header");
    expect(article!.handle).toBeTruthy();
    expect(missing!.extraction).toBe("failed:http_404");
    expect(missing!.excerpt).toBeNull();
    expect(data.extraction).toMatchObject({ extracted: 1, failures: 1 });
    expect(data.extraction.chars_used).toBeLessThanOrEqual(data.extraction.budget);
    expect(data.warnings.join("\n")).toMatch(/ignore all previous instructions/i);
  });

  it("web_engines lists every engine, the operator's default, and each engine's last outcome here, with no network", async () => {
    await client.callTool({ name: "web_search", arguments: { query: "engines state", extract: false } });
    const hitsBefore = searxng.hits.length;
    const result = await client.callTool({ name: "web_engines", arguments: {} });
    expect(result.isError).toBeFalsy();
    const data = (result.structuredContent as unknown as EnvelopeShape).data as {
      default_engines: { names: string[]; source: string };
      engines: Array<{ name: string; configured: boolean; in_default_set: boolean; last: { outcome: string; result_count: number } | null }>;
    };
    expect(data.default_engines).toEqual({ names: ["searxng"], source: "WEBSIFT_ENGINES" });
    const byName = new Map(data.engines.map((engine) => [engine.name, engine]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(["searxng", "duckduckgo", "brave"]));
    expect(byName.get("searxng")).toMatchObject({ configured: true, in_default_set: true, last: { outcome: "ok", result_count: 2 } });
    expect(byName.get("brave")).toMatchObject({ configured: false, in_default_set: false, last: null });
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain("Default engines (WEBSIFT_ENGINES): searxng");
    expect(searxng.hits.length).toBe(hitsBefore);
  });

  it("web_fetch then web_open page 2 by handle, with no network", async () => {
    const fetched = await client.callTool({ name: "web_fetch", arguments: { url: `${pages.base}/article`, page_size_tokens: 100 } });
    expect(fetched.isError).toBeFalsy();
    const page1 = (fetched.structuredContent as unknown as EnvelopeShape).data as { handle: string; total_pages: number; has_more: boolean; source: string; content: string; fence: { close: string } };
    expect(page1.source).toBe("network");
    // What extract found about the page comes with it.
    expect((fetched.structuredContent as unknown as EnvelopeShape).data).toMatchObject({ language: "en", byline: null, canonical_url: null });
    expect(page1.has_more).toBe(true);
    expect(page1.content).toContain(page1.fence.close);
    const hitsBefore = pages.hits.length;
    const opened = await client.callTool({ name: "web_open", arguments: { handle: page1.handle, page: 2, page_size_tokens: 100 } });
    expect(opened.isError).toBeFalsy();
    const page2 = (opened.structuredContent as unknown as EnvelopeShape).data as { page: number; source: string; handle: string };
    expect(page2).toMatchObject({ page: 2, source: "cache", handle: page1.handle });
    expect(pages.hits.length).toBe(hitsBefore);
    expect((opened.content as Array<{ text: string }>)[0]!.text).toContain("Page 2/");
    // The page's type (and date and byline, when it has them) are in the text too, on a fetch and on an open.
    const pageType = ((fetched.structuredContent as unknown as EnvelopeShape).data as { page_type: string | null }).page_type;
    expect(pageType).toBeTruthy();
    for (const result of [fetched, opened]) expect((result.content as Array<{ text: string }>)[0]!.text).toContain(`page type: ${pageType}`);
  });

  it("bad input is an isError result carrying the invalid_request Envelope", async () => {
    const result = await client.callTool({ name: "web_search", arguments: { query: "x", top_n: "five" } });
    expect(result.isError).toBe(true);
    const envelope = result.structuredContent as unknown as EnvelopeShape;
    expect(envelope.ok).toBe(false);
    expect(envelope.error?.code).toBe("invalid_request");
    expect(envelope.error?.details?.["field"]).toBe("top_n");
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain("invalid_request");

    const missing = await client.callTool({ name: "web_open", arguments: {} });
    expect(missing.isError).toBe(true);
    expect((missing.structuredContent as unknown as EnvelopeShape).error?.code).toBe("invalid_request");
  });

  it("a failed read is an isError result with the failure's code", async () => {
    const result = await client.callTool({ name: "web_fetch", arguments: { url: `${pages.base}/missing` } });
    expect(result.isError).toBe(true);
    expect((result.structuredContent as unknown as EnvelopeShape).error?.code).toBe("http_error");
  });

  it("logs on stderr and keeps stdout for the protocol", () => {
    expect(stderr).toContain("websift mcp: ready on stdio");
    expect(stderr).toContain("web_search ok");
    expect(clientErrors).toEqual([]);
  });
});

describe("websift mcp stdout", () => {
  it("carries only JSON-RPC lines, and the server exits when the client closes stdin", async () => {
    const child = spawn(process.execPath, [WEBSIFT_BIN, "mcp"], { cwd: PACKAGE_DIR, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "web_search", arguments: { query: "stdout check", extract: false } } });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to id 3; stdout so far: ${stdout.slice(0, 500)}`)), 20_000);
      const check = () => {
        if (stdout.split("\n").some((line) => line.includes('"id":3'))) {
          clearTimeout(timer);
          resolve();
        } else child.stdout.once("data", check);
      };
      check();
    });
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.split("\n").filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
  });
});

describe("SKILL.md", () => {
  // Agent Skills layout: skills/<name>/SKILL.md at the repository root, the folder named after `name:`.
  const SKILL_PATH = join(PACKAGE_DIR, "..", "..", "skills", "websift", "SKILL.md");

  it("has Agent Skills front matter and covers every tool, outcome and the fence", () => {
    const text = readFileSync(SKILL_PATH, "utf8");
    const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
    expect(match).not.toBeNull();
    const front = parse(match![1]!) as { name: string; description: string };
    expect(front.name).toMatch(/^[a-z0-9-]{1,64}$/);
    expect(basename(dirname(SKILL_PATH))).toBe(front.name);
    expect(front.description.length).toBeGreaterThan(20);
    expect(front.description.length).toBeLessThanOrEqual(1024);
    for (const word of [...TOOL_NAMES, "engines_failed", "partial", "skipped_budget_exhausted", "not_requested", "failed:<reason>", "nonce", "warnings", "has_more"]) {
      expect(text, word).toContain(word);
    }
  });
});
