import { isStoreHandle } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import { handleForUrl, pageIdentity, siteOf } from "../src/core/handle.js";
import { StoreLayerError } from "../src/errors.js";

describe("handles", () => {
  it("derive from the one URL identity: fragment, tracking parameters, www. and parameter order do not matter", () => {
    expect(pageIdentity("HTTPS://Example.COM:443/a?b=2&utm_source=x&a=1#top", "url", "add")).toBe("https://example.com/a?a=1&b=2");
    const twins = ["https://example.org/a?id=3", "https://example.org/a?spm=1.2&id=3", "https://www.example.org/a?id=3&_ga=GA1.2"];
    expect(new Set(twins.map((url) => handleForUrl(pageIdentity(url, "url", "add")))).size).toBe(1);
  });

  it("is <site>~<12 hex>, stable, and matches the store contract's handle pattern", () => {
    const handle = handleForUrl(pageIdentity("https://www.docs.example.org/x", "url", "add"));
    expect(handle).toMatch(/^docs\.example\.org~[0-9a-f]{12}$/);
    expect(handleForUrl(pageIdentity("https://www.docs.example.org/x#y", "url", "add"))).toBe(handle);
    expect(isStoreHandle(handle)).toBe(true);
    for (const bad of ["../etc~123456789abc", "a~xyz", "", "A~0123456789ab"]) expect(isStoreHandle(bad)).toBe(false);
  });

  it("makes odd hosts filename-safe", () => {
    expect(siteOf("http://[::1]:8080/")).toMatch(/^[a-z0-9.-]+$/);
    expect(siteOf("https://bücher.example/")).toBe("xn--bcher-kva.example");
    expect(isStoreHandle(handleForUrl("http://[::1]:8080/"))).toBe(true);
  });

  it("refuses a URL the WHATWG parser cannot read with invalid_request naming the field (the one rule the schema cannot say)", () => {
    for (const url of ["not a url", "ftp://example.com/", "http://999.999.999.999/"]) {
      try {
        pageIdentity(url, "pages[2].url", "add pages");
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(StoreLayerError);
        expect((error as StoreLayerError).code).toBe("invalid_request");
        expect((error as StoreLayerError).details).toEqual({ field: "pages[2].url" });
      }
    }
  });
});
