import { describe, expect, it } from "vitest";
import { redactHeaders, redactUrl } from "../src/core/redact.js";
import { resolveFetchRequest } from "../src/core/resolve-request.js";
import { fetchUrl } from "../src/index.js";
import { parseRetryAfter, retryDelayMs } from "../src/core/retry-policy.js";

describe("retry policy", () => {
  it("parses Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it("retries only retriable outcomes, and a Retry-After over the cap not at all", () => {
    const input = { status: null, retryAfterS: null, blockReason: null };
    expect(retryDelayMs({ ...input, outcome: "network_error" }, 0, 5)).toBeGreaterThan(0);
    expect(retryDelayMs({ ...input, outcome: "http_error", status: 404 }, 0, 5)).toBeNull();
    expect(retryDelayMs({ ...input, outcome: "http_error", status: 503, retryAfterS: 2 }, 0, 5)).toBe(2000);
    expect(retryDelayMs({ ...input, outcome: "rate_limited", status: 429, retryAfterS: 7 }, 0, 5)).toBeNull();
    for (const outcome of ["blocked", "refused", "too_large", "redirect_loop", "unsupported_content", "dns_failed"] as const) {
      expect(retryDelayMs({ ...input, outcome }, 0, 5), outcome).toBeNull();
    }
  });
});

describe("redaction", () => {
  it("removes credentials, fragments and API keys from archived URLs", () => {
    const url = new URL("https://u:p@api.example/search?q=cats&api_key=abc&subscription_token=x&count=5#top");
    expect(redactUrl(url)).toBe("https://api.example/search?q=cats&api_key=REDACTED&subscription_token=REDACTED&count=5");
    expect(redactUrl(new URL("https://example.org/a?b=1"))).toBe("https://example.org/a?b=1");
  });

  it("redacts credential headers whatever their case", () => {
    expect(redactHeaders([["Authorization", "Bearer x"], ["X-Subscription-Token", "y"], ["Cookie", "a=1"], ["Accept", "*/*"]])).toEqual([
      ["Authorization", "REDACTED"], ["X-Subscription-Token", "REDACTED"], ["Cookie", "REDACTED"], ["Accept", "*/*"],
    ]);
  });
});

describe("request resolution", () => {
  it("fills defaults", () => {
    const resolved = resolveFetchRequest({ url: "https://example.org/" });
    expect(resolved).toMatchObject({
      method: "GET", allowPrivateHosts: false, maxBytes: 10_000_000, maxDecompressedBytes: 50_000_000, timeoutMs: 30_000,
      maxRedirects: 10, followRedirects: true, tier: "auto", retries: 2, respectRobots: false, cache: undefined,
    });
  });

  it.each([
    [{ url: "https://example.org/", method: "PUT" }, "method"],
    [{ url: "https://example.org/", body: "x" }, "method"],
    [{ url: "https://example.org/", max_bytes: 0 }, "max_bytes"],
    [{ url: "https://example.org/", tier: 3 }, "tier"],
    [{ url: "https://example.org/", headers: { "bad header": "x" } }, "headers"],
    [{ url: "https://example.org/", headers: { ok: "line\r\nbreak" } }, "headers.ok"],
    [{ url: "https://example.org/", proxy: "socks5://127.0.0.1:1080" }, "proxy"],
    [{ url: "https://example.org/", cache: { mode: "sometimes" } }, "cache.mode"],
    [{ url: "https://example.org/", record_warc: "" }, "record_warc"],
    [{ url: "/relative" }, "url"],
  ])("the fetch contract refuses %j as invalid_request naming %s", async (request, field) => {
    const reply = await fetchUrl(request);
    expect(reply.error).toMatchObject({ code: "invalid_request", details: { field } });
  });

  it("refuses a URL the contract allows but no client can open, without sending anything", async () => {
    for (const url of ["https://example.org:99999/", "http://999.999.999.999/"]) {
      const reply = await fetchUrl({ url });
      expect(reply.error).toMatchObject({ code: "refused", details: { reason: "unopenable_url" } });
    }
  });
});
