// `http://user:password@host/` is sent to its own origin as Basic auth, and never echoed: not in the Envelope
// (data.url, final_url, redirect chain, messages, details), not in cache files, not in WARC archives.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchUrl } from "../src/index.js";
import { describeUrlForMessage, redactHeaders, stripCredentialsFromText, stripHeaderUrlCredentials } from "../src/core/redact.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";
import { startLocalServer, type LocalServer } from "./helpers/local-server.js";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../bin/websift-fetch.js", import.meta.url));
const USER = "alice-7q";
const PASSWORD = "s3cr3t-pw-9x";
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");

let server: FixtureServer;
/** Redirects whose Location carries credentials the request URL does not. */
let echoing: LocalServer;
let dir: string;
beforeAll(async () => {
  server = await startFixtureServer();
  echoing = await startLocalServer({
    "/location-with-credentials": (_request, response) => response.writeHead(302, { location: withCredentials("/hello?echoed") }).end(),
    "/unparseable-location": (_request, response) => response.writeHead(302, { location: `http://${USER}:${PASSWORD}@[bad/` }).end(),
  });
  dir = await mkdtemp(path.join(os.tmpdir(), "websift-credentials-"));
});
afterAll(async () => {
  await server.close();
  await echoing.close();
  await rm(dir, { recursive: true, force: true });
});

const withCredentials = (pathAndQuery: string): string => `http://${USER}:${PASSWORD}@127.0.0.1:${server.port}${pathAndQuery}`;

function expectNoCredentials(text: string, where: string): void {
  expect(text, where).not.toContain(PASSWORD);
  expect(text, where).not.toContain(USER);
  expect(text, where).not.toContain(BASIC);
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function expectNoCredentialsInFiles(root: string): Promise<void> {
  const files = await filesUnder(root);
  expect(files.length, `files under ${root}`).toBeGreaterThan(0);
  for (const file of files) expectNoCredentials(await readFile(file, "latin1"), file);
}

describe("redaction helpers", () => {
  it("strip user:password from free text, header URLs and unparseable URLs", () => {
    expect(stripCredentialsFromText(`proxy http://${USER}:${PASSWORD}@proxy.corp:3128 refused`)).toBe("proxy http://proxy.corp:3128 refused");
    expect(stripCredentialsFromText("http://a:p@ss@host/x")).toBe("http://host/x");
    expect(stripHeaderUrlCredentials(`https://${USER}:${PASSWORD}@example.org/a?b#c`)).toBe("https://example.org/a?b#c");
    expect(stripHeaderUrlCredentials(`//${USER}:${PASSWORD}@example.org/a`)).toBe("//example.org/a");
    expect(stripHeaderUrlCredentials("/relative/a@b")).toBe("/relative/a@b");
    expect(stripHeaderUrlCredentials("https://example.org/%7Ekeep")).toBe("https://example.org/%7Ekeep");
    expectNoCredentials(describeUrlForMessage(`http://${USER}:${PASSWORD}@[bad`), "unparseable with scheme");
    expectNoCredentials(describeUrlForMessage(`${USER}:${PASSWORD}@host/x`), "unparseable without scheme");
    expect(redactHeaders([["Location", `http://${USER}:${PASSWORD}@h/`], ["Authorization", `Basic ${BASIC}`]]))
      .toEqual([["Location", "http://h/"], ["Authorization", "REDACTED"]]);
  });
});

describe("a URL with user:password", () => {
  it("is sent to its own origin as Basic auth (the caller asked for it)", async () => {
    const before = server.requestHeaders.length;
    expect((await fetchUrl({ url: withCredentials("/hello?basic"), ...LOCAL })).ok).toBe(true);
    expect(server.requestHeaders[before]?.authorization).toBe(`Basic ${BASIC}`);
  });

  it("leaves no credentials in the reply, the redirect chain, the cache files or the WARC", async () => {
    const cacheDir = path.join(dir, "cache");
    const warc = path.join(dir, "record.warc");
    const request = { url: withCredentials("/redirect?to=/hello%3Fcached"), ...LOCAL, cache: { dir: cacheDir } };
    const fetched = await fetchUrl({ ...request, record_warc: warc });
    expect(fetched.ok).toBe(true);
    expect(fetched.data).toMatchObject({ url: server.url("/redirect?to=/hello%3Fcached"), final_url: server.url("/hello?cached"), redirects: [{ url: server.url("/redirect?to=/hello%3Fcached") }] });
    expectNoCredentials(JSON.stringify(fetched), "reply");
    const cached = await fetchUrl(request);
    expect(cached.data?.fetched_via).toBe("cache");
    expectNoCredentials(JSON.stringify(cached), "reply from the cache");
    await expectNoCredentialsInFiles(cacheDir);
    expectNoCredentials(await readFile(warc, "latin1"), "WARC");
  });

  it("leaves none in a failure's message, details or detail", async () => {
    const refused = await fetchUrl({ url: withCredentials("/hello"), retries: 0 });
    expect(refused.error?.code).toBe("refused");
    expectNoCredentials(JSON.stringify(refused), "refused reply");
    const invalid = await fetchUrl({ url: `http://${USER}:${PASSWORD}@[bad/` });
    expect(invalid.error?.code).toBe("invalid_request");
    expectNoCredentials(JSON.stringify(invalid), "invalid request reply");
    const badLocation = await fetchUrl({ url: echoing.url("/unparseable-location"), ...LOCAL });
    expect(badLocation.data?.detail).toContain("is not a valid URL");
    expectNoCredentials(JSON.stringify(badLocation), "bad Location reply");
  });

  it("leaves none when the server's own Location carries credentials (reply and WARC)", async () => {
    const warc = path.join(dir, "echoed-location.warc");
    const echoed = await fetchUrl({ url: echoing.url("/location-with-credentials"), ...LOCAL, record_warc: warc });
    expect(echoed.data).toMatchObject({ outcome: "ok", final_url: server.url("/hello?echoed") });
    expectNoCredentials(JSON.stringify(echoed), "reply");
    expectNoCredentials(await readFile(warc, "latin1"), "WARC");
  });

  it("leaves none in the built CLI's reply or its cache directory", async () => {
    const cacheDir = path.join(dir, "cli-cache");
    for (const round of ["fetched", "cached"]) {
      const { stdout } = await run(process.execPath, [CLI, withCredentials("/hello?cli"), "--allow-private-hosts", "--cache-dir", cacheDir, "--json"]);
      const envelope = JSON.parse(stdout) as { ok: boolean; data: { url: string; fetched_via: string } };
      expect(envelope.ok, round).toBe(true);
      expect(envelope.data.url).toBe(server.url("/hello?cli"));
      expect(envelope.data.fetched_via).toBe(round === "fetched" ? "http" : "cache");
      expectNoCredentials(stdout, `CLI ${round}`);
    }
    await expectNoCredentialsInFiles(cacheDir);
  });
});
