// The REST access rules as functions: Host and Origin names, the bearer check, start-up settings.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkBearer } from "../src/rest/bearer-token.js";
import { HostCheck, parseAuthority } from "../src/rest/host-check.js";
import { isLoopbackAddress } from "../src/rest/loopback.js";
import { resolveRestAccess, restAccessFromFlags } from "../src/rest/rest-access.js";
import { requestFromQuery } from "../src/rest/query-request.js";

const loopback = { address: "127.0.0.1", port: 8787 };

describe("loopback and Host names", () => {
  it("knows loopback bind addresses from the rest", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "example.com", "localhost.example.com", "::ffff:10.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(false);
  });

  it("parses Host values and refuses malformed ones", () => {
    expect(parseAuthority("Example.COM.:8080")).toEqual({ name: "example.com", port: 8080 });
    expect(parseAuthority("[::1]:8787")).toEqual({ name: "::1", port: 8787 });
    expect(parseAuthority("localhost")).toEqual({ name: "localhost", port: undefined });
    for (const bad of ["", "a b", "user@host", "host:99999", "host:0", "http://host", "host/path", "[::1"]) expect(parseAuthority(bad), bad).toBeUndefined();
  });

  it("accepts the bound address on its port, and allowed hosts", () => {
    const check = new HostCheck("127.0.0.1", [{ name: "websift.internal", port: undefined }, { name: "api.internal", port: 9443 }]);
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787"]) expect(check.acceptsHostHeader(host, loopback), host).toBe(true);
    for (const host of ["127.0.0.1:8788", "127.0.0.1", "attacker.example:8787", "192.168.1.5:8787", undefined]) expect(check.acceptsHostHeader(host, loopback), String(host)).toBe(false);
    expect(check.acceptsHostHeader("websift.internal:1234", loopback)).toBe(true);
    expect(check.acceptsHostHeader("api.internal:9443", loopback)).toBe(true);
    expect(check.acceptsHostHeader("api.internal", loopback)).toBe(false);
    // On a wildcard bind, the interface the connection came in on (and not localhost elsewhere).
    const wildcard = new HostCheck("0.0.0.0", []);
    expect(wildcard.acceptsHostHeader("192.168.1.5:8787", { address: "::ffff:192.168.1.5", port: 8787 })).toBe(true);
    expect(wildcard.acceptsHostHeader("localhost:8787", { address: "192.168.1.5", port: 8787 })).toBe(false);
    expect(wildcard.acceptsHostHeader("0.0.0.0:8787", { address: "192.168.1.5", port: 8787 })).toBe(false);
  });

  it("accepts only the server's own origins", () => {
    const check = new HostCheck("127.0.0.1", [{ name: "websift.internal", port: undefined }]);
    expect(check.acceptsOrigin("http://127.0.0.1:8787", loopback)).toBe(true);
    expect(check.acceptsOrigin("http://localhost:8787", loopback)).toBe(true);
    expect(check.acceptsOrigin("https://websift.internal", loopback)).toBe(true);
    for (const origin of ["null", "http://attacker.example", "http://127.0.0.1:8788", "http://127.0.0.1", "file://", "chrome-extension://abc", "http://127.0.0.1:8787.attacker.example"]) {
      expect(check.acceptsOrigin(origin, loopback), origin).toBe(false);
    }
  });
});

describe("bearer token", () => {
  it("accepts exactly the token", () => {
    expect(checkBearer("Bearer s3cret", "s3cret")).toBe("ok");
    expect(checkBearer("bearer   s3cret", "s3cret")).toBe("ok");
    expect(checkBearer(undefined, "s3cret")).toBe("missing");
    expect(checkBearer("", "s3cret")).toBe("missing");
    for (const header of ["Bearer s3cre", "Bearer s3cretx", "Basic s3cret", "s3cret", "Bearer", "Bearer s3cret s3cret"]) expect(checkBearer(header, "s3cret"), header).toBe("wrong");
  });
});

describe("start-up settings", () => {
  it("a bind beyond loopback needs a token", () => {
    expect(() => resolveRestAccess({}, "0.0.0.0")).toThrow(/needs an API token/);
    expect(() => resolveRestAccess({}, "::")).toThrow(/needs an API token/);
    expect(resolveRestAccess({ token: "t0123456789abcdef" }, "0.0.0.0").token).toBe("t0123456789abcdef");
    expect(() => resolveRestAccess({ token: "short" }, "0.0.0.0")).toThrow(/at least 16/);
    expect(resolveRestAccess({}, "127.0.0.1").maxConcurrency).toBe(8);
    expect(resolveRestAccess({}, "localhost").token).toBeUndefined();
    expect(() => resolveRestAccess({ token: " " }, "127.0.0.1")).toThrow(/empty/);
    expect(() => resolveRestAccess({ maxConcurrency: 0 })).toThrow(/max_concurrency/);
    expect(() => resolveRestAccess({ allowedHosts: ["http://x"] })).toThrow(/--allowed-host/);
  });

  it("reads the token from one source only, and allowed hosts from the flag and the environment", () => {
    const dir = mkdtempSync(join(tmpdir(), "websift-rest-access-"));
    try {
      const file = join(dir, "token");
      writeFileSync(file, "from-file\n");
      chmodSync(file, 0o600);
      expect(restAccessFromFlags({ tokenFile: file }, {}).token).toBe("from-file");
      expect(restAccessFromFlags({}, { WEBSIFT_API_TOKEN_FILE: file }).token).toBe("from-file");
      expect(restAccessFromFlags({}, { WEBSIFT_API_TOKEN: " env-token " }).token).toBe("env-token");
      expect(() => restAccessFromFlags({ tokenFile: file }, { WEBSIFT_API_TOKEN: "x" })).toThrow(/given twice/);
      chmodSync(file, 0o604);
      expect(() => restAccessFromFlags({ tokenFile: file }, {})).toThrow(/chmod 600/);
      expect(restAccessFromFlags({ allowedHosts: ["a.internal"] }, { WEBSIFT_ALLOWED_HOSTS: "b.internal, c.internal:81," }).allowedHosts).toEqual(["a.internal", "b.internal", "c.internal:81"]);
      expect(restAccessFromFlags({}, {})).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("query strings", () => {
  it("do not parse operator settings: they reach the contract as strings and are refused by name", () => {
    const request = requestFromQuery(new URLSearchParams("q=x&allow_private_hosts=1&explain=1&engines=a,b&engines=c"));
    expect(request).toEqual({ query: "x", allow_private_hosts: "1", explain: true, engines: ["a", "b", "c"] });
  });
});
