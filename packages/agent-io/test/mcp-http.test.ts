import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgentIo, PACKAGE_DIR, startFakeSearxng, startPageServer, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

let pages: LocalServer;
let searxng: LocalServer;
let scratch: string;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

/** Start `websift mcp --http ...` on a random loopback port; resolves with its /mcp URL (from stderr) or the exit. */
function startHttpMcp(args: string[], extraEnv: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stderr: () => string } | { exitCode: number | null; stderr: string }> {
  const child = spawn(process.execPath, [WEBSIFT_BIN, "mcp", "--http", "--port", "0", ...args], { cwd: PACKAGE_DIR, env: { ...env, ...extraEnv }, stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  let stderr = "";
  return new Promise((resolve) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve({ url: match[1]!, child, stderr: () => stderr });
    });
    child.on("exit", (exitCode) => resolve({ exitCode, stderr }));
  });
}

function rawPost(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

beforeAll(async () => {
  buildAgentIo();
  pages = await startPageServer();
  searxng = await startFakeSearxng((query) => [{ url: `${pages.base}/article`, title: `Retry-After explained (${query})`, content: "How long to wait after a 429.", engines: ["duckduckgo"] }]);
  scratch = mkdtempSync(join(tmpdir(), "websift-mcp-http-"));
  env = {
    PATH: process.env["PATH"] ?? "",
    HOME: scratch,
    WEBSIFT_SEARXNG_URL: searxng.base,
    WEBSIFT_ENGINES: "searxng",
    WEBSIFT_STORE_DIR: join(scratch, "store"),
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
    WEBSIFT_CACHE_DIR: join(scratch, "cache"),
  };
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await pages?.close();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift mcp --http (streamable HTTP)", () => {
  it("serves the tools to an SDK client: list, then a search with the engines' report", async () => {
    const started = await startHttpMcp(["--allow-private-hosts"]);
    if (!("url" in started)) throw new Error(`did not start: ${started.stderr}`);
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: "http-test", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(started.url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("web_search");
    const result = await client.callTool({ name: "web_search", arguments: { query: "retry after", extract: false } });
    expect(result.isError).toBeFalsy();
    const envelope = result.structuredContent as { ok: boolean; data: { engines: Array<{ name: string; outcome: string }>; results: Array<{ url: string }> } };
    expect(envelope.ok).toBe(true);
    expect(envelope.data.engines).toEqual([expect.objectContaining({ name: "searxng", outcome: "ok" })]);
    expect(envelope.data.results[0]!.url).toBe(`${pages.base}/article`);
    // A page read over HTTP lands in the same store as any other transport's.
    const fetched = await client.callTool({ name: "web_fetch", arguments: { url: `${pages.base}/article` } });
    expect(fetched.isError).toBeFalsy();
    await client.close();
    started.child.kill("SIGTERM");
  });

  it("answers only for its own Host (DNS rebinding) and refuses other pages' origins", async () => {
    const started = await startHttpMcp([]);
    if (!("url" in started)) throw new Error(`did not start: ${started.stderr}`);
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const rebound = await rawPost(started.url, { host: "attacker.example:80" }, list);
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    const crossSite = await rawPost(started.url, { origin: "https://evil.example" }, list);
    expect(crossSite.status).toBe(403);
    const wrongPath = await rawPost(started.url.replace(/\/mcp$/, "/other"), {}, list);
    expect(wrongPath.status).toBe(404);
    started.child.kill("SIGTERM");
  });

  it("needs a token beyond loopback, and with a token refuses calls without it", async () => {
    const open = await startHttpMcp(["--host", "0.0.0.0"]);
    expect("exitCode" in open && open.exitCode).toBe(2);
    expect((open as { stderr: string }).stderr).toMatch(/needs an API token/);

    const token = "a".repeat(20) + "0123456789abcdef";
    const guarded = await startHttpMcp([], { WEBSIFT_API_TOKEN: token });
    if (!("url" in guarded)) throw new Error(`did not start: ${guarded.stderr}`);
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await rawPost(guarded.url, {}, list)).status).toBe(401);
    const client = new Client({ name: "http-token-test", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(guarded.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    guarded.child.kill("SIGTERM");
  });

  it("on stdio too, an unknown tool name is one line and exit 2, not a stack trace", async () => {
    const child = spawn(process.execPath, [WEBSIFT_BIN, "mcp", "--tools", "web_serach"], { cwd: PACKAGE_DIR, env, stdio: ["pipe", "pipe", "pipe"] });
    children.push(child);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown MCP tool "web_serach"');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses an unknown tool in WEBSIFT_MCP_TOOLS before it listens", async () => {
    const started = await startHttpMcp([], { WEBSIFT_MCP_TOOLS: "web_search,web_serach" });
    expect("exitCode" in started && started.exitCode).toBe(2);
    expect((started as { stderr: string }).stderr).toContain('Unknown MCP tool "web_serach"');
  });
});
