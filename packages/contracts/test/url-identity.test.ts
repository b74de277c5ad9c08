import { describe, expect, it } from "vitest";
import { canonicalizeUrl, isSameUrl } from "../src/url-identity.js";

describe("canonicalizeUrl: the one URL identity of websift", () => {
  it.each([
    ["HTTPS://WWW.Example.COM:443/Path?b=2&a=1#frag", "https://example.com/Path?a=1&b=2"],
    ["http://example.com:80/", "http://example.com/"],
    ["https://example.com/a?utm_source=x&utm_medium=y&id=7&gclid=1&fbclid=2&msclkid=3&mc_eid=4&igshid=5", "https://example.com/a?id=7"],
    ["https://example.com./a", "https://example.com/a"],
    ["https://user:pw@example.com/a", "https://example.com/a"],
    ["  https://example.com  ", "https://example.com/"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  it("gives the three twins of issue 13 one identity (search's and the store's old rules disagreed)", () => {
    const twins = ["https://example.org/a?id=3", "https://example.org/a?spm=1.2&id=3", "https://www.example.org/a?id=3&_ga=GA1.2"];
    expect(new Set(twins.map(canonicalizeUrl))).toEqual(new Set(["https://example.org/a?id=3"]));
    expect(isSameUrl(twins[1]!, twins[2]!)).toBe(true);
  });

  it("keeps what can change the page: scheme, non-default port, path case, trailing slash, other parameters, repeated values in order", () => {
    expect(canonicalizeUrl("http://example.com/a")).not.toBe(canonicalizeUrl("https://example.com/a"));
    expect(canonicalizeUrl("https://example.com:8443/a")).toBe("https://example.com:8443/a");
    expect(canonicalizeUrl("https://example.com/A")).not.toBe(canonicalizeUrl("https://example.com/a"));
    expect(canonicalizeUrl("https://example.com/a/")).not.toBe(canonicalizeUrl("https://example.com/a"));
    expect(canonicalizeUrl("https://example.com/?ref=x&q=1")).toBe("https://example.com/?q=1&ref=x");
    expect(canonicalizeUrl("https://example.com/?t=2&t=1")).toBe("https://example.com/?t=1&t=2");
  });

  it("strips www. only in front of a registrable name: www.com stays www.com", () => {
    expect(canonicalizeUrl("https://www.com/")).toBe("https://www.com/");
    expect(canonicalizeUrl("https://www.example.co.uk/")).toBe("https://example.co.uk/");
  });

  it("is null for anything that is not an absolute http(s) URL, and never throws", () => {
    for (const input of ["not a url", "/relative", "ftp://example.com/", "mailto:a@example.com", "javascript:alert(1)", "", "http://"]) {
      expect(canonicalizeUrl(input)).toBeNull();
    }
    expect(isSameUrl("not a url", "not a url")).toBe(false);
  });

  it("is idempotent", () => {
    for (const input of ["HTTPS://WWW.Example.COM:443/Path?b=2&a=1&utm_x=3#frag", "http://example.com./?z=1&a=%20x"]) {
      const once = canonicalizeUrl(input)!;
      expect(canonicalizeUrl(once)).toBe(once);
    }
  });
});
