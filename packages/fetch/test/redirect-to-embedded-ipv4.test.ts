// A loopback page that redirects to the metadata address spelled as IPv6 (NAT64, 6to4, IPv4-compatible) is refused
// even with allow_private_hosts, and the redirect target is never contacted. Only 127.0.0.1 ever gets traffic:
// the core test's opener refuses any other host itself, and the CLI test runs only once that test has shown the
// guard holds.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeFailure } from "../src/core/exchange.js";
import { runFetchAttempt, type ExchangeOpener } from "../src/core/fetch-attempt.js";
import { resolveFetchRequest } from "../src/core/resolve-request.js";
import { openNetworkExchange } from "../src/core/transport.js";
import { startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../bin/websift-fetch.js", import.meta.url));
const METADATA_SPELLINGS = ["http://[64:ff9b::a9fe:a9fe]/", "http://[2002:a9fe:a9fe::]/", "http://[::a9fe:a9fe]/"];

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

const redirectingPage = (target: string): string => server.url(`/redirect?status=302&to=${encodeURIComponent(target)}`);

/** Opens exchanges to 127.0.0.1 only and records every hop it was asked to open. */
function loopbackOnlyOpener(opened: string[]): ExchangeOpener {
  return async (hop, pinned) => {
    opened.push(hop.url.href);
    if (hop.url.hostname !== "127.0.0.1") throw new ExchangeFailure("network_error", `test opener refuses non-loopback ${hop.url.host}`);
    const signal = AbortSignal.timeout(5000);
    return openNetworkExchange(hop, { tier: 0, pinnedAddress: pinned, proxy: undefined, connectTimeoutMs: 2000, signal });
  };
}

let guardHolds = false;

describe("redirects to the metadata address in IPv6 spellings", () => {
  it("are refused by the guard before any exchange is opened, with allow_private_hosts", async () => {
    for (const target of METADATA_SPELLINGS) {
      const opened: string[] = [];
      const request = resolveFetchRequest({ url: redirectingPage(target), allow_private_hosts: true, retries: 0 });
      const attempt = await runFetchAttempt({ request, openExchange: loopbackOnlyOpener(opened), guardDestinations: true, signal: AbortSignal.timeout(10_000) });
      expect(attempt.outcome, target).toBe("refused");
      expect(attempt.detail, target).toMatch(/^redirect target .*169\.254\.169\.254.* is never fetched/);
      expect(attempt.finalUrl.href).toBe(target);
      expect(attempt.redirects).toEqual([{ url: redirectingPage(target), status: 302 }]);
      // The loopback page was opened; the redirect target never was.
      expect(opened, target).toEqual([redirectingPage(target)]);
    }
    guardHolds = true;
  });

  it("`websift-fetch URL --allow-private-hosts --json` answers refused (the built CLI)", async () => {
    expect(guardHolds, "the guard test above failed: not running the CLI against an unguarded redirect").toBe(true);
    for (const target of METADATA_SPELLINGS) {
      const hitsBefore = server.hits.length;
      const { stdout } = await run(process.execPath, [CLI, redirectingPage(target), "--allow-private-hosts", "--json"]).catch((error: { stdout: string; code: number }) => {
        expect(error.code, target).toBe(1); // a failed fetch, not a usage error or a crash
        return { stdout: error.stdout };
      });
      const envelope = JSON.parse(stdout) as { ok: boolean; error: { code: string } | null; data: { outcome: string; redirects: unknown[]; status: number | null } };
      expect(envelope.ok, target).toBe(false);
      expect(envelope.error?.code, target).toBe("refused");
      expect(envelope.data).toMatchObject({ outcome: "refused", status: null, final_url: target, redirects: [{ status: 302 }] });
      expect(server.hits.slice(hitsBefore), target).toHaveLength(1); // retries do not re-run a refusal into the target
    }
  });
});
