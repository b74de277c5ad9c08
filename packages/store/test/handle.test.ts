import { describe, expect, it } from "vitest";
import { assertHandle, canonicalizeUrl, handleForUrl, siteOf } from "../src/core/handle.js";
import { StoreLayerError } from "../src/errors.js";

describe("handles", () => {
  it("canonicalises away fragment, tracking parameters and parameter order", () => {
    expect(canonicalizeUrl("HTTPS://Example.COM:443/a?b=2&utm_source=x&a=1#top")).toBe("https://example.com/a?a=1&b=2");
    expect(canonicalizeUrl("https://example.com/a?utm_medium=y")).toBe("https://example.com/a");
  });

  it("is <site>~<12 hex> and stable", () => {
    const handle = handleForUrl(canonicalizeUrl("https://www.docs.example.org/x"));
    expect(handle).toMatch(/^docs\.example\.org~[0-9a-f]{12}$/);
    expect(handleForUrl(canonicalizeUrl("https://www.docs.example.org/x#y"))).toBe(handle);
    expect(assertHandle(handle, "get")).toBe(handle);
  });

  it("makes odd hosts filename-safe", () => {
    expect(siteOf("http://[::1]:8080/")).toMatch(/^[a-z0-9.-]+$/);
    expect(siteOf("https://bücher.example/")).toBe("xn--bcher-kva.example");
  });

  it("rejects bad URLs and bad handles with invalid_request", () => {
    for (const url of ["not a url", "ftp://example.com/", "javascript:alert(1)"]) {
      expect(() => canonicalizeUrl(url)).toThrow(StoreLayerError);
    }
    for (const handle of ["../etc~123456789abc", "a~xyz", "", "A~0123456789ab"]) {
      try {
        assertHandle(handle, "get");
        expect.unreachable();
      } catch (error) {
        expect((error as StoreLayerError).code).toBe("invalid_request");
      }
    }
  });
});
