import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./support/repo.js";

// The install a user gets from the tarball route (README): `pnpm run pack:all`, then
// `npm install -g dist/packages/*.tgz` into a fresh prefix, then the commands run from outside the
// repository with nothing of it on the module path. Packed once and installed once for every check
// here; npm fetches the third-party dependencies from its cache or the registry (--prefer-offline),
// the websift packages only from the tarballs. Nothing run afterwards needs the network.

// Generous: on a loaded 2-core CI machine packing and installing every package took over 4 minutes.
const INSTALL_TIMEOUT_MS = 600_000;

const LAYER_BINS: Array<[string, RegExp]> = [
  ["websift-contracts", /^Usage: websift-contracts/],
  ["websift-extract", /^Usage: websift-extract/],
  ["websift-fetch", /^Usage: websift-fetch <url>/],
  ["websift-format", /^Usage: websift-format/],
  ["websift-search", /^Usage: websift-search <query>/],
  ["websift-store", /^Usage: websift-store/],
];

let work: string;
let prefix: string;
let tarballs: string[];
let env: NodeJS.ProcessEnv;

function run(bin: string, args: string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(bin, args, { cwd: work, env, encoding: "utf8", input, timeout: 60_000 });
}

/** Like run, but without blocking this process's event loop (a server in this process must answer). */
function runAsync(bin: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "websift-install-"));
  prefix = join(work, "prefix");
  const home = join(work, "home");
  mkdirSync(home);

  const pack = spawnSync(process.execPath, [join(repoRoot, "scripts", "pack-all.mjs"), "--out", join(work, "packages")], { cwd: repoRoot, encoding: "utf8", timeout: 300_000 });
  expect(pack.status, `pack-all: ${pack.stderr}${pack.error?.message ?? ""}`).toBe(0);
  tarballs = pack.stdout.trim().split("\n");

  // npm keeps the user's own cache (HOME stays as it is for npm); the prefix is new and empty.
  const install = spawnSync(
    "npm",
    ["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs],
    { cwd: work, encoding: "utf8", timeout: INSTALL_TIMEOUT_MS - 30_000 },
  );
  expect(install.status, `npm install: ${install.stderr}${install.error?.message ?? ""}`).toBe(0);

  // What the installed commands see: a fresh HOME and websift directories, no websift settings from
  // the caller's environment, and the prefix's bin first on PATH (beside this node).
  env = {
    PATH: [join(prefix, "bin"), dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(delimiter),
    HOME: home,
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_CONFIG_HOME: join(home, ".config"),
    WEBSIFT_CONFIG_DIR: join(work, "config"),
    WEBSIFT_STATE_DIR: join(work, "state"),
    WEBSIFT_CACHE_DIR: join(work, "cache"),
    WEBSIFT_STORE_DIR: join(work, "store"),
  };
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("pnpm run pack:all", () => {
  it("packs websift and every @websift layer, with versions for workspace:* and no source maps", () => {
    expect(tarballs.map((path) => path.slice(path.lastIndexOf("/") + 1)).sort()).toEqual([
      "websift-0.1.0.tgz",
      "websift-agent-io-0.1.0.tgz",
      "websift-contracts-0.1.0.tgz",
      "websift-extract-0.1.0.tgz",
      "websift-fetch-0.1.0.tgz",
      "websift-format-0.1.0.tgz",
      "websift-search-0.1.0.tgz",
      "websift-store-0.1.0.tgz",
    ]);
    const installed = join(prefix, "lib", "node_modules");
    for (const name of ["websift", "@websift/agent-io", "@websift/contracts", "@websift/extract", "@websift/fetch", "@websift/format", "@websift/search", "@websift/store"]) {
      const manifest = readFileSync(join(installed, name, "package.json"), "utf8");
      expect(manifest, name).not.toContain("workspace:");
      expect(JSON.parse(manifest).engines, name).toEqual({ node: ">=20.19" });
    }
    // The package's own files (npm nests a global package's dependencies in its node_modules/).
    const files = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => !file.startsWith("node_modules"));
    expect(files(join(installed, "@websift", "agent-io")).filter((file) => file.endsWith(".map") || file.includes("test"))).toEqual([]);
    expect(files(join(installed, "@websift", "search", "policy")).sort()).toEqual(["angle-templates.yaml", "default-policy.yaml"]);
  });
});

describe("npm install -g of the tarballs", () => {
  it("websift --version and --help", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "packages", "websift", "package.json"), "utf8")) as { version: string };
    const versionRun = run("websift", ["--version"]);
    expect(versionRun.stdout).toBe(`websift ${version}\n`);
    expect(versionRun.status).toBe(0);
    const help = run("websift", ["--help"]);
    expect(help.stdout).toMatch(/^Usage: websift <command>/);
    expect(help.status).toBe(0);
  });

  it.each(LAYER_BINS)("%s --help, linked and through the websift package's own bin", (bin, usage) => {
    for (const command of [bin, join(prefix, "lib", "node_modules", "websift", "bin", `${bin}.js`)]) {
      const result = run(command, ["--help"]);
      expect(result.stderr, command).toBe("");
      expect(result.stdout, command).toMatch(usage);
      expect(result.status, command).toBe(0);
    }
  });

  it("ships the patched Readability, linkedom and turndown (patches/), not the published ones", () => {
    // Every file a patch touches is byte for byte the repository's patched install, in each package that uses it.
    const patchedFiles = (patch: string): string[] => Array.from(readFileSync(join(repoRoot, "patches", patch), "utf8").matchAll(/^diff --git a\/(\S+) /gm), (match) => match[1]!);
    const cases: Array<[string, string, string]> = [
      ["@websift/extract", "@mozilla/readability", "@mozilla__readability@0.6.0.patch"],
      ["@websift/extract", "linkedom", "linkedom@0.18.15.patch"],
      ["@websift/extract", "turndown", "turndown@7.2.5.patch"],
      ["@websift/search", "linkedom", "linkedom@0.18.15.patch"],
    ];
    for (const [user, dependency, patch] of cases) {
      const files = patchedFiles(patch);
      expect(files.length, patch).toBeGreaterThan(0);
      const repoCopy = join(repoRoot, "packages", user.slice("@websift/".length), "node_modules", dependency);
      const installedCopy = join(prefix, "lib", "node_modules", user, "node_modules", dependency);
      for (const file of files) expect(readFileSync(join(installedCopy, file), "utf8"), `${user} -> ${dependency}/${file}`).toBe(readFileSync(join(repoCopy, file), "utf8"));
    }
  });

  it("websift-extract gives the same Envelope data installed as in the repository (patched escaping)", () => {
    // A numbered heading in bold: turndown's patch hands the escaping the text node, which then sees the "1." is
    // not at the start of a line; the published turndown writes "**1\\. High-Protein".
    const html = [
      "<html><head><title>Food trends</title></head><body><article><h1>Food trends for the year</h1>",
      `<p>${"Dietitians expect balanced plates and seasonal produce to shape what people cook at home this year. ".repeat(4)}</p>`,
      "<h4><strong>1. High-Protein, Balanced Meals Are Here to Stay</strong></h4>",
      `<p>${"Protein at every meal keeps people full, and pairing it with fibre steadies energy through the day. ".repeat(4)}</p>`,
      `<p>${"Plant-forward dishes get a seasonal twist as growers bring more varieties of beans and greens to market. ".repeat(4)}</p>`,
      "</article></body></html>",
    ].join("");
    const input = `${JSON.stringify({ url: "https://example.com/food-trends", html })}\n`;
    const installed = run("websift-extract", ["--jsonl", "--format", "markdown"], input);
    const repository = spawnSync(process.execPath, [join(repoRoot, "packages", "extract", "bin", "websift-extract.js"), "--jsonl", "--format", "markdown"], { encoding: "utf8", input, timeout: 60_000 });
    expect(installed.status, installed.stderr).toBe(0);
    expect(repository.status, repository.stderr).toBe(0);
    const installedData = JSON.parse(installed.stdout).data;
    expect(installedData).toEqual(JSON.parse(repository.stdout).data);
    expect(installedData.content_markdown).toContain("#### **1. High-Protein, Balanced Meals Are Here to Stay**");
  });

  it("websift-search --backends --json lists the engines from the packaged policy", () => {
    const result = run("websift-search", ["--backends", "--json"]);
    expect(result.status).toBe(0);
    const envelope = JSON.parse(result.stdout);
    expect(envelope).toMatchObject({ ok: true, contract: "search" });
    expect(envelope.data.backends.map((backend: { name: string }) => backend.name)).toEqual(expect.arrayContaining(["searxng", "duckduckgo", "wikipedia"]));
  });

  it("websift fetch reads a loopback page through every installed layer (fetch, extract worker, format, store)", async () => {
    const page = "<html><head><title>Retry-After explained</title></head><body><article><h1>Retry-After</h1><p>A server that answers 429 Too Many Requests may send a Retry-After header saying how many seconds to wait before the next request; clients honour it and back off.</p></article></body></html>";
    const server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/retry-after`;
      const result = await runAsync("websift", ["fetch", url, "--allow-private-hosts", "--json"]);
      expect(result.status, result.stderr).toBe(0);
      const envelope = JSON.parse(result.stdout);
      expect(envelope).toMatchObject({ ok: true, data: { url, source: "network" } });
      expect(envelope.data.content).toContain("Retry-After header");
      const opened = await runAsync("websift", ["open", envelope.data.handle, "--json"]);
      expect(JSON.parse(opened.stdout)).toMatchObject({ ok: true, data: { handle: envelope.data.handle, source: "cache" } });
    } finally {
      server.close();
    }
  }, 60_000);

  it("websift mcp answers initialize and tools/list over stdio, with only protocol on stdout", async () => {
    const child = spawn("websift", ["mcp"], { cwd: work, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const waiters: Array<{ id: number; resolve: (message: any) => void }> = [];
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      for (const line of chunk.split("\n")) {
        if (line.trim() === "") continue;
        const message = JSON.parse(line);
        waiters.find((waiter) => waiter.id === message.id)?.resolve(message);
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const request = (id: number, method: string, params: object): Promise<any> => {
      const reply = new Promise((resolve) => waiters.push({ id, resolve }));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return reply;
    };

    const initialized = await request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "install-test", version: "0" } });
    expect(initialized.result.serverInfo.name).toBe("websift");
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    const listed = await request(2, "tools/list", {});
    const names = listed.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["web_search", "web_fetch", "web_open", "web_contents", "web_find_similar"]));

    child.stdin.end();
    expect(await exited).toBe(0);
    for (const line of stdout.split("\n").filter((text) => text.trim() !== "")) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    expect(stderr).toContain("websift mcp: ready on stdio");
  }, 60_000);
});
