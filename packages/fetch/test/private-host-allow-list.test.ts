// The operator's single private hosts (`allowed_private_hosts`, `--allow-private-host HOST[:PORT]`): one host,
// or one host and port, opens for every tier; everything else private stays refused, at a real listener.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchUrl } from "../src/index.js";
import { privateAllowedFor } from "../src/core/private-access.js";
import { vetDestination } from "../src/core/ssrf-guard.js";
import { startLocalServer, type LocalServer } from "./helpers/local-server.js";

let allowed: LocalServer;
let other: LocalServer;
beforeAll(async () => {
  const page = { "/": (_q: unknown, response: import("node:http").ServerResponse) => response.writeHead(200, { "content-type": "text/html" }).end("<html><body><p>an intranet page with enough words to be a page</p></body></html>") };
  allowed = await startLocalServer(page);
  other = await startLocalServer(page);
});
afterAll(async () => {
  await allowed.close();
  await other.close();
});

describe("private-host allow-list", () => {
  it("matches a host with any port, or a host and one port", () => {
    const access = { all: false, hosts: ["wiki.internal", "127.0.0.1:8080", "[::1]:9000"] };
    expect(privateAllowedFor(new URL("http://wiki.internal:3000/x"), access)).toBe(true);
    expect(privateAllowedFor(new URL("http://WIKI.internal./x"), access)).toBe(true);
    expect(privateAllowedFor(new URL("http://127.0.0.1:8080/"), access)).toBe(true);
    expect(privateAllowedFor(new URL("http://127.0.0.1:8081/"), access)).toBe(false);
    expect(privateAllowedFor(new URL("http://127.1:8080/"), access)).toBe(true);
    expect(privateAllowedFor(new URL("http://[::1]:9000/"), access)).toBe(true);
    expect(privateAllowedFor(new URL("http://10.0.0.1/"), access)).toBe(false);
    expect(privateAllowedFor(new URL("http://10.0.0.1/"), { all: true, hosts: [] })).toBe(true);
  });

  it("never opens link-local or cloud metadata, even when listed", async () => {
    const verdict = await vetDestination(new URL("http://169.254.169.254/latest/meta-data/"), { all: false, hosts: ["169.254.169.254"] });
    expect(verdict).toMatchObject({ allowed: false, outcome: "refused" });
  });

  it("fetches the listed host:port and refuses another port of the same host, which receives nothing", async () => {
    const ok = await fetchUrl({ url: allowed.url("/"), allowed_private_hosts: [`127.0.0.1:${allowed.port}`] });
    expect(ok.ok, ok.error?.message).toBe(true);
    const refused = await fetchUrl({ url: other.url("/"), allowed_private_hosts: [`127.0.0.1:${allowed.port}`] });
    expect(refused.error?.code).toBe("refused");
    expect(other.hits).toEqual([]);
  });
});
