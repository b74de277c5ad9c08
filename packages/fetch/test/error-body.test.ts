// error_body and headers: an API's own error answer reaches the caller (bounded), a block page never does, and
// the rate-limit headers a caller needs are passed on. Every case runs against a real server on 127.0.0.1.
import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_BODY_MAX_CHARS, ERROR_BODY_WINDOW_BYTES } from "../src/core/error-body.js";
import { fetchPage } from "../src/core/fetch-page.js";
import { fetchUrl } from "../src/index.js";
import { CHALLENGE_PAGES } from "./helpers/fixture-routes.js";
import { LOCAL } from "./helpers/fixture-server.js";
import { startLocalServer, type LocalServer, type RouteHandler } from "./helpers/local-server.js";

const STACK_EXCHANGE_ERROR = '{"error_id":502,"error_message":"too many requests from this IP, more requests available in 81234 seconds","error_name":"throttle_violation"}';
const GITHUB_RATE_LIMIT = '{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}';
const RATE_LIMIT_HEADERS = {
  "retry-after": "30",
  "x-ratelimit-remaining": "0",
  "x-ratelimit-reset": "1700000000",
  "x-ratelimit-limit": "60",
  "ratelimit-remaining": "0",
  "ratelimit-reset": "30",
};

function reply(status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): RouteHandler {
  return (_request, response: http.ServerResponse) => response.writeHead(status, { "content-type": contentType, ...headers }).end(body);
}

// "Café " + filler + "é" placed so the 64 KB window ends between its two UTF-8 bytes.
const CUT_UTF8 = Buffer.concat([Buffer.from("Café "), Buffer.alloc(ERROR_BODY_WINDOW_BYTES - 7, "x"), Buffer.from("é and more text after the window")]);

const routes: Record<string, RouteHandler> = {
  "/se-error": reply(400, "application/json; charset=utf-8", STACK_EXCHANGE_ERROR),
  "/github-403": reply(403, "application/json; charset=utf-8", GITHUB_RATE_LIMIT, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000", "x-github-request-id": "AB:CD" }),
  "/challenge": reply(403, "text/html; charset=utf-8", CHALLENGE_PAGES.cloudflare?.body ?? "", CHALLENGE_PAGES.cloudflare?.headers),
  "/short-403": reply(403, "text/plain", "Forbidden"),
  "/rate-limited": reply(429, "application/json", '{"message":"slow down"}', { ...RATE_LIMIT_HEADERS, "set-cookie": "session=secret", "x-request-id": "r1" }),
  "/ok": reply(200, "application/json", '{"items":[]}', { "x-ratelimit-remaining": "59" }),
  "/big-error": reply(400, "application/json", `{"error":"${"e".repeat(200_000)}"}`),
  "/cp1252-error": reply(400, "text/plain; charset=windows-1252", Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80, 0x35])),
  "/cut-utf8-error": reply(500, "text/plain; charset=utf-8", CUT_UTF8),
  "/html-404": reply(404, "text/html; charset=utf-8", `<html><body><h1>Not found</h1>${"<p>Nothing here, sorry.</p>".repeat(300)}</body></html>`),
  "/xml-error": reply(403, "application/xml", `<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message>${"<Pad/>".repeat(800)}</Error>`),
  "/empty-400": reply(400, "application/json", ""),
};

let server: LocalServer;
let cacheDir: string;
beforeAll(async () => {
  server = await startLocalServer(routes);
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "websift-error-body-"));
});
afterAll(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe("error_body", () => {
  it("a 400 JSON error answer is passed on as error_body; body stays null", async () => {
    const result = await fetchPage({ url: server.url("/se-error"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "http_error", status: 400, blocked: false, body: null, error_body: STACK_EXCHANGE_ERROR, headers: {} });
  });

  it("a 403 challenge page is blocked and gives no error_body", async () => {
    const result = await fetchPage({ url: server.url("/challenge"), ...LOCAL, tier: 0 });
    expect(result).toMatchObject({ outcome: "blocked", blocked: true, block_reason: "cloudflare_challenge", body: null, error_body: null });
  });

  it("a short text 403 is still a suspected bot block and gives no error_body", async () => {
    const result = await fetchPage({ url: server.url("/short-403"), ...LOCAL, tier: 0 });
    expect(result).toMatchObject({ outcome: "blocked", blocked: true, block_reason: "forbidden_suspected_bot", error_body: null });
  });

  it("a short JSON 403 (GitHub's rate limit) is the API's answer: http_error with error_body and its headers", async () => {
    const result = await fetchPage({ url: server.url("/github-403"), ...LOCAL, tier: "auto" });
    expect(result).toMatchObject({ outcome: "http_error", status: 403, blocked: false, block_reason: null, body: null, error_body: GITHUB_RATE_LIMIT });
    expect(result.headers).toEqual({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000" });
    // Not a bot check, so no browser-like tier is tried.
    expect(result.tier_attempts.map((attempt) => attempt.tier)).toEqual([0]);
  });

  it("a 200 ok reply has error_body null and its body as body", async () => {
    const result = await fetchPage({ url: server.url("/ok"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "ok", body: '{"items":[]}', error_body: null, headers: { "x-ratelimit-remaining": "59" } });
  });

  it("keeps only the first 4096 characters of a large error answer", async () => {
    const result = await fetchPage({ url: server.url("/big-error"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "http_error", body: null });
    expect(result.error_body).toHaveLength(ERROR_BODY_MAX_CHARS);
    expect(result.error_body?.startsWith('{"error":"eee')).toBe(true);
    // The wire body was read whole (archive, block checks); only the quoted part is short.
    expect(result.bytes).toBeGreaterThan(200_000);
  });

  it("decodes the error answer with the declared charset", async () => {
    const result = await fetchPage({ url: server.url("/cp1252-error"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "http_error", charset: "windows-1252", error_body: "Café – €5" });
  });

  it("a UTF-8 character cut by the decode window does not turn the answer into windows-1252", async () => {
    const result = await fetchPage({ url: server.url("/cut-utf8-error"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "http_error", status: 500, charset: "utf-8" });
    expect(result.error_body?.startsWith("Café xxx")).toBe(true);
    expect(result.error_body).toHaveLength(ERROR_BODY_MAX_CHARS);
  });

  it("an XML error answer is passed on; an HTML error page and an empty body are not", async () => {
    const xml = await fetchPage({ url: server.url("/xml-error"), ...LOCAL });
    expect(xml).toMatchObject({ outcome: "http_error", status: 403 });
    expect(xml.error_body).toContain("<Code>AccessDenied</Code>");
    expect(await fetchPage({ url: server.url("/html-404"), ...LOCAL })).toMatchObject({ outcome: "http_error", status: 404, error_body: null });
    expect(await fetchPage({ url: server.url("/empty-400"), ...LOCAL })).toMatchObject({ outcome: "http_error", status: 400, error_body: null });
  });

  it("an error answer is never cached", async () => {
    const cache = { dir: cacheDir };
    const before = server.hits.length;
    const first = await fetchPage({ url: server.url("/se-error"), ...LOCAL, cache });
    const second = await fetchPage({ url: server.url("/se-error"), ...LOCAL, cache });
    expect(server.hits.length - before).toBe(2);
    expect(second).toMatchObject({ fetched_via: "http", cache_age_s: null, error_body: STACK_EXCHANGE_ERROR });
    expect(first.error_body).toBe(second.error_body);
  });
});

describe("headers", () => {
  it("a 429 passes on exactly the rate-limit and retry headers present, nothing else", async () => {
    const result = await fetchPage({ url: server.url("/rate-limited"), ...LOCAL });
    expect(result).toMatchObject({ outcome: "rate_limited", status: 429, retry_after_s: 30, body: null });
    expect(result.headers).toEqual(RATE_LIMIT_HEADERS);
    // A 429 is filed as a block (block_reason rate_limited), so its body is withheld like any block's.
    expect(result).toMatchObject({ blocked: true, error_body: null });
  });

  it("a refused request has no headers", async () => {
    const result = await fetchPage({ url: server.url("/ok") });
    expect(result).toMatchObject({ outcome: "refused", headers: {}, error_body: null });
  });

  it("the contract entry point carries both fields in the failure's data", async () => {
    const envelope = await fetchUrl({ url: server.url("/se-error"), allow_private_hosts: true, retries: 0 });
    expect(envelope.ok).toBe(false);
    expect(envelope.error).toMatchObject({ code: "http_error", retryable: false });
    expect(envelope.data).toMatchObject({ outcome: "http_error", body: null, error_body: STACK_EXCHANGE_ERROR, headers: {} });
    const limited = await fetchUrl({ url: server.url("/rate-limited"), allow_private_hosts: true, retries: 0 });
    // Retryable or not comes from the central list (isRetryableByDefault), not a list of fetch's own.
    expect(limited.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(limited.data).toMatchObject({ outcome: "rate_limited", headers: RATE_LIMIT_HEADERS });
  });
});
