import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalizeUrl } from "@websift/contracts";
import { getHostname } from "tldts";
import { describe, expect, it } from "vitest";
import { HostRuleIndex, hostOf, hostSuffixes } from "../src/policy/host-match.js";
import { loadPolicy } from "../src/policy/load-policy.js";
import { classifySource } from "../src/policy/source-type.js";
import { seededRandom as random } from "./support/seeded-random.js";

// The matcher as it was before the rules were compiled (a scan of the list, first match wins): the reference.
function referenceMatch(host: string, rules: readonly string[]): string | undefined {
  return rules.find((rule) => {
    const normalized = rule.trim().toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");
    return host === normalized || host.endsWith(`.${normalized}`);
  });
}

function referenceHostOf(url: string): string {
  const host = (getHostname(url) ?? "").toLowerCase().replace(/\.$/, "");
  return host.startsWith("www.") ? host.slice(4) : host;
}


const LABELS = ["a", "b", "github", "notgithub", "com", "org", "co", "uk", "io", "docs", "www", "x-y", "github.com", "bestbuy"];

function randomHost(next: () => number): string {
  const count = 1 + Math.floor(next() * 4);
  const labels = Array.from({ length: count }, () => LABELS[Math.floor(next() * LABELS.length)]!);
  const roll = next();
  if (roll < 0.02) return "";
  if (roll < 0.05) return `${labels.join(".")}.`;
  return labels.join(".");
}

/** Rules as people write them: exact hosts, `*.` wildcards, upper case, stray spaces and dots, oddities. */
function randomRule(next: () => number): string {
  const host = randomHost(next);
  const roll = next();
  if (roll < 0.15) return `*.${host}`;
  if (roll < 0.2) return host.toUpperCase();
  if (roll < 0.25) return ` ${host} `;
  if (roll < 0.3) return `${host}.`;
  if (roll < 0.33) return `.${host}`;
  if (roll < 0.35) return ["", ".", "*.", "*", "*.*.com"][Math.floor(next() * 5)]!;
  return host;
}

describe("HostRuleIndex", () => {
  it("answers as the list scan did, on 4,000 generated hosts against 200 generated rule lists", () => {
    const next = random(15);
    let compared = 0;
    let matched = 0;
    for (let list = 0; list < 200; list += 1) {
      const rules = Array.from({ length: 1 + Math.floor(next() * 40) }, () => randomRule(next));
      const index = HostRuleIndex.of(rules);
      for (let probe = 0; probe < 20; probe += 1) {
        const host = randomHost(next);
        const expected = referenceMatch(host, rules);
        expect(index.match(hostSuffixes(host)), `host ${JSON.stringify(host)} rules ${JSON.stringify(rules)}`).toBe(expected);
        compared += 1;
        if (expected !== undefined) matched += 1;
      }
    }
    expect(compared).toBe(4000);
    // the generator must exercise both answers
    expect(matched).toBeGreaterThan(400);
    expect(compared - matched).toBeGreaterThan(400);
  });

  it.each([
    ["github.com", ["github.com"], "github.com"],
    ["api.github.com", ["*.github.com"], "*.github.com"],
    ["github.com", ["*.github.com"], "*.github.com"],
    ["notgithub.com", ["github.com"], undefined],
    ["github.com.evil.org", ["github.com"], undefined],
    ["a.b.example.co.uk", ["example.co.uk", "b.example.co.uk"], "example.co.uk"],
    ["a.b.example.co.uk", ["b.example.co.uk", "example.co.uk"], "b.example.co.uk"],
    ["shop.bestbuy.com", [" BestBuy.COM. "], " BestBuy.COM. "],
    ["example.com", ["com"], "com"],
    ["example.com", [], undefined],
  ] as const)("%s against %j is %s", (host, rules, expected) => {
    expect(HostRuleIndex.of(rules).match(hostSuffixes(host))).toBe(expected);
    expect(referenceMatch(host, rules)).toBe(expected);
  });

  it("hostOf lower-cases and drops one trailing dot and a leading www.", () => {
    for (const url of ["https://WWW.Example.COM./a", "https://www.com/", "http://docs.python.org:8080/x?y=1", "https://xn--bcher-kva.example/", "https://a.b.c.d/", "https://EXAMPLE.org../x", "not a url"]) {
      expect(hostOf(url)).toBe(referenceHostOf(url));
    }
  });
});

describe("hostOf on canonical URLs", () => {
  it("reads a canonical URL's host by position exactly as tldts gives it, on 3,000 generated URLs", () => {
    const next = random(42);
    const hosts = [...LABELS, "1", "255", "0x1f", "xn--nxasmq6b", "a_b", "Ex", "[::1]", "127.0.0.1", "é"];
    const tails = ["", ":8080", ":443", ":80"];
    let compared = 0;
    for (let index = 0; index < 3_000; index += 1) {
      const host = Array.from({ length: 1 + Math.floor(next() * 4) }, () => hosts[Math.floor(next() * hosts.length)]!).join(".");
      const url = canonicalizeUrl(`${next() < 0.5 ? "https" : "http"}://${host}${tails[Math.floor(next() * tails.length)]}/p?a=1`);
      if (url === null) continue;
      expect(hostOf(url, true), url).toBe(referenceHostOf(url));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(1_500);
  });
});

describe("compiled policy", () => {
  const dir = mkdtempSync(join(tmpdir(), "websift-host-rules-"));

  it("classifies by source_types as the sorted scan did: the longest rule wins, ties in file order", () => {
    const next = random(7);
    const types = ["official", "code", "qa", "forum", "discussion", "web", "content-farm"];
    const entries = new Map<string, string>();
    for (let index = 0; index < 300; index += 1) entries.set(randomRule(next).trim() || "x.org", types[Math.floor(next() * types.length)]!);
    const file = join(dir, "types.yaml");
    writeFileSync(file, `source_types:\n${[...entries].map(([rule, type]) => `  ${JSON.stringify(rule)}: ${type}`).join("\n")}\n`);
    const policy = loadPolicy(file);
    const sourceTypes = policy.source_types;
    const sortedRules = Object.keys(sourceTypes).sort((a, b) => b.length - a.length);
    let mapped = 0;
    for (let probe = 0; probe < 2000; probe += 1) {
      const host = randomHost(next);
      const rule = sortedRules.find((candidate) => referenceMatch(host, [candidate]) !== undefined);
      if (rule === undefined) continue;
      expect(classifySource(host, "/", policy, false), host).toBe(sourceTypes[rule]);
      mapped += 1;
    }
    expect(mapped).toBeGreaterThan(500);
  });

  it("is compiled once per content and recompiled when the file changes, even at the same size within one clock tick", () => {
    const file = join(dir, "policy.yaml");
    writeFileSync(file, "demote_domains: [aaa.com]\n");
    const first = loadPolicy(file);
    expect(loadPolicy(file)).toBe(first);
    writeFileSync(file, "demote_domains: [bbb.com]\n");
    const second = loadPolicy(file);
    expect(second.demote_domains).toEqual(["bbb.com"]);
    expect(second.host_rules.demote.match(hostSuffixes("x.bbb.com"))).toBe("bbb.com");
    expect(second.host_rules.demote.match(hostSuffixes("x.aaa.com"))).toBeUndefined();
    expect(loadPolicy(file)).toBe(second);
    expect(loadPolicy()).toBe(loadPolicy());
  });
});
