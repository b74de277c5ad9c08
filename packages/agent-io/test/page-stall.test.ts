import { createServer as createHttpServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe, type ServeProcess } from "./rest-harness.js";
import { buildAgentIo } from "./support/local-web.js";

// A page built to cost CPU (3,000 nested divs took 71 s on the event loop before extraction moved
// to worker threads) must not stall the server: /healthz keeps answering while it is read.

const DEPTH = 3000;
const NESTED = `<!doctype html><html><head><title>Nested</title></head><body>${"<div>".repeat(DEPTH)}<p>${"Deeply nested text about caching. ".repeat(40)}</p>${"</div>".repeat(DEPTH)}</body></html>`;

let pageServer: Server;
let pageBase: string;
let scratch: string;
let serve: ServeProcess;
let base: string;

beforeAll(async () => {
  buildAgentIo();
  pageServer = createHttpServer((_request, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(NESTED));
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageBase = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  scratch = mkdtempSync(join(tmpdir(), "websift-stall-"));
  serve = await startServe(["--allow-private-hosts", "--store", join(scratch, "store")], {
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
    WEBSIFT_CACHE_DIR: join(scratch, "cache"),
  });
  base = serve.base;
});

afterAll(async () => {
  await serve?.stop();
  await new Promise<void>((resolve) => pageServer?.close(() => resolve()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("a CPU-heavy page does not stall websift serve", () => {
  it("/healthz answers within 3 s while 3,000 nested divs are read, and the read ends within 60 s, read or typed", async () => {
    const started = Date.now();
    const read = fetch(`${base}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${pageBase}/nested` }) });
    const healthLatencies: number[] = [];
    let done = false;
    const settled = read.then(async (response) => {
      done = true;
      return { status: response.status, body: (await response.json()) as { ok: boolean; error: { code: string } | null; data: { content?: string } | null } };
    });
    while (!done && Date.now() - started < 60_000) {
      const asked = Date.now();
      const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
      expect(health.status).toBe(200);
      healthLatencies.push(Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { body } = await settled;
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(healthLatencies.length).toBeGreaterThan(0);
    expect(Math.max(...healthLatencies)).toBeLessThan(3000);
    // Read (the text survives the depth cap) or a typed failure, never a hang.
    if (body.ok) expect(body.data?.content).toContain("Deeply nested text about caching");
    else expect(["extract_timeout", "too_large", "empty_content"]).toContain(body.error?.code);
  }, 70_000);
});
