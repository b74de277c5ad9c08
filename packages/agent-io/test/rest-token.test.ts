// The API token and the bind rules of `websift serve`: a token (env or file) guards every route but
// /healthz, is never echoed, and is required before the server may listen beyond loopback.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corsHeadersOf, freePort, rawRequest, serveRefusal, startServe, type ServeProcess } from "./rest-harness.js";
import { buildAgentIo, startFakeSearxng, type LocalServer } from "./support/local-web.js";

const TOKEN = "ws-test-4f1c0d9e8a7b6c5d4e3f2a1b";
let searxng: LocalServer;
let scratch: string;
let serve: ServeProcess;

const env = () => ({
  WEBSIFT_SEARXNG_URL: searxng.base,
  WEBSIFT_ENGINES: "searxng",
  WEBSIFT_STORE_DIR: join(scratch, "store"),
  WEBSIFT_CONFIG_DIR: join(scratch, "config"),
  WEBSIFT_STATE_DIR: join(scratch, "state"),
});

beforeAll(async () => {
  buildAgentIo();
  searxng = await startFakeSearxng(() => [{ url: "https://example.com/a", title: "A", content: "a", engines: ["duckduckgo"] }]);
  scratch = mkdtempSync(join(tmpdir(), "websift-rest-token-"));
  serve = await startServe([], { ...env(), WEBSIFT_API_TOKEN: TOKEN });
});

afterAll(async () => {
  await serve?.stop();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift serve with WEBSIFT_API_TOKEN", () => {
  it("no token: 401 with WWW-Authenticate: Bearer and an unauthorized Envelope; nothing runs", async () => {
    const before = searxng.hits.length;
    for (const path of ["/v1/search?q=retry&no_extract=1", "/openapi.json", "/api/system/web-search?q=retry", "/v1/open/example.com~000000000000", "/v2/nothing"]) {
      const reply = await rawRequest(serve.port, { path });
      expect(reply.status, path).toBe(401);
      expect(reply.headers["www-authenticate"], path).toMatch(/^Bearer\b/);
      expect(reply.json, path).toMatchObject({ ok: false, error: { code: "unauthorized", retryable: false } });
    }
    const post = await rawRequest(serve.port, { method: "POST", path: "/v1/search", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "retry", extract: false }) });
    expect(post.status).toBe(401);
    expect(searxng.hits.length).toBe(before);
  });

  it("a wrong token is 401, whatever its form", async () => {
    const before = searxng.hits.length;
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer ", `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}`, TOKEN, `Bearer ${TOKEN} extra`]) {
      const reply = await rawRequest(serve.port, { path: "/v1/search?q=retry&no_extract=1", headers: { authorization } });
      expect(reply.status, authorization).toBe(401);
      expect(reply.json?.error?.code).toBe("unauthorized");
    }
    expect(searxng.hits.length).toBe(before);
  });

  it("the right token is 200", async () => {
    const reply = await rawRequest(serve.port, { path: "/v1/search?q=retry&no_extract=1", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(reply.json?.ok).toBe(true);
    const lowerScheme = await rawRequest(serve.port, { path: "/v1/search?q=retry&no_extract=1", headers: { authorization: `bearer ${TOKEN}` } });
    expect(lowerScheme.status).toBe(200);
  });

  it("/healthz needs no token, but still checks the Host", async () => {
    expect((await rawRequest(serve.port, { path: "/healthz" })).status).toBe(200);
    expect((await rawRequest(serve.port, { path: "/healthz", host: "attacker.example" })).status).toBe(421);
    // The Host check comes before the token: a rebinding page learns nothing, token or not.
    expect((await rawRequest(serve.port, { path: "/v1/search?q=x", host: "attacker.example", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(421);
  });

  it("the OpenAPI document names the bound address and the bearer scheme", async () => {
    const reply = await rawRequest(serve.port, { path: "/openapi.json", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
    const document = JSON.parse(reply.text) as {
      servers: Array<{ url: string }>;
      security: unknown;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    };
    expect(document.servers).toEqual([{ url: serve.base }]);
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes["bearerAuth"]).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/healthz"]!["get"]!.security).toEqual([]);
    expect(Object.keys(document.paths["/v1/fetch"]!["post"]!.responses)).toEqual(expect.arrayContaining(["401", "403", "413", "415", "421", "503"]));
    expect(Object.keys(document.paths["/v1/search"]!["get"]!.responses)).toEqual(expect.arrayContaining(["401", "403", "414", "421", "503"]));
  });

  it("the token appears in no reply and no log line", async () => {
    const replies = [
      await rawRequest(serve.port, { path: "/v1/search?q=x", headers: { authorization: `Bearer ${TOKEN}y` } }),
      await rawRequest(serve.port, { path: "/openapi.json", headers: { authorization: `Bearer ${TOKEN}` } }),
      await rawRequest(serve.port, { method: "POST", path: "/v1/fetch", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: "{broken" }),
    ];
    for (const reply of replies) {
      expect(reply.text).not.toContain(TOKEN);
      expect(JSON.stringify(reply.headers)).not.toContain(TOKEN);
      expect(corsHeadersOf(reply.headers)).toEqual([]);
    }
    expect(serve.stderr()).not.toContain(TOKEN);
    expect(serve.stderr()).toContain("requires Authorization: Bearer");
  });
});

describe("websift serve token files and bind rules", () => {
  it("a token file (mode 600) is read and trimmed; a world-readable or empty one stops the start", async () => {
    const file = join(scratch, "token");
    writeFileSync(file, `  ${TOKEN}\n`);
    chmodSync(file, 0o644);
    const open = await serveRefusal(["--port", String(await freePort()), "--token-file", file], env());
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/every user; run chmod 600/);
    expect(open.stderr).not.toContain("listening");

    const empty = join(scratch, "empty-token");
    writeFileSync(empty, "\n");
    chmodSync(empty, 0o600);
    const refusedEmpty = await serveRefusal(["--port", String(await freePort()), "--token-file", empty], env());
    expect(refusedEmpty.code).toBe(2);
    expect(refusedEmpty.stderr).toMatch(/is empty/);

    const missing = await serveRefusal(["--port", String(await freePort())], { ...env(), WEBSIFT_API_TOKEN_FILE: join(scratch, "nope") });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/does not exist/);

    const twice = await serveRefusal(["--port", String(await freePort()), "--token-file", file], { ...env(), WEBSIFT_API_TOKEN: TOKEN });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/given twice/);

    chmodSync(file, 0o600);
    const fromFile = await startServe(["--token-file", file], env());
    try {
      expect((await rawRequest(fromFile.port, { path: "/openapi.json" })).status).toBe(401);
      expect((await rawRequest(fromFile.port, { path: "/openapi.json", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      expect(fromFile.stderr()).not.toContain(TOKEN);
    } finally {
      await fromFile.stop();
    }
  });

  it("binding 0.0.0.0 (or ::, or a LAN name) without a token exits non-zero before listening", async () => {
    for (const host of ["0.0.0.0", "::", "websift.example"]) {
      const refused = await serveRefusal(["--host", host, "--port", String(await freePort())], env());
      expect(refused.code, host).toBe(2);
      expect(refused.stderr, host).toMatch(/needs an API token: set WEBSIFT_API_TOKEN/);
      expect(refused.stderr, host).not.toContain("listening");
    }
    const emptyEnv = await serveRefusal(["--host", "0.0.0.0", "--port", String(await freePort())], { ...env(), WEBSIFT_API_TOKEN: "" });
    expect(emptyEnv.code).toBe(2);
  });

  it("--allowed-host and WEBSIFT_ALLOWED_HOSTS add names the Host check accepts", async () => {
    const allowed = await startServe(["--allowed-host", "websift.internal", "--allowed-host", "api.internal:9443"], { ...env(), WEBSIFT_ALLOWED_HOSTS: "proxy.internal, other.internal:81" });
    try {
      const status = async (host: string) => (await rawRequest(allowed.port, { path: "/healthz", host })).status;
      expect(await status("websift.internal")).toBe(200);
      expect(await status(`websift.internal:${allowed.port}`)).toBe(200);
      expect(await status("api.internal:9443")).toBe(200);
      expect(await status("api.internal:9444")).toBe(421);
      expect(await status("proxy.internal")).toBe(200);
      expect(await status("other.internal:81")).toBe(200);
      expect(await status("attacker.example")).toBe(421);
      const origin = await rawRequest(allowed.port, { path: "/healthz", headers: { origin: "https://websift.internal" } });
      expect(origin.status).toBe(200);
    } finally {
      await allowed.stop();
    }
    const bad = await serveRefusal(["--port", String(await freePort()), "--allowed-host", "http://x/"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--allowed-host must be NAME or NAME:PORT/);
  });
});
