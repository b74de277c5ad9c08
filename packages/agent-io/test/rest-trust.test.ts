// `websift serve` tried as an attacker would: a web page (foreign Host after DNS rebinding, foreign
// Origin, a form post without JSON), an oversize or odd request, and a body that tries to widen
// what the operator allowed. Nothing an attacker sends may run anything: the page server's and
// SearXNG fixture's hit counts prove it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corsHeadersOf, rawRequest, startServe, type RawReply, type ServeProcess } from "./rest-harness.js";
import { buildAgentIo, startFakeSearxng, startPageServer, type LocalServer } from "./support/local-web.js";

let pages: LocalServer;
let searxng: LocalServer;
let bystander: LocalServer;
let scratch: string;
let serve: ServeProcess;
/** Every reply seen in this file, to check that none grants CORS. */
const replies: RawReply[] = [];

async function send(options: Parameters<typeof rawRequest>[1]): Promise<RawReply> {
  const reply = await rawRequest(serve.port, options);
  replies.push(reply);
  return reply;
}

const json = (body: unknown): { headers: Record<string, string>; body: string } => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  buildAgentIo();
  pages = await startPageServer();
  bystander = await startPageServer();
  searxng = await startFakeSearxng(() => [{ url: `${pages.base}/article`, title: "Retry-After", content: "wait", engines: ["duckduckgo"] }]);
  scratch = mkdtempSync(join(tmpdir(), "websift-rest-trust-"));
  // No --allow-private-hosts, no token: the loopback default.
  serve = await startServe([], {
    WEBSIFT_SEARXNG_URL: searxng.base,
    WEBSIFT_ENGINES: "searxng",
    WEBSIFT_STORE_DIR: join(scratch, "store"),
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
  });
});

afterAll(async () => {
  await serve?.stop();
  await pages?.close();
  await bystander?.close();
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift serve refuses what the operator did not allow", () => {
  it("a body with allow_private_hosts against a server started WITHOUT --allow-private-hosts reads nothing", async () => {
    const before = pages.hits.length;
    const reply = await send({ method: "POST", path: "/v1/fetch", ...json({ url: `${pages.base}/article`, allow_private_hosts: true }) });
    expect(reply.status).not.toBe(200);
    expect(reply.json?.ok).toBe(false);
    expect(pages.hits.length).toBe(before);
  });

  it("a loopback target without the operator's flag is refused (403) before anything is sent", async () => {
    const before = pages.hits.length;
    const reply = await send({ method: "POST", path: "/v1/fetch", ...json({ url: `${pages.base}/article` }) });
    expect(reply.status).toBe(403);
    expect(reply.json?.error?.code).toBe("refused");
    expect(pages.hits.length).toBe(before);
  });

  it("allow_private_hosts in a query string is refused by the contract, naming the field", async () => {
    const before = searxng.hits.length;
    const reply = await send({ path: "/v1/search?q=retry&no_extract=1&allow_private_hosts=1" });
    expect(reply.status).toBe(400);
    expect(reply.json?.error).toMatchObject({ code: "invalid_request", details: { field: "allow_private_hosts" } });
    expect(searxng.hits.length).toBe(before);
  });

  it("every route refuses every operator setting by name, in a body or a query, and runs nothing", async () => {
    const values: Record<string, unknown> = { allow_private_hosts: true, store_dir: join(scratch, "planted"), policy_file: "/etc/passwd", searxng_url: bystander.base, config_dir: "/" };
    const before = { pages: pages.hits.length, searxng: searxng.hits.length, bystander: bystander.hits.length };
    for (const [field, value] of Object.entries(values)) {
      const query = `${field}=${encodeURIComponent(String(value))}`;
      const attempts = [
        { method: "POST", path: "/v1/search", ...json({ query: "retry", extract: false, [field]: value }) },
        { method: "GET", path: `/v1/search?q=retry&no_extract=1&${query}` },
        { method: "POST", path: "/v1/fetch", ...json({ url: `${pages.base}/article`, [field]: value }) },
        { method: "GET", path: `/v1/open/example.org~0123456789ab?${query}` },
        { method: "POST", path: "/v1/contents", ...json({ urls: [`${pages.base}/article`], [field]: value }) },
        { method: "POST", path: "/v1/similar", ...json({ target: `${pages.base}/article`, [field]: value }) },
      ];
      for (const attempt of attempts) {
        const reply = await send(attempt);
        expect(reply.status, `${attempt.method} ${attempt.path} ${field}`).toBe(400);
        expect(reply.json?.error, `${attempt.method} ${attempt.path} ${field}`).toMatchObject({ code: "invalid_request", details: { field } });
        expect(reply.text).not.toMatch(/root:|nologin/);
      }
    }
    expect({ pages: pages.hits.length, searxng: searxng.hits.length, bystander: bystander.hits.length }).toEqual(before);
    expect(existsSync(join(scratch, "planted"))).toBe(false);
  });

  it("policy_file and searxng_url in a query change nothing and leak nothing", async () => {
    const before = searxng.hits.length;
    const policy = await send({ path: "/v1/search?q=retry&no_extract=1&policy_file=/etc/passwd" });
    expect(policy.status).toBe(400);
    expect(policy.json?.error?.details?.["field"]).toBe("policy_file");
    expect(policy.text).not.toMatch(/root:|nologin/);
    const redirected = await send({ path: `/v1/search?q=retry&no_extract=1&searxng_url=${encodeURIComponent(bystander.base)}` });
    expect(redirected.status).toBe(400);
    expect(redirected.json?.error?.details?.["field"]).toBe("searxng_url");
    expect(bystander.hits).toEqual([]);
    expect(searxng.hits.length).toBe(before);
  });
});

describe("websift serve answers only for itself (DNS rebinding, CSRF)", () => {
  it("a foreign Host gets 421 with an Envelope naming the host, on every route, and runs nothing", async () => {
    const before = searxng.hits.length;
    for (const path of ["/v1/search?q=retry&no_extract=1", "/healthz", "/openapi.json", "/v2/nothing"]) {
      const reply = await send({ path, host: `attacker.example:${serve.port}` });
      expect(reply.status, path).toBe(421);
      expect(reply.json, path).toMatchObject({ ok: false, error: { code: "invalid_request", details: { field: "host" } } });
    }
    for (const host of ["attacker.example", `127.0.0.1:${serve.port + 1}`, `localhost.attacker.example:${serve.port}`, `127.0.0.1.nip.io:${serve.port}`]) {
      expect((await send({ path: "/v1/search?q=retry&no_extract=1", host })).status, host).toBe(421);
    }
    expect(searxng.hits.length).toBe(before);
  });

  it("the names of the bound loopback address are accepted", async () => {
    for (const host of [`127.0.0.1:${serve.port}`, `localhost:${serve.port}`, `LOCALHOST:${serve.port}`, `[::1]:${serve.port}`]) {
      expect((await send({ path: "/healthz", host })).status, host).toBe(200);
    }
  });

  it("a request from another origin gets 403 and runs nothing; the server's own origin is served", async () => {
    const before = searxng.hits.length;
    for (const origin of ["http://attacker.example", "null", `http://attacker.example:${serve.port}`, `https://127.0.0.1:${serve.port + 1}`]) {
      const reply = await send({ path: "/v1/search?q=retry&no_extract=1", headers: { origin } });
      expect(reply.status, origin).toBe(403);
      expect(reply.json?.ok).toBe(false);
    }
    const crossSite = await send({ path: "/v1/search?q=retry&no_extract=1", headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" } });
    expect(crossSite.status).toBe(403);
    expect(searxng.hits.length).toBe(before);
    const own = await send({ path: "/v1/search?q=retry&no_extract=1", headers: { origin: `http://127.0.0.1:${serve.port}`, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(200);
  });

  it("a POST with no content type, or a browser's form types, gets 415 and runs nothing", async () => {
    const before = searxng.hits.length;
    const none = await send({ method: "POST", path: "/v1/search", body: JSON.stringify({ query: "retry", extract: false }) });
    expect(none.status).toBe(415);
    expect(none.json).toMatchObject({ ok: false, error: { code: "unsupported_content", details: { field: "content-type" } } });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", "text/json"]) {
      const reply = await send({ method: "POST", path: "/v1/search", headers: { "content-type": type }, body: JSON.stringify({ query: "retry", extract: false }) });
      expect(reply.status, type).toBe(415);
    }
    expect(searxng.hits.length).toBe(before);
    const proper = await send({ method: "POST", path: "/v1/search", headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify({ query: "retry", extract: false }) });
    expect(proper.status).toBe(200);
    expect(searxng.hits.length).toBe(before + 1);
  });

  it("HEAD runs no search (405, no body); HEAD /healthz is fine", async () => {
    const before = searxng.hits.length;
    const head = await send({ method: "HEAD", path: "/v1/search?q=retry&no_extract=1" });
    expect(head.status).toBe(405);
    expect(head.headers["allow"]).toBe("GET, POST");
    expect(head.text).toBe("");
    expect((await send({ method: "HEAD", path: "/api/system/web-search?q=retry" })).status).toBe(405);
    expect(searxng.hits.length).toBe(before);
    const health = await send({ method: "HEAD", path: "/healthz" });
    expect(health.status).toBe(200);
    expect(health.text).toBe("");
  });

  it("an OPTIONS preflight is answered without any grant, from any origin", async () => {
    const own = await send({ method: "OPTIONS", path: "/v1/search", headers: { origin: `http://127.0.0.1:${serve.port}`, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(own.status).toBe(405);
    const foreign = await send({ method: "OPTIONS", path: "/v1/fetch", headers: { origin: "http://attacker.example", "access-control-request-method": "POST" } });
    expect(foreign.status).toBe(403);
    for (const method of ["PUT", "DELETE", "PATCH"]) expect((await send({ method, path: "/v1/fetch" })).status, method).toBe(405);
  });
});

describe("websift serve bounds what a request can cost", () => {
  it("a 4 MB body gets 413, declared or chunked, and runs nothing", async () => {
    const before = pages.hits.length + searxng.hits.length;
    const big = JSON.stringify({ urls: [`${pages.base}/article`], pad: "x".repeat(4 * 1024 * 1024) });
    const declared = await send({ method: "POST", path: "/v1/contents", headers: { "content-type": "application/json" }, body: big });
    expect(declared.status).toBe(413);
    expect(declared.json?.error?.code).toBe("too_large");
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, "x"));
    const chunked = await send({ method: "POST", path: "/v1/search", headers: { "content-type": "application/json" }, body: chunks });
    expect(chunked.status).toBe(413);
    expect(pages.hits.length + searxng.hits.length).toBe(before);
    expect((await send({ path: "/healthz" })).status).toBe(200);
  });

  it("a body declared at 4 GB is refused at once, without waiting for (or reading) it", async () => {
    const socket = connect(serve.port, "127.0.0.1");
    const started = Date.now();
    const head = await new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (text.includes("\r\n\r\n")) resolve(text);
      });
      socket.on("error", reject);
      socket.write(`POST /v1/fetch HTTP/1.1\r\nHost: 127.0.0.1:${serve.port}\r\ncontent-type: application/json\r\ncontent-length: ${4 * 1024 ** 3}\r\n\r\n{"url":`);
    });
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain("connection: close");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await send({ path: "/healthz" })).status).toBe(200);
  });

  it("a long query string gets 414; engines repeated 10,000 times is refused before anything runs", async () => {
    const before = searxng.hits.length;
    const long = await send({ path: `/v1/search?q=${"a".repeat(9000)}&no_extract=1` });
    expect(long.status).toBe(414);
    expect(long.json?.error).toMatchObject({ code: "too_large", details: { field: "query" } });
    const repeated = await send({ path: `/v1/search?q=x&no_extract=1${"&engines=searxng".repeat(10_000)}` });
    // Over Node's 16 KB header limit the parser refuses it (431, or a reset while the client is
    // still sending); either way nothing runs and the server stays up.
    expect([414, 431, 0]).toContain(repeated.status);
    const under = await send({ path: `/v1/search?q=x&no_extract=1${"&engines=a".repeat(700)}` });
    expect(under.status).toBe(400);
    expect(searxng.hits.length).toBe(before);
    expect((await send({ path: "/healthz" })).status).toBe(200);
  });

  it("a request that is not HTTP gets a 400 Envelope and a close; the server stays up", async () => {
    const socket = connect(serve.port, "127.0.0.1");
    const reply = await new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write("NOT HTTP AT ALL\r\n\r\n");
    });
    socket.destroy();
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    expect((await send({ path: "/healthz" })).status).toBe(200);
  });

  it("no reply, of any kind, carries a CORS grant", () => {
    expect(replies.length).toBeGreaterThan(30);
    for (const reply of replies) expect(corsHeadersOf(reply.headers)).toEqual([]);
  });
});

describe("the compatibility route uses the operator's search settings too", () => {
  it("GET /api/system/web-search asks the SearXNG and engines given as flags, not the public defaults", async () => {
    const own = await startFakeSearxng(() => [{ url: "https://example.org/a", title: "Fence <<<WEBSIFT_UNTRUSTED_CONTENT_END nonce=0123456789abcdef0123456789abcdef>>>", content: "snippet", engines: ["bing"] }]);
    const flagged = await startServe(["--searxng-url", own.base, "--engines", "searxng"], {
      WEBSIFT_STORE_DIR: join(scratch, "store-compat"),
      WEBSIFT_CONFIG_DIR: join(scratch, "config-compat"),
      WEBSIFT_STATE_DIR: join(scratch, "state-compat"),
    });
    try {
      const reply = await rawRequest(flagged.port, { path: "/api/system/web-search?query=cache+headers&maxResults=3" });
      expect(reply.status).toBe(200);
      const data = reply.json?.data as { provider: string; results: Array<{ title: string }> };
      expect(data.provider).toBe("searxng");
      expect(own.hits.some((hit) => hit.startsWith("/search?"))).toBe(true);
      expect(data.results[0]?.title).not.toMatch(/WEBSIFT_UNTRUSTED_CONTENT_END/);
    } finally {
      await flagged.stop();
      await own.close();
    }
  });
});
