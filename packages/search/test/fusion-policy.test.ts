import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { EngineResult, EngineRun } from "../src/engines/port.js";
import { fuseResults, type RankedList } from "../src/fusion/fuse-results.js";
import { rankWithPolicy } from "../src/policy/apply-policy.js";
import { DEFAULT_POLICY_PATH, defaultExtractionBudget, loadPolicy } from "../src/policy/load-policy.js";

function run(name: string, urls: Array<string | Partial<EngineResult>>): EngineRun {
  const results = urls.map((entry) => {
    const result = typeof entry === "string" ? { url: entry } : entry;
    return { title: `t ${result.url}`, snippet: "", published: null, sources: [name], ...result } as EngineResult;
  });
  return { name, outcome: "ok", detail: null, retry_after_s: null, results, upstream_failures: [], suggestions: [], answers: [], corrections: [] };
}

const groups = new Map([
  ["duckduckgo", "bing"],
  ["wikipedia", "wikipedia"],
  ["github", "github"],
]);

function writePolicy(yaml: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "websift-policy-")), "policy.yaml");
  writeFileSync(path, yaml);
  return path;
}

describe("fuseResults", () => {
  it("merges URLs that differ only by tracking parameters, keeping every engine and its rank", () => {
    const fused = fuseResults(
      [
        { angle: "", run: run("duckduckgo", ["https://a.example/x?utm_source=ddg", "https://b.example/"]) },
        { angle: "", run: run("wikipedia", ["https://b.example/", "https://www.a.example/x#top"]) },
      ],
      groups,
    );
    const a = fused.find((entry) => entry.url === "https://a.example/x")!;
    expect(a.engines).toEqual(["duckduckgo", "wikipedia"]);
    expect(a.positions).toEqual([
      { engine: "duckduckgo", rank: 1 },
      { engine: "wikipedia", rank: 2 },
    ]);
    expect(a.distinctGroups).toBe(2);
    expect(a.rrf).toBeCloseTo(1000 / 61 + 1000 / 62, 5);
  });

  it("counts engines of one correlation group once, at their best rank", () => {
    const correlated = fuseResults(
      [{ angle: "", run: { ...run("searxng", []), results: [{ url: "https://x.example/", title: "x", snippet: "", published: null, sources: ["bing", "duckduckgo", "yahoo"] }] } }],
      new Map(),
    );
    expect(correlated[0]!.distinctGroups).toBe(1);
    expect(correlated[0]!.rrf).toBeCloseTo(1000 / 61, 5);
    expect(correlated[0]!.engines).toEqual(["bing", "duckduckgo", "yahoo"]);
  });

  it("does not depend on the order engines answered in", () => {
    const lists: RankedList[] = [
      { angle: "", run: run("duckduckgo", ["https://a.example/", "https://b.example/p", "https://c.example/q"]) },
      { angle: "", run: run("wikipedia", ["https://c.example/q", "https://b.example/p"]) },
      { angle: "", run: run("github", ["https://github.com/o/r"]) },
    ];
    const forward = JSON.stringify(fuseResults(lists, groups));
    const backward = JSON.stringify(fuseResults([...lists].reverse(), groups));
    expect(backward).toBe(forward);
  });
});

describe("rankWithPolicy", () => {
  const policy = loadPolicy(
    writePolicy(`
non_answer:
  hosts: [bestbuy.com]
  path_patterns: ["^/login"]
  query_keys: [q]
  host_root: true
demote_domains: [medium.com]
prefer_domains: [docs.python.org, proxmox.com]
ranking: {demote_penalty: 10, prefer_bonus: 4, multi_engine_bonus: 2}
`),
  );

  it("drops non-answers with the rule that matched, and keeps a preferred host's root page", () => {
    const fused = fuseResults(
      [
        {
          angle: "",
          run: run("duckduckgo", [
            "https://www.bestbuy.com/site/tv",
            "https://shop.bestbuy.com/x",
            "https://example.org/login/now",
            "https://example.org/find?q=1",
            "https://example.org/",
            "https://proxmox.com/",
            "https://example.org/answer",
          ]),
        },
      ],
      groups,
    );
    const { results, dropped } = rankWithPolicy(fused, policy, true);
    expect(results.map((result) => result.url)).toEqual(["https://proxmox.com/", "https://example.org/answer"]);
    expect(dropped.map(({ url, reason }) => [url, reason])).toEqual([
      ["https://bestbuy.com/site/tv", "non_answer_host (bestbuy.com)"],
      ["https://shop.bestbuy.com/x", "non_answer_host (bestbuy.com)"],
      ["https://example.org/login/now", "non_answer_path (^/login)"],
      ["https://example.org/find?q=1", "non_answer_query (q)"],
      ["https://example.org/", "navigational_host_root"],
    ]);
    expect(dropped.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it("ranks no demoted result above a non-demoted one, however strong", () => {
    const fused = fuseResults(
      [
        { angle: "", run: run("duckduckgo", ["https://medium.com/@a/post", "https://blog.example/weak"]) },
        { angle: "", run: run("wikipedia", ["https://medium.com/@a/post"]) },
        { angle: "", run: run("github", ["https://medium.com/@a/post"]) },
      ],
      groups,
    );
    const { results } = rankWithPolicy(fused, policy, true);
    expect(results.map((result) => [result.url, result.source_type])).toEqual([
      ["https://blog.example/weak", "web"],
      ["https://medium.com/@a/post", "content-farm"],
    ]);
    expect(results[1]!.score_parts).toMatchObject({ demote_penalty: -10, consensus_bonus: 4 });
  });

  it("classifies sources: code, qa, discussion, forum, official, web", () => {
    const urls = [
      "https://github.com/o/r",
      "https://stackoverflow.com/questions/1/x",
      "https://unix.stackexchange.com/q/2",
      "https://old.reddit.com/r/x/comments/1",
      "https://news.ycombinator.com/item?id=1",
      "https://forum.proxmox.com/threads/x.1/",
      "https://docs.python.org/3/library/json.html",
      "https://blog.example/post",
    ];
    const { results } = rankWithPolicy(fuseResults([{ angle: "", run: run("duckduckgo", urls) }], groups), policy, false);
    const types = Object.fromEntries(results.map((result) => [result.host, result.source_type]));
    expect(types).toEqual({
      "github.com": "code",
      "stackoverflow.com": "qa",
      "unix.stackexchange.com": "qa",
      "old.reddit.com": "discussion",
      "news.ycombinator.com": "discussion",
      "forum.proxmox.com": "forum",
      "docs.python.org": "official",
      "blog.example": "web",
    });
    expect(results[0]!.score_parts).toBeUndefined();
  });

  it("a host rule never matches a lookalike domain", () => {
    const { results } = rankWithPolicy(fuseResults([{ angle: "", run: run("duckduckgo", ["https://notbestbuy.com/a"]) }], groups), policy, false);
    expect(results).toHaveLength(1);
  });

  it("ranking and extraction settings a policy leaves out keep the packaged policy's values, written nowhere else", () => {
    const packaged = parseYaml(readFileSync(DEFAULT_POLICY_PATH, "utf8")) as { ranking: object; extraction: object };
    const partial = loadPolicy(writePolicy("ranking: {prefer_bonus: 7}\nextraction: {top_n: 2}\n"));
    expect(partial.ranking).toEqual({ ...packaged.ranking, prefer_bonus: 7 });
    expect(partial.extraction).toEqual({ ...packaged.extraction, top_n: 2 });
    expect(partial.demote_domains).toEqual([]);
    expect(defaultExtractionBudget()).toEqual(packaged.extraction);
    expect(loadPolicy().extraction).toEqual(packaged.extraction);
  });

  it("refuses an invalid policy, naming the file and the field", () => {
    const path = writePolicy("ranking: {demote_penalty: lots}\n");
    expect(() => loadPolicy(path)).toThrow(/ranking\.demote_penalty/);
    const badRegex = writePolicy("non_answer: {path_patterns: ['(']}\n");
    expect(() => loadPolicy(badRegex)).toThrow(/non_answer\.path_patterns\[0\]/);
  });
});
