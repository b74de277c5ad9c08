import { describe, expect, it } from "vitest";
import { canonicalizeUrl } from "../src/fusion/canonical-url.js";

describe("canonicalizeUrl", () => {
  it.each([
    ["HTTPS://WWW.Example.COM:443/Path?b=2&a=1#frag", "https://example.com/Path?a=1&b=2"],
    ["http://example.com:80/", "http://example.com/"],
    ["https://example.com/a?utm_source=x&utm_medium=y&id=7&gclid=1&fbclid=2&msclkid=3&mc_eid=4&igshid=5", "https://example.com/a?id=7"],
    ["https://example.com./a", "https://example.com/a"],
    ["https://user:pw@example.com/a", "https://example.com/a"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  it("keeps http and https distinct, and a non-default port", () => {
    expect(canonicalizeUrl("http://example.com/a")).not.toBe(canonicalizeUrl("https://example.com/a"));
    expect(canonicalizeUrl("https://example.com:8443/a")).toBe("https://example.com:8443/a");
  });

  it("returns unparseable input trimmed instead of throwing", () => {
    expect(canonicalizeUrl("  not a url ")).toBe("not a url");
  });
});
