import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalizeUrl } from "@websift/contracts";
import { describe, expect, it } from "vitest";
import type { FusedEntry } from "../src/fusion/fuse-results.js";
import { rankWithPolicy } from "../src/policy/apply-policy.js";
import { loadPolicy } from "../src/policy/load-policy.js";

const PATHS = ["/", "", "/login", "/login/x", "/Search", "/search/", "/tags/a", "/cart", "/a/b%20c", "/p;x", "/q?", "/t/topic/12"];
const QUERIES = ["", "?", "?q=1", "?Q=1", "?query", "?a=1&s=2", "?x=a+b&search=", "?%71=1", "?utm_source=x", "?q%20x=1", "?a=%3F"];
const HOSTS = ["example.org", "www.example.org", "EXAMPLE.org.", "docs.python.org", "sub.bestbuy.com", "medium.com", "[::1]", "127.0.0.1:8080", "example.org:443"];

function entry(url: string, canonical: boolean): FusedEntry {
  return { url, canonical, title: "t", snippet: "s", published: null, engines: ["a"], positions: [{ engine: "a", rank: 1 }], groups: ["a"], rrf: 10, distinctGroups: 1 };
}

describe("rankWithPolicy on canonical URLs", () => {
  it("reads a canonical URL's path and query by position exactly as a parsed URL gives them", () => {
    const file = join(mkdtempSync(join(tmpdir(), "websift-canonical-")), "policy.yaml");
    writeFileSync(
      file,
      'non_answer: {hosts: [bestbuy.com], path_patterns: ["^/(login|signin)(/|$)", "^/search(/|$)", "^/tag(s)?/", "^/cart(/|$)"], query_keys: [q, query, search, s], host_root: true}\nprefer_domains: [docs.python.org]\ndemote_domains: [medium.com]\n',
    );
    const policy = loadPolicy(file);
    let compared = 0;
    for (const scheme of ["https", "http"]) {
      for (const host of HOSTS) {
        for (const path of PATHS) {
          for (const query of QUERIES) {
            const url = canonicalizeUrl(`${scheme}://${host}${path}${query}`);
            if (url === null) continue;
            const byPosition = rankWithPolicy([entry(url, true)], policy, true);
            const parsed = rankWithPolicy([entry(url, false)], policy, true);
            expect(byPosition, url).toEqual(parsed);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });
});
