import { lookup } from "node:dns/promises";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLimitedBody } from "../src/core/body-reader.js";
import { classifyForbiddenAddress, vetDestination } from "../src/core/ssrf-guard.js";
import { openNetworkExchange } from "../src/core/transport.js";
import { startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

describe("DNS pinning", () => {
  it("connects to the vetted address whatever the name would resolve to", async () => {
    // The name does not exist in DNS at all: the only way this request arrives is through the pinned address.
    const url = new URL(`http://pinned-name.invalid:${server.port}/echo`);
    for (const tier of [0, 1] as const) {
      const exchange = await openNetworkExchange(
        { url, method: "GET", headers: {}, body: undefined },
        { tier, pinnedAddress: { address: "127.0.0.1", family: 4 }, proxy: undefined, connectTimeoutMs: 2000, signal: new AbortController().signal },
      );
      const { decoded } = await readLimitedBody(exchange.body, undefined, { maxBytes: 100_000, maxDecompressedBytes: 100_000 });
      expect(exchange.status).toBe(200);
      expect(JSON.parse(decoded.toString()).headers.host).toBe(`pinned-name.invalid:${server.port}`);
    }
  });

  it("checks every DNS answer for a name (this machine's hostname)", async () => {
    const name = os.hostname();
    let answers: string[];
    try {
      answers = (await lookup(name, { all: true })).map((answer) => answer.address);
    } catch {
      return; // an unresolvable hostname says nothing about the guard
    }
    const anyForbidden = answers.some((address) => classifyForbiddenAddress(address) !== null);
    const verdict = await vetDestination(new URL(`http://${name}/`), false);
    expect(verdict.allowed).toBe(!anyForbidden);
    const allowed = await vetDestination(new URL(`http://${name}/`), true);
    if (allowed.allowed) expect(answers).toContain(allowed.address);
  });
});

describe("createPinnedLookup", () => {
  it("answers asynchronously, as dns.lookup does (a synchronous answer let an instant connect() failure crash the process)", async () => {
    const { createPinnedLookup } = await import("../src/core/ssrf-guard.js");
    const lookupPinned = createPinnedLookup("::1", 6);
    const answers: unknown[] = [];
    const answered = new Promise<void>((resolve) =>
      lookupPinned("example.org", { all: true }, (error: unknown, addresses: unknown) => {
        answers.push([error, addresses]);
        resolve();
      }),
    );
    expect(answers).toEqual([]);
    await answered;
    expect(answers).toEqual([[null, [{ address: "::1", family: 6 }]]]);
  });
});
