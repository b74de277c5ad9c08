import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgentIo, PACKAGE_DIR, startFakeSearxng, startPageServer, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

// A page that answers its headers and then never sends the body: a read of it runs until its
// 30 s timeout unless the call is cancelled. The server notes when each connection closes.
let stall: Server;
let stallBase: string;
const stallSockets: Array<{ opened: number; closed: number | null }> = [];
let pages: LocalServer;
let searxng: LocalServer;
let scratch: string;
let client: Client;
let stderr = "";

beforeAll(async () => {
  buildAgentIo();
  stall = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.write("<!doctype html><html><head><title>Slow</title></head><body><p>");
  });
  stall.on("connection", (socket: Socket) => {
    const record = { opened: Date.now(), closed: null as number | null };
    stallSockets.push(record);
    socket.on("close", () => (record.closed = Date.now()));
  });
  await new Promise<void>((resolve) => stall.listen(0, "127.0.0.1", resolve));
  stallBase = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
  pages = await startPageServer();
  searxng = await startFakeSearxng(() => [{ url: `${pages.base}/article`, title: "Retry-After explained", content: "How long to wait.", engines: ["bing"] }]);
  scratch = mkdtempSync(join(tmpdir(), "websift-mcp-progress-"));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [WEBSIFT_BIN, "mcp", "--allow-private-hosts"],
    cwd: PACKAGE_DIR,
    env: {
      ...getDefaultEnvironment(),
      WEBSIFT_SEARXNG_URL: searxng.base,
      WEBSIFT_ENGINES: "searxng",
      WEBSIFT_STORE_DIR: join(scratch, "store"),
      WEBSIFT_CONFIG_DIR: join(scratch, "config"),
      WEBSIFT_STATE_DIR: join(scratch, "state"),
      WEBSIFT_CACHE_DIR: join(scratch, "cache"),
    },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  client = new Client({ name: "progress-test", version: "0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  stall?.closeAllConnections();
  await new Promise<void>((resolve) => stall?.close(() => resolve()));
  await pages?.close();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("MCP progress and cancellation", () => {
  it("a call with a progress token hears the engines answer and each page read, in order", async () => {
    const heard: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool({ name: "web_search", arguments: { query: "retry after", top_n: 1 } }, undefined, { onprogress: (progress) => heard.push(progress) });
    expect(result.isError).toBeFalsy();
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(heard[0]!.message).toMatch(/^engines: searxng ok; 1 results$/);
    expect(heard.some((event) => event.message === `read ${pages.base}/article: ok`)).toBe(true);
    expect(heard.map((event) => event.progress)).toEqual(heard.map((_event, index) => index + 1));
  });

  it("a call without a progress token gets no notifications and the same reply", async () => {
    const result = await client.callTool({ name: "web_search", arguments: { query: "retry after", extract: false } });
    expect(result.isError).toBeFalsy();
  });

  it("cancelling a call aborts the read in flight: the site's connection closes at once, not at the 30 s timeout", async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: "web_fetch", arguments: { url: `${stallBase}/slow` } }, undefined, { signal: controller.signal, timeout: 60_000 });
    // Wait until the read is under way at the site.
    const deadline = Date.now() + 15_000;
    while (stallSockets.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stallSockets.length).toBe(1);
    const cancelledAt = Date.now();
    controller.abort("the agent moved on");
    await expect(call).rejects.toThrow();
    const closeDeadline = Date.now() + 10_000;
    while (stallSockets[0]!.closed === null && Date.now() < closeDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stallSockets[0]!.closed).not.toBeNull();
    expect(stallSockets[0]!.closed! - cancelledAt).toBeLessThan(5_000);
    // The server stays up and answers the next call.
    const after = await client.callTool({ name: "web_engines", arguments: {} });
    expect(after.isError).toBeFalsy();
    expect(stderr).toContain("web_fetch cancelled by the client");
  });
});
