import { canonicalizeUrl } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import { canonicalAsRead, canonicalUrl, isCanonicalAsWritten } from "../src/fusion/canonical-url.js";
import { seededRandom as random } from "./support/seeded-random.js";

// Pieces chosen to sit on either side of each condition of the fast path: case, www., IDNA, numeric last labels,
// empty labels and trailing dots, ports, credentials, dot segments, percent escapes, characters the parser escapes.
const SCHEMES = ["https://", "http://", "HTTP://", "ftp://", "https:/", "https:///", " https://", "http:\\\\"];
const LABELS = ["a", "example", "com", "org", "co", "uk", "github", "www", "io", "b9", "WWW", "xn--nxasmq6b", "xn--a", "x-n", "xn-a", "a-", "-a", "1", "123", "0x1f", "0x", "9a", "Ex", "exa_mple", "é", "", "localhost"];
const HOST_EXTRAS = ["", "", "", "", ".", ":443", ":80", ":8080", ":", "@", "user@", "%41"];
const SEGMENTS = ["", "a", "b-c", "x.html", ".", "..", "...", ".a", "a.", "%2e", "%2E%2e", "%41", "%", "~u", "a:b", "@x", "a;b=c", "!$&'()*+,", "A", "Ü", "a b", "\"q\"", "<x>", "`", "{}", "^", "|", "[1]", "\\", "\t", "é", "a\u0000"];
const TAILS = ["", "", "#", "#f", "?", "?a=1", "?utm_source=x", "#a b", "#?x", "?b=2&a=1#x", " ", "\n", "# ", "#\t"];
const PARAM_NAMES = ["a", "b", "q", "id", "utm_source", "UTM_Medium", "gclid", "B", "a.b", "x-y", "*", "", "a b", "a+b", "%61", "~", "é", "a'", "a;b", "a/b", "a?b", "utm_"];
const PARAM_VALUES = ["1", "2", "", "x", "10", "A", "a.b-c_d*", "a+b", "%20", "a b", "=", "1=2", "~", "é", "'", "/", "?"];

/** A query of 0 to 4 parameters: plain names and values most of the time, with or without `=`, empty ones, `&&`. */
function generatedQuery(next: () => number): string {
  const pick = <T>(list: readonly T[], plain: number): T => list[Math.floor(next() * (next() < 0.85 ? plain : list.length))]!;
  const params = Array.from({ length: Math.floor(next() * 5) }, () => {
    const roll = next();
    if (roll < 0.04) return "";
    if (roll < 0.08) return pick(PARAM_NAMES, 8);
    return `${pick(PARAM_NAMES, 8)}=${pick(PARAM_VALUES, 4)}`;
  });
  return `?${params.join("&")}`;
}

/** Each piece is a plain one (first entries of its list) most of the time, so both sides of every condition are met. */
function generatedUrl(next: () => number): string {
  const pick = <T>(list: readonly T[], plain: number): T => list[Math.floor(next() * (next() < 0.85 ? plain : list.length))]!;
  const labels = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(LABELS, 8));
  const segments = Array.from({ length: Math.floor(next() * 4) }, () => pick(SEGMENTS, 4));
  const path = next() < 0.05 ? "" : `/${segments.join("/")}`;
  const tail = next() < 0.3 ? `${generatedQuery(next)}${pick(["", "#x", "#?a=1"], 1)}` : pick(TAILS, 4);
  return `${pick(SCHEMES, 2)}${labels.join(".")}${pick(HOST_EXTRAS, 4)}${path}${tail}`;
}

describe("canonicalUrl", () => {
  it("answers exactly as canonicalizeUrl on 60,000 generated URLs, and reads without parsing only what canonicalizeUrl would give", () => {
    const next = random(1515);
    const read = { asWritten: 0, fragment: 0, www: 0, query: 0, parsed: 0 };
    const wrong: Array<{ url: string; expected: string | null; read: string | null; got: string | null }> = [];
    for (let index = 0; index < 60_000; index += 1) {
      const url = generatedUrl(next);
      const expected = canonicalizeUrl(url);
      const asRead = canonicalAsRead(url);
      if (asRead === null) read.parsed += 1;
      else {
        if (isCanonicalAsWritten(url)) read.asWritten += 1;
        if (url.includes("#")) read.fragment += 1;
        if (url.includes("://www.")) read.www += 1;
        if (url.split("#")[0]!.includes("?")) read.query += 1;
      }
      const got = canonicalUrl(url);
      if ((asRead !== null && asRead !== expected) || got !== expected) wrong.push({ url, expected, read: asRead, got });
    }
    expect(wrong).toEqual([]);
    // every shape of the fast path is exercised, and so is the full canonicalisation
    expect(read.asWritten).toBeGreaterThan(5_000);
    expect(read.fragment).toBeGreaterThan(2_000);
    expect(read.www).toBeGreaterThan(1_000);
    expect(read.query).toBeGreaterThan(2_000);
    expect(read.parsed).toBeGreaterThan(10_000);
  });

  it("takes the fast path for the plain shapes and not for the rest", () => {
    for (const url of ["https://example.com/", "http://a.b.example.org/x/y-z.html", "https://docs.python.org/3/library/", "https://www.com/", "https://a-b.io//x", "https://en.m.wikipedia.org/wiki/Foo_(bar)"]) {
      if (url === "https://www.com/") expect(isCanonicalAsWritten(url), url).toBe(false);
      else expect(isCanonicalAsWritten(url), url).toBe(true);
    }
    for (const url of ["https://example.com", "https://Example.com/", "https://www.example.com/", "https://example.com./", "https://example.com:443/", "https://1.2.3.4/", "https://a.0x1f/", "https://xn--nxasmq6b.com/", "https://example.com/a/../b", "https://example.com/%2e/", "https://example.com/?", "https://example.com/#", "https://u@example.com/"]) {
      expect(isCanonicalAsWritten(url), url).toBe(false);
    }
  });
});
