// The concurrency limit and the shutdown of `websift serve`, with a SearXNG fixture that holds each
// search until the test releases it: a request stays "in flight" exactly as long as needed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startHoldingSearxng, startServe, type HoldingSearxng, type RawReply, type ServeProcess } from "./rest-harness.js";
import { buildAgentIo } from "./support/local-web.js";

let scratch: string;
const servers: ServeProcess[] = [];
const fixtures: HoldingSearxng[] = [];

async function setUp(args: string[]): Promise<{ serve: ServeProcess; searxng: HoldingSearxng }> {
  const searxng = await startHoldingSearxng();
  fixtures.push(searxng);
  const dir = mkdtempSync(join(scratch, "run-"));
  const serve = await startServe(args, {
    WEBSIFT_SEARXNG_URL: searxng.base,
    WEBSIFT_ENGINES: "searxng",
    WEBSIFT_STORE_DIR: join(dir, "store"),
    WEBSIFT_CONFIG_DIR: join(dir, "config"),
    WEBSIFT_STATE_DIR: join(dir, "state"),
  });
  servers.push(serve);
  return { serve, searxng };
}

const search = (serve: ServeProcess, query: string): Promise<RawReply> => rawRequest(serve.port, { path: `/v1/search?q=${query}&no_extract=1` });

beforeAll(() => {
  buildAgentIo();
  scratch = mkdtempSync(join(tmpdir(), "websift-rest-limits-"));
});

afterEach(async () => {
  for (const fixture of fixtures.splice(0)) fixture.releaseAll();
  for (const serve of servers.splice(0)) {
    if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill("SIGKILL");
    await serve.exited;
  }
});

afterAll(async () => {
  for (const fixture of fixtures.splice(0)) await fixture.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift serve concurrency limit", () => {
  it("N running requests: the N+1th gets 503 busy with Retry-After at once; /healthz still answers; the N finish", async () => {
    const { serve, searxng } = await setUp(["--max-concurrency", "2"]);
    const running = [search(serve, "one"), search(serve, "two")];
    await searxng.waitForHits(2);
    const started = Date.now();
    const over = await search(serve, "three");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(over.status).toBe(503);
    expect(over.headers["retry-after"]).toBe("1");
    expect(over.json).toMatchObject({ ok: false, error: { code: "busy", retryable: true, details: { retry_after_s: 1 } } });
    // The refused request ran nothing.
    expect(searxng.hits.length).toBe(2);
    // Liveness is not counted.
    expect((await rawRequest(serve.port, { path: "/healthz" })).status).toBe(200);
    searxng.releaseAll();
    for (const reply of await Promise.all(running)) expect(reply.status).toBe(200);
    // Slots are given back.
    expect((await search(serve, "four")).status).toBe(200);
  });

  it("refused requests (415, 405) take no slot", async () => {
    const { serve, searxng } = await setUp(["--max-concurrency", "1"]);
    for (let i = 0; i < 5; i += 1) {
      expect((await rawRequest(serve.port, { method: "POST", path: "/v1/search", body: "{}" })).status).toBe(415);
      expect((await rawRequest(serve.port, { method: "HEAD", path: "/v1/search?q=x" })).status).toBe(405);
    }
    searxng.releaseAll();
    expect((await search(serve, "after")).status).toBe(200);
  });

  it("an invalid --max-concurrency stops the start", async () => {
    await expect(setUp(["--max-concurrency", "0"])).rejects.toThrow(/max_concurrency must be a whole number from 1/);
  });
});

describe("websift serve shutdown", () => {
  it("SIGTERM lets a request in flight finish, then exits 0", async () => {
    const { serve, searxng } = await setUp(["--shutdown-grace", "10"]);
    const inFlight = search(serve, "held");
    await searxng.waitForHits(1);
    serve.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Still running: it waits for the request.
    expect(serve.child.exitCode).toBeNull();
    searxng.releaseAll();
    expect((await inFlight).status).toBe(200);
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toContain("shutting down (requests in flight: 1");
  });

  it("SIGTERM with a request that never finishes ends within the grace period", async () => {
    const { serve, searxng } = await setUp(["--shutdown-grace", "1"]);
    const inFlight = search(serve, "stuck");
    await searxng.waitForHits(1);
    const started = Date.now();
    serve.child.kill("SIGTERM");
    const code = await serve.exited;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5_000);
    expect(code).toBe(0);
    expect(serve.stderr()).toMatch(/cut 1 request\(s\) still running/);
    // The client sees its connection cut, not a hang.
    expect((await inFlight).status).toBe(0);
  });

  it("a second signal exits at once", async () => {
    const { serve, searxng } = await setUp(["--shutdown-grace", "60"]);
    const inFlight = search(serve, "stuck");
    await searxng.waitForHits(1);
    serve.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(serve.child.exitCode).toBeNull();
    const started = Date.now();
    serve.child.kill("SIGINT");
    await serve.exited;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(serve.stderr()).toContain("again; closing every connection now");
    await inFlight;
  });
});
