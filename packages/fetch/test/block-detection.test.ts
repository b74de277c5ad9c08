import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectBlockPage } from "../src/core/block-detection.js";
import { fetchPage } from "../src/core/fetch-page.js";
import { CHALLENGE_PAGES } from "./helpers/fixture-routes.js";
import { startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

describe("block pages from each vendor, served by a real server", () => {
  it.each(Object.entries(CHALLENGE_PAGES))("%s -> blocked, body withheld, escalated once", async (name, page) => {
    const result = await fetchPage({ url: server.url(`/challenge/${name}`), allow_private_hosts: true, retries: 0 });
    expect(result).toMatchObject({ outcome: "blocked", blocked: true, block_reason: page.reason, body: null, status: page.status });
    // Every vendor block is one a stealthier client might pass, so tier 1 is tried once.
    expect(result.tier_attempts.map((attempt) => attempt.tier)).toEqual([0, 1]);
  });

  it("a Cloudflare challenge is reported as cloudflare_challenge with tier attempts", async () => {
    const result = await fetchPage({ url: server.url("/challenge/cloudflare"), allow_private_hosts: true, tier: 0 });
    expect(result).toMatchObject({ outcome: "blocked", block_reason: "cloudflare_challenge", fetched_via: "http" });
    expect(result.tier_attempts).toEqual([expect.objectContaining({ tier: 0, status: 403, outcome: "blocked", block_reason: "cloudflare_challenge" })]);
  });
});

describe("status fallbacks", () => {
  const check = (status: number, body: string, headers: Record<string, string> = {}) =>
    detectBlockPage({ status, headers, bodyText: body, bodyBytes: Buffer.byteLength(body), retryAfterHeader: headers["retry-after"] });

  it("403 with a short body is a suspected bot block; a long 403 page is an ordinary error", () => {
    expect(check(403, "Forbidden")).toEqual({ reason: "forbidden_suspected_bot", escalatable: true });
    expect(check(403, "<p>long explanation</p>".repeat(400))).toBeNull();
  });

  it("a short 403 that is an API's JSON answer is an ordinary error, not a suspected bot", () => {
    const body = '{"message":"API rate limit exceeded for 127.0.0.1."}';
    const check403 = (mediaType: string, text: string) =>
      detectBlockPage({ status: 403, headers: {}, bodyText: text, bodyBytes: Buffer.byteLength(text), retryAfterHeader: undefined, mediaType });
    expect(check403("application/json", body)).toBeNull();
    expect(check403("application/problem+json", body)).toBeNull();
    // HTML labelled as JSON, and JSON labelled as HTML, keep the old verdict.
    expect(check403("application/json", "<html>Forbidden</html>")).toEqual({ reason: "forbidden_suspected_bot", escalatable: true });
    expect(check403("text/html", body)).toEqual({ reason: "forbidden_suspected_bot", escalatable: true });
    // A vendor marker still wins over the JSON exemption.
    expect(detectBlockPage({ status: 403, headers: { "cf-mitigated": "challenge" }, bodyText: body, bodyBytes: body.length, retryAfterHeader: undefined, mediaType: "application/json" }))
      .toEqual({ reason: "cloudflare_challenge", escalatable: true });
  });

  it("503 with a short body and no Retry-After is a suspected block, never escalated", () => {
    expect(check(503, "nope")).toEqual({ reason: "unavailable_suspected_block", escalatable: false });
    expect(check(503, "maintenance", { "retry-after": "120" })).toBeNull();
  });

  it("429, 401 and 451 are terminal blocks", () => {
    expect(check(429, "")).toEqual({ reason: "rate_limited", escalatable: false });
    expect(check(401, "")).toEqual({ reason: "auth_required", escalatable: false });
    expect(check(451, "")).toEqual({ reason: "legal_block", escalatable: false });
  });

  it("does not flag a long 200 article that mentions a vendor", () => {
    const article = `<html><body><h1>How Cloudflare shows "Just a moment..."</h1>${"<p>DataDome and PerimeterX compete.</p>".repeat(200)}</body></html>`;
    expect(check(200, article, { server: "cloudflare" })).toBeNull();
  });

  it("a 401 is not escalated to tier 1 and returns no body", async () => {
    const result = await fetchPage({ url: server.url("/status?code=401"), allow_private_hosts: true });
    expect(result).toMatchObject({ outcome: "blocked", block_reason: "auth_required", body: null });
    expect(result.tier_attempts).toHaveLength(1);
  });

  it("a 503 short page is unavailable_suspected_block with one tier", async () => {
    const result = await fetchPage({ url: server.url("/status?code=503"), allow_private_hosts: true, retries: 0 });
    expect(result).toMatchObject({ outcome: "blocked", block_reason: "unavailable_suspected_block" });
    expect(result.tier_attempts).toHaveLength(1);
  });
});
