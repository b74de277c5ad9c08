import { isStoreHandle } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import { handleForUrl, pageIdentity, siteOf } from "../src/core/handle.js";

describe("handles", () => {
  it("derive from the one URL identity: fragment, tracking parameters, www. and parameter order do not matter", () => {
    expect(pageIdentity("HTTPS://Example.COM:443/a?b=2&utm_source=x&a=1#top")).toBe("https://example.com/a?a=1&b=2");
    const twins = ["https://example.org/a?id=3", "https://example.org/a?spm=1.2&id=3", "https://www.example.org/a?id=3&_ga=GA1.2"];
    expect(new Set(twins.map((url) => handleForUrl(pageIdentity(url)))).size).toBe(1);
  });

  it("is <site>~<12 hex>, stable, and matches the store contract's handle pattern", () => {
    const handle = handleForUrl(pageIdentity("https://www.docs.example.org/x"));
    expect(handle).toMatch(/^docs\.example\.org~[0-9a-f]{12}$/);
    expect(handleForUrl(pageIdentity("https://www.docs.example.org/x#y"))).toBe(handle);
    expect(isStoreHandle(handle)).toBe(true);
    for (const bad of ["../etc~123456789abc", "a~xyz", "", "A~0123456789ab"]) expect(isStoreHandle(bad)).toBe(false);
  });

  it("makes odd hosts filename-safe", () => {
    expect(siteOf("http://[::1]:8080/")).toMatch(/^[a-z0-9.-]+$/);
    expect(siteOf("https://bücher.example/")).toBe("xn--bcher-kva.example");
    expect(isStoreHandle(handleForUrl("http://[::1]:8080/"))).toBe(true);
  });

  it("identifies a URL the contract allows but the WHATWG parser cannot read by its text: one handle per page, still filename-safe", () => {
    for (const url of ["http://999.999.999.999/a", "https://example.org:99999/a", "HtTp://<!"]) {
      const identity = pageIdentity(url);
      expect(pageIdentity(`${url}#fragment`)).toBe(identity);
      expect(isStoreHandle(handleForUrl(identity))).toBe(true);
    }
    expect(pageIdentity("HTTP://User:pw@EXAMPLE.org:99999/A?b=1#x")).toBe("http://example.org:99999/A?b=1");
    expect(handleForUrl(pageIdentity("http://999.999.999.999/a"))).toMatch(/^999\.999\.999\.999~[0-9a-f]{12}$/);
  });
});
