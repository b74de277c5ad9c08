// Issue 16 acceptance on loopback, through agent-io (createWebsift and the built `websift fetch`): a JS-only
// article is read whole by the browser tier with the title its script set; a page whose scripts reach for a
// port the operator did not allow is read and that port receives zero connections; a plain page is read
// without a browser; with WEBSIFT_CHROMIUM_PATH pointing at nothing the JS-only page is browser_unavailable.
// A shell whose served HTML holds only its footer is rendered too (extract judges it on its own words).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebsift } from "../src/index.js";
import { buildAgentIo, WEBSIFT_BIN } from "./support/local-web.js";
import { API_TEXT, PARAGRAPHS, SCRIPT_TITLE, startOtherHost, startRenderSite, type CountingListener } from "./support/render-pages.js";

const run = promisify(execFile);
const hasChromium = [process.env["WEBSIFT_CHROMIUM_PATH"] ?? "", "/usr/bin/chromium"].some((candidate) => candidate !== "" && existsSync(candidate));

let site: CountingListener;
let other: CountingListener;
let storeDir: string;

beforeAll(async () => {
  other = await startOtherHost();
  site = await startRenderSite(other.port);
  storeDir = await mkdtemp(path.join(os.tmpdir(), "websift-render-store-"));
});
afterAll(async () => {
  await site.close();
  await other.close();
  await rm(storeDir, { recursive: true, force: true });
});

interface CliReply {
  ok: boolean;
  data: { content: string; title: string | null; fetched_via: string | null; warnings: string[] } | null;
  error: { code: string; message: string } | null;
}

async function websiftFetch(url: string, extraArgs: string[], env: NodeJS.ProcessEnv = {}): Promise<{ reply: CliReply; elapsedMs: number }> {
  const startedAt = Date.now();
  const result = await run(process.execPath, [WEBSIFT_BIN, "fetch", url, "--allow-private-host", `127.0.0.1:${site.port}`, "--store", storeDir, "--json", "--page-size-tokens", "5000", ...extraArgs], {
    env: { ...process.env, ...env }, timeout: 60_000,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return { reply: JSON.parse(result.stdout) as CliReply, elapsedMs: Date.now() - startedAt };
}

// Chromium starts and renders several times slower on a loaded two-core machine (all packages' tests at once).
describe.skipIf(!hasChromium)("render tier through agent-io", { timeout: 90_000 }, () => {
  beforeAll(() => buildAgentIo());

  it("createWebsift reads a script-written article whole, through the browser, with the script's title", async () => {
    const websift = createWebsift({ storeDir, allowedPrivateHosts: [`127.0.0.1:${site.port}`] });
    const reply = await websift.fetch({ url: `${site.base}/app`, page_size_tokens: 5000 });
    expect(reply.ok, reply.error?.message).toBe(true);
    expect(reply.data?.fetched_via).toBe("browser");
    expect(reply.data?.title).toBe(SCRIPT_TITLE);
    for (const paragraph of PARAGRAPHS) expect(reply.data?.content).toContain(paragraph);
    expect(reply.data?.content).toContain(API_TEXT);
  });

  it("renders a page whose served HTML is only its footer, instead of returning the footer", async () => {
    const websift = createWebsift({ storeDir, allowedPrivateHosts: [`127.0.0.1:${site.port}`] });
    const reply = await websift.fetch({ url: `${site.base}/footer-shell`, page_size_tokens: 5000 });
    expect(reply.ok, reply.error?.message).toBe(true);
    expect(reply.data?.fetched_via).toBe("browser");
    for (const paragraph of PARAGRAPHS) expect(reply.data?.content).toContain(paragraph);
    expect(reply.data?.content).not.toContain("Multi-Language Sites");
  });

  it("websift fetch --allow-private-host reads the same page whole and exits promptly", async () => {
    // An idle timeout far past the run's 60 s limit: a CLI the browser held open would be killed, not slow.
    const { reply, elapsedMs } = await websiftFetch(`${site.base}/app`, [], { WEBSIFT_BROWSER_IDLE_MS: "600000" });
    expect(reply.ok, reply.error?.message).toBe(true);
    expect(reply.data?.fetched_via).toBe("browser");
    expect(reply.data?.title).toBe(SCRIPT_TITLE);
    expect(reply.data?.content).toContain(PARAGRAPHS[3]);
    expect(reply.data?.content).toContain(API_TEXT);
    // The browser does not hold the CLI open until its idle timeout.
    expect(elapsedMs).toBeLessThan(50_000);
  });

  it("reads a page whose scripts try an XHR, an image and an iframe on a port not allowed; that port receives zero connections", async () => {
    const before = { hits: other.hits.length, connections: other.connections() };
    const { reply } = await websiftFetch(`${site.base}/reaching`, ["--render", "always"]);
    expect(reply.ok, reply.error?.message).toBe(true);
    expect(reply.data?.content).toContain(PARAGRAPHS[0]);
    expect(other.hits.length - before.hits).toBe(0);
    expect(other.connections() - before.connections).toBe(0);
    const warnings = (reply.data?.warnings ?? []).join("\n");
    for (const refused of ["/xhr", "/tracker.gif", "/embed"]) expect(warnings).toContain(`127.0.0.1:${other.port}${refused}`);
  });

  it("--render never leaves a JS-only page unrendered and says why", async () => {
    const { reply } = await websiftFetch(`${site.base}/app`, ["--render", "never"]);
    expect(reply.ok).toBe(false);
    expect(reply.error?.code).toBe("empty_content");
    expect(reply.error?.message).toContain("JavaScript-only");
  });
});

describe("render tier without a browser", () => {
  beforeAll(() => buildAgentIo());
  const noBrowser = { WEBSIFT_CHROMIUM_PATH: "/nonexistent/chromium" };

  it("reads a plain HTML page with no browser at all", async () => {
    const { reply } = await websiftFetch(`${site.base}/plain`, [], noBrowser);
    expect(reply.ok, reply.error?.message).toBe(true);
    expect(reply.data?.fetched_via).toBe("http");
    expect(reply.data?.content).toContain(PARAGRAPHS[2]);
  });

  it("answers the JS-only page ok:false browser_unavailable, naming the missing browser and how to install it", async () => {
    const { reply } = await websiftFetch(`${site.base}/app`, [], noBrowser);
    expect(reply.ok).toBe(false);
    expect(reply.error?.code).toBe("browser_unavailable");
    expect(reply.error?.message).toMatch(/Chromium/);
    expect(reply.error?.message).toContain("apt-get install chromium");
  });
});
