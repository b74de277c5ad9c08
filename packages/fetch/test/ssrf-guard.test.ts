import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { fetchUrl } from "../src/index.js";
import { classifyForbiddenAddress, vetDestination } from "../src/core/ssrf-guard.js";
import { startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

describe("SSRF guard: address classes", () => {
  it.each([
    "127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1",
    "255.255.255.255", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "::ffff:127.0.0.1", "::ffff:8.8.8.8",
    "::127.0.0.1", "ff02::1", "64:ff9b::7f00:1", "2002:7f00:1::",
  ])("refuses %s", (address) => {
    expect(classifyForbiddenAddress(address)).not.toBeNull();
  });

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"])("allows public %s", (address) => {
    expect(classifyForbiddenAddress(address)).toBeNull();
  });

  it("keeps link-local (cloud metadata) refused even when private hosts are allowed", async () => {
    const verdict = await vetDestination(new URL("http://169.254.169.254/latest/meta-data/"), true);
    expect(verdict).toMatchObject({ allowed: false, outcome: "refused" });
    expect(await vetDestination(new URL("http://10.1.2.3/"), true)).toMatchObject({ allowed: true, address: "10.1.2.3" });
  });

  it("resolves names and refuses when an answer is private", async () => {
    expect(await vetDestination(new URL("http://localhost./"), false)).toMatchObject({ allowed: false, outcome: "refused" });
    expect(await vetDestination(new URL("http://no-such-host.invalid/"), true)).toMatchObject({ allowed: false, outcome: "dns_failed" });
  });
});

describe("SSRF guard: every spelling of the local server is refused and sends nothing", () => {
  const spellings = (port: number): string[] => [
    `http://127.0.0.1:${port}/hello`,
    `http://[::1]:${port}/hello`,
    `http://[::ffff:127.0.0.1]:${port}/hello`,
    `http://2130706433:${port}/hello`,
    `http://0x7f.0.0.1:${port}/hello`,
    `http://017700000001:${port}/hello`,
    `http://127.1:${port}/hello`,
    `http://localhost:${port}/hello`,
    `http://localhost.:${port}/hello`,
    `http://0177.0.0.1:${port}/hello`,
    `http://user:pw@127.0.0.1:${port}/hello`,
  ];

  it("refuses each spelling with outcome refused and the server sees no request", async () => {
    for (const url of spellings(server.port)) {
      const result = await fetchPage({ url });
      expect(result.outcome, url).toBe("refused");
      expect(result.body).toBeNull();
      expect(result.status).toBeNull();
      expect(result.detail).not.toContain("pw@");
    }
    expect(server.hits).toEqual([]);
  });

  it("fetches the same spellings with allow_private_hosts", async () => {
    for (const url of spellings(server.port)) {
      if (url.includes("[::1]") && !server.hasIpv6) continue;
      const result = await fetchPage({ url, allow_private_hosts: true, retries: 0 });
      expect(result.outcome, url).toBe("ok");
      expect(result.status).toBe(200);
      expect(result.body).toContain("Hello from the fixture server.");
    }
  });

  it("refuses non-http schemes: the contract as a caller mistake, the core whoever calls it", async () => {
    for (const url of ["file:///etc/passwd", "not a url"]) {
      expect((await fetchUrl({ url })).error).toMatchObject({ code: "invalid_request", details: { field: "url" } });
      await expect(fetchPage({ url })).rejects.toMatchObject({ code: "refused" });
    }
    expect((await fetchUrl({ url: "http://example.com/", bogus: 1 })).error).toMatchObject({ code: "invalid_request", details: { field: "bogus" } });
  });
});

describe("SSRF guard on redirects", () => {
  it("refuses a redirect to 169.254.169.254 even though the first hop is allowed", async () => {
    const before = server.hits.length;
    const result = await fetchPage({ url: server.url("/redirect?to=http://169.254.169.254/latest/meta-data/"), allow_private_hosts: true, retries: 0 });
    expect(result.outcome).toBe("refused");
    expect(result.redirects).toHaveLength(1);
    expect(result.final_url).toBe("http://169.254.169.254/latest/meta-data/");
    expect(server.hits.length - before).toBe(1);
  });

  it("refuses a redirect from an allowed host into a private one when private hosts are not allowed", async () => {
    // The first hop is private too, so this checks the decimal spelling inside a Location header instead.
    const verdict = await vetDestination(new URL("http://2130706433/"), false);
    expect(verdict).toMatchObject({ allowed: false, outcome: "refused" });
  });

  it("drops Authorization and Cookie on a cross-origin hop but keeps them on the same origin", async () => {
    const headers = { authorization: "Bearer top-secret", cookie: "sid=1", "x-custom": "kept" };
    const sameOrigin = await fetchPage({ url: server.url("/redirect?to=/echo"), headers, allow_private_hosts: true, retries: 0 });
    expect(JSON.parse(sameOrigin.body ?? "{}").headers).toMatchObject({ authorization: "Bearer top-secret", cookie: "sid=1" });
    // 127.0.0.1 and [::1] are different origins on the same server.
    if (!server.hasIpv6) return;
    const crossOrigin = await fetchPage({ url: server.url(`/redirect?to=http://[::1]:${server.port}/echo`), headers, allow_private_hosts: true, retries: 0 });
    const echoed = JSON.parse(crossOrigin.body ?? "{}").headers as Record<string, string>;
    expect(echoed.authorization).toBeUndefined();
    expect(echoed.cookie).toBeUndefined();
    expect(echoed["x-custom"]).toBe("kept");
  });
});
