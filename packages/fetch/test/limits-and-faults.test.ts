import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

describe("limits", () => {
  it("stops a 50 MB body at max_bytes 1000000 within 5 s", async () => {
    const started = Date.now();
    const result = await fetchPage({ url: server.url("/big"), ...LOCAL, max_bytes: 1_000_000 });
    expect(result.outcome).toBe("too_large");
    expect(result.body).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses a declared Content-Length over max_bytes without reading", async () => {
    const result = await fetchPage({ url: server.url("/big-declared"), ...LOCAL, max_bytes: 1_000_000 });
    expect(result.outcome).toBe("too_large");
    expect(result.detail).toContain("declares");
  });

  it("refuses a gzip bomb by decompressed size with default limits", async () => {
    const result = await fetchPage({ url: server.url("/gzip-bomb"), ...LOCAL });
    expect(result.outcome).toBe("too_large");
    expect(result.detail).toContain("decompressed");
  });

  it("refuses a small gzip bomb by its compression ratio", async () => {
    const result = await fetchPage({ url: server.url("/small-gzip-bomb"), ...LOCAL });
    expect(result.outcome).toBe("too_large");
    expect(result.detail).toContain("bomb");
  });

  it("refuses a brotli bomb by decompressed size", async () => {
    const result = await fetchPage({ url: server.url("/brotli-bomb"), ...LOCAL, max_decompressed_bytes: 5_000_000 });
    expect(result.outcome).toBe("too_large");
  });

  it("times out on a server that never answers, within 3 s of timeout_ms 1000", async () => {
    const started = Date.now();
    const result = await fetchPage({ url: server.url("/never-answers"), ...LOCAL, timeout_ms: 1000 });
    expect(result.outcome).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("times out on a slow drip even though bytes keep coming", async () => {
    const started = Date.now();
    const result = await fetchPage({ url: server.url("/slow-drip"), ...LOCAL, timeout_ms: 800 });
    expect(result.outcome).toBe("timeout");
    expect(result.body).toBeNull();
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("reports a connection reset mid-body as network_error", async () => {
    const result = await fetchPage({ url: server.url("/reset-mid-body"), ...LOCAL });
    expect(result.outcome).toBe("network_error");
    expect(result.body).toBeNull();
  });

  it("reports a refused connection as network_error", async () => {
    const result = await fetchPage({ url: "http://127.0.0.1:9/", ...LOCAL });
    expect(result.outcome).toBe("network_error");
  });

  it("detects a redirect loop", async () => {
    const result = await fetchPage({ url: server.url("/loop-a"), ...LOCAL });
    expect(result.outcome).toBe("redirect_loop");
    expect(result.redirects.length).toBeGreaterThanOrEqual(2);
  });

  it("follows up to max_redirects and no further", async () => {
    const ok = await fetchPage({ url: server.url("/chain?n=3"), ...LOCAL });
    expect(ok.outcome).toBe("ok");
    expect(ok.redirects).toHaveLength(4);
    expect(ok.final_url).toBe(server.url("/hello"));
    const tooMany = await fetchPage({ url: server.url("/chain?n=3"), ...LOCAL, max_redirects: 2 });
    expect(tooMany.outcome).toBe("redirect_loop");
  });

  it("returns a redirect as-is when follow_redirects is false", async () => {
    const result = await fetchPage({ url: server.url("/redirect?to=/hello"), ...LOCAL, follow_redirects: false });
    expect(result.status).toBe(302);
    expect(result.redirects).toHaveLength(0);
  });

  it("changes POST to GET on 303 and keeps it on 307", async () => {
    const via303 = await fetchPage({ url: server.url("/redirect?to=/echo&status=303"), ...LOCAL, method: "POST", body: "a=1" });
    expect(JSON.parse(via303.body ?? "{}")).toMatchObject({ method: "GET", body: "" });
    const via307 = await fetchPage({ url: server.url("/redirect?to=/echo&status=307"), ...LOCAL, method: "POST", body: "a=1" });
    expect(JSON.parse(via307.body ?? "{}")).toMatchObject({ method: "POST", body: "a=1" });
  });
});

describe("content types and encodings", () => {
  it("decodes gzip, br, deflate and raw deflate bodies", async () => {
    for (const path of ["/gzip", "/br", "/deflate", "/deflate-raw"]) {
      const result = await fetchPage({ url: server.url(path), ...LOCAL });
      expect(result.outcome, path).toBe("ok");
      expect(result.body, path).toContain("Hello from the fixture server.");
    }
  });

  it("gates binary content unless accepted, then returns base64", async () => {
    const gated = await fetchPage({ url: server.url("/image.png"), ...LOCAL });
    expect(gated).toMatchObject({ outcome: "unsupported_content", body: null, content_type: "image/png" });
    const accepted = await fetchPage({ url: server.url("/image.png"), ...LOCAL, accept_content_types: ["image/*"] });
    expect(accepted).toMatchObject({ outcome: "ok", body_encoding: "base64", content_type: "image/png", charset: null });
    expect(Buffer.from(accepted.body ?? "", "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  it("allows PDF by default as base64 and JSON as text", async () => {
    const pdf = await fetchPage({ url: server.url("/doc.pdf"), ...LOCAL });
    expect(pdf).toMatchObject({ outcome: "ok", body_encoding: "base64", content_type: "application/pdf" });
    const json = await fetchPage({ url: server.url("/json"), ...LOCAL });
    expect(json).toMatchObject({ outcome: "ok", body_encoding: "text", body: '{"ok":true}' });
  });

  it("sniffs undeclared content", async () => {
    expect(await fetchPage({ url: server.url("/undeclared-html"), ...LOCAL })).toMatchObject({ outcome: "ok", content_type: "text/html" });
    expect(await fetchPage({ url: server.url("/undeclared-binary"), ...LOCAL })).toMatchObject({ outcome: "unsupported_content", body: null });
  });
});

describe("outcomes, tiers and retries", () => {
  it("404 is http_error with exactly one tier attempt", async () => {
    const result = await fetchPage({ url: server.url("/missing") , allow_private_hosts: true });
    expect(result).toMatchObject({ outcome: "http_error", status: 404, blocked: false, fetched_via: "http" });
    expect(result.tier_attempts).toHaveLength(1);
    expect(result.tier_attempts[0]).toMatchObject({ tier: 0, status: 404, outcome: "http_error" });
  });

  it("429 with Retry-After 7 is rate_limited with retry_after_s 7 and is not escalated", async () => {
    const started = Date.now();
    const result = await fetchPage({ url: server.url("/status?code=429&retry_after=7"), allow_private_hosts: true });
    expect(result).toMatchObject({ outcome: "rate_limited", status: 429, retry_after_s: 7, blocked: true, block_reason: "rate_limited", body: null });
    expect(result.detail).toContain("not retried");
    expect(result.tier_attempts).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("retries a 429 whose Retry-After fits under the cap, then succeeds", async () => {
    const result = await fetchPage({ url: server.url("/429-then-ok"), allow_private_hosts: true, retries: 1 });
    expect(result.outcome).toBe("ok");
    expect(result.tier_attempts.map((attempt) => attempt.outcome)).toEqual(["rate_limited", "ok"]);
    expect(result.tier_attempts[1]?.tier).toBe(0);
  });

  it("retries connection resets with backoff", async () => {
    const result = await fetchPage({ url: server.url("/flaky-reset"), allow_private_hosts: true, retries: 2 });
    expect(result.outcome).toBe("ok");
    expect(result.tier_attempts.map((attempt) => attempt.outcome)).toEqual(["network_error", "network_error", "ok"]);
  });

  it("retries a 502 but never a 404", async () => {
    await fetchPage({ url: server.url("/status?code=502&body=" + "x".repeat(5000)), allow_private_hosts: true, retries: 2 });
    expect(server.counters.get("/status?code=502")).toBe(3);
    await fetchPage({ url: server.url("/status?code=404"), allow_private_hosts: true, retries: 2 });
    expect(server.counters.get("/status?code=404")).toBe(1);
  });

  it("escalates to the browser-like tier on an anti-bot block and succeeds", async () => {
    const result = await fetchPage({ url: server.url("/browser-only"), allow_private_hosts: true });
    expect(result).toMatchObject({ outcome: "ok", fetched_via: "browser_headers", blocked: false });
    expect(result.tier_attempts.map((attempt) => [attempt.tier, attempt.outcome, attempt.block_reason])).toEqual([
      [0, "blocked", "cloudflare_challenge"],
      [1, "ok", null],
    ]);
  });

  it("honours a fixed tier", async () => {
    const result = await fetchPage({ url: server.url("/browser-only"), allow_private_hosts: true, tier: 0 });
    expect(result).toMatchObject({ outcome: "blocked", block_reason: "cloudflare_challenge", body: null });
    expect(result.tier_attempts).toHaveLength(1);
    const tier1 = await fetchPage({ url: server.url("/echo"), allow_private_hosts: true, tier: 1 });
    expect(tier1.fetched_via).toBe("browser_headers");
    expect(JSON.parse(tier1.body ?? "{}").headers["user-agent"]).toMatch(/Mozilla\/5\.0/);
  });

  it("rejects when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("caller gave up")), 200);
    await expect(fetchPage({ url: server.url("/never-answers"), ...LOCAL }, { signal: controller.signal })).rejects.toThrow("caller gave up");
  });
});
