import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { isAllowedByRobots, parseRobotsTxt } from "../src/core/robots.js";
import { clearRobotsCache } from "../src/core/robots-gate.js";
import { startForwardProxy, type ForwardProxy } from "./helpers/forward-proxy.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
let proxy: ForwardProxy;
beforeAll(async () => {
  server = await startFixtureServer();
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await server.close();
  await proxy.close();
});

describe("robots.txt", () => {
  it("parses groups with longest match and Allow winning ties", () => {
    const rules = parseRobotsTxt("User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\n\nUser-agent: websift\nUser-agent: other\nDisallow: /only-us\n");
    expect(isAllowedByRobots(rules, new URL("http://x/only-us"))).toBe(false);
    expect(isAllowedByRobots(rules, new URL("http://x/a"))).toBe(true); // the websift group replaces *
    const star = parseRobotsTxt("User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\n");
    expect(isAllowedByRobots(star, new URL("http://x/a/c"))).toBe(false);
    expect(isAllowedByRobots(star, new URL("http://x/a/b/c"))).toBe(true);
    expect(isAllowedByRobots(star, new URL("http://x/doc.pdf"))).toBe(false);
    expect(isAllowedByRobots(star, new URL("http://x/doc.pdf?x"))).toBe(true);
  });

  it("refuses disallowed paths only when respect_robots is set", async () => {
    clearRobotsCache();
    const refused = await fetchPage({ url: server.url("/private/secret"), ...LOCAL, respect_robots: true });
    expect(refused).toMatchObject({ outcome: "refused", body: null });
    expect(refused.detail).toContain("robots.txt");
    expect(server.hits).not.toContain("/private/secret");
    expect(await fetchPage({ url: server.url("/private/open"), ...LOCAL, respect_robots: true })).toMatchObject({ outcome: "ok" });
    expect(await fetchPage({ url: server.url("/private/secret"), ...LOCAL })).toMatchObject({ outcome: "ok" });
    expect(server.hits.filter((hit) => hit === "/robots.txt")).toHaveLength(1);
  });
});

describe("per-host concurrency", () => {
  it("never runs more than per_host_concurrency requests against one host", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) =>
      fetchPage({ url: server.url(`/slow-ok?i=${index}`), ...LOCAL, per_host_concurrency: 2 })));
    expect(results.every((result) => result.outcome === "ok")).toBe(true);
    expect(server.counters.get("peak-in-flight")).toBe(2);
  });
});

describe("proxy", () => {
  it("sends the request through the proxy", async () => {
    const result = await fetchPage({ url: server.url("/echo"), ...LOCAL, proxy: proxy.url });
    expect(result.outcome).toBe("ok");
    expect(JSON.parse(result.body ?? "{}").headers.via).toBe("1.1 test-proxy");
    expect(proxy.requested).toContain(server.url("/echo"));
  });

  it("still refuses private targets before anything reaches the proxy", async () => {
    const before = proxy.requested.length;
    const result = await fetchPage({ url: server.url("/hello"), proxy: proxy.url, retries: 0 });
    expect(result.outcome).toBe("refused");
    expect(proxy.requested.length).toBe(before);
  });
});
