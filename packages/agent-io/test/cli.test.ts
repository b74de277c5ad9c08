import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgentIo, PACKAGE_DIR, startFakeSearxng, startPageServer, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

let scratch: string;
let searxng: LocalServer;
let baseEnv: Record<string, string>;

function websift(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [WEBSIFT_BIN, ...args], { cwd: PACKAGE_DIR, env: { ...baseEnv, ...env }, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same, without blocking this process: for runs that call servers the test itself serves. */
function websiftAsync(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WEBSIFT_BIN, ...args], { cwd: PACKAGE_DIR, env: { ...baseEnv, ...env }, stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("close", (status) => resolve({ status, stdout }));
  });
}

beforeAll(async () => {
  buildAgentIo();
  scratch = mkdtempSync(join(tmpdir(), "websift-cli-"));
  searxng = await startFakeSearxng(() => [{ url: "https://example.org/a", title: "A", content: "About A.", engines: ["bing"] }]);
  baseEnv = {
    PATH: process.env["PATH"] ?? "",
    HOME: scratch,
    WEBSIFT_CONFIG_DIR: join(scratch, "config"),
    WEBSIFT_STATE_DIR: join(scratch, "state"),
    WEBSIFT_CACHE_DIR: join(scratch, "cache"),
    WEBSIFT_STORE_DIR: join(scratch, "store"),
  };
});

afterAll(async () => {
  await searxng?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("websift help", () => {
  it("--version prints the package version", () => {
    const run = websift(["--version"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^websift \d+\.\d+\.\d+\n$/);
  });

  it("each command's --help is its own: its flags and an example, not the global list", () => {
    const own: Record<string, string[]> = {
      search: ["websift search <query>", "--tier", "--explain", "Example:"],
      fetch: ["websift fetch <url>", "--page-size-tokens", "--render MODE"],
      open: ["websift open <handle>", "--page N"],
      contents: ["websift contents <url...>"],
      similar: ["websift similar <url|handle>", "--limit N"],
      engines: ["websift engines"],
      config: ["websift config"],
      doctor: ["websift doctor"],
      mcp: ["websift mcp", "--http", "--tools LIST"],
      serve: ["websift serve", "--token-file", "--shutdown-grace"],
    };
    for (const [command, words] of Object.entries(own)) {
      const run = websift([command, "--help"]);
      expect(run.status, command).toBe(0);
      for (const word of words) expect(run.stdout, `${command}: ${word}`).toContain(word);
      // Not the global help: no list of commands.
      expect(run.stdout, command).not.toContain("Commands:");
      expect(run.stdout, command).toContain("--redis-url");
    }
    expect(websift(["help", "search"]).stdout).toBe(websift(["search", "--help"]).stdout);
    expect(websift(["--help"]).stdout).toContain("Commands:");
  });
});

describe("websift config", () => {
  it("shows a variable's value and that it came from the environment; a flag wins over it", () => {
    const fromEnv = JSON.parse(websift(["config", "--json"], { WEBSIFT_SEARXNG_URL: "http://127.0.0.1:8888" }).stdout) as { settings: Array<{ name: string; value: unknown; source: string; variable?: string }> };
    expect(fromEnv.settings.find((setting) => setting.name === "searxng_url")).toMatchObject({ value: "http://127.0.0.1:8888", source: "env", variable: "WEBSIFT_SEARXNG_URL" });
    expect(fromEnv.settings.find((setting) => setting.name === "store_dir")).toMatchObject({ value: join(scratch, "store"), source: "env" });
    expect(fromEnv.settings.find((setting) => setting.name === "redis_url")).toMatchObject({ value: null, source: "default" });

    const flagged = JSON.parse(websift(["config", "--json", "--searxng-url", "http://127.0.0.1:9999", "--redis-url", "redis://user:secret@127.0.0.1:6390/0"], { WEBSIFT_SEARXNG_URL: "http://127.0.0.1:8888" }).stdout) as {
      settings: Array<{ name: string; value: unknown; source: string }>;
    };
    expect(flagged.settings.find((setting) => setting.name === "searxng_url")).toMatchObject({ value: "http://127.0.0.1:9999", source: "flag" });
    // A password never appears.
    expect(flagged.settings.find((setting) => setting.name === "redis_url")).toMatchObject({ value: "redis://user:***@127.0.0.1:6390/0", source: "flag" });
  });

  it("reads the config file as the layers do, and says so", () => {
    const configDir = join(scratch, "with-file");
    rmSync(configDir, { recursive: true, force: true });
    spawnSync("mkdir", ["-p", configDir]);
    writeFileSync(join(configDir, "config.yaml"), "searxng_url: http://searx.internal:8080\ndefault_engines: [searxng, wikipedia]\n");
    const run = websift(["config"], { WEBSIFT_CONFIG_DIR: configDir });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/searxng_url\s+http:\/\/searx\.internal:8080\s+\[file\]/);
    expect(run.stdout).toMatch(/engines\s+searxng,wikipedia\s+\[file\]/);
    expect(run.stdout).toMatch(/config_dir\s+.*with-file\s+\[env WEBSIFT_CONFIG_DIR\]/);
  });
});

describe("allowed_private_hosts in the config file", () => {
  it("lets the operator allow one private host:port from the file, and nothing else", async () => {
    const pages = await startPageServer();
    const other = await startPageServer();
    try {
      const configDir = join(scratch, "allow-file");
      spawnSync("mkdir", ["-p", configDir]);
      const allowed = new URL(pages.base).host;
      writeFileSync(join(configDir, "config.yaml"), `allowed_private_hosts: ["${allowed}"]\n`);
      const env = { WEBSIFT_CONFIG_DIR: configDir };
      const read = JSON.parse((await websiftAsync(["fetch", `${pages.base}/article`, "--json"], env)).stdout) as { ok: boolean };
      expect(read.ok).toBe(true);
      const refused = JSON.parse((await websiftAsync(["fetch", `${other.base}/article`, "--json"], env)).stdout) as { ok: boolean; error: { code: string } };
      expect(refused).toMatchObject({ ok: false, error: { code: "refused" } });
      expect(other.hits).toEqual([]);
      const shown = JSON.parse(websift(["config", "--json"], env).stdout) as { settings: Array<{ name: string; value: unknown; source: string }> };
      expect(shown.settings.find((setting) => setting.name === "allowed_private_hosts")).toMatchObject({ value: [allowed], source: "file" });
    } finally {
      await pages.close();
      await other.close();
    }
  });
});

describe("websift doctor", () => {
  it("passes SearXNG that answers JSON and says what to fix when JSON is off or it is down", async () => {
    const good = JSON.parse((await websiftAsync(["doctor", "--json"], { WEBSIFT_SEARXNG_URL: searxng.base })).stdout) as { checks: Array<{ name: string; status: string; fix?: string; detail: string }> };
    expect(good.checks.find((check) => check.name === "searxng")).toMatchObject({ status: "ok" });
    expect(good.checks.find((check) => check.name === "store_dir")).toMatchObject({ status: "ok" });
    // The fake answers 403 to anything but /search?format=json: a SearXNG base URL with a path prefix it does not serve.
    const off = await websiftAsync(["doctor", "--json"], { WEBSIFT_SEARXNG_URL: `${searxng.base}/nojson/` });
    expect(off.status).toBe(1);
    const offCheck = (JSON.parse(off.stdout) as { checks: Array<{ name: string; status: string; fix?: string }> }).checks.find((check) => check.name === "searxng");
    expect(offCheck).toMatchObject({ status: "fail" });
    expect(offCheck!.fix).toMatch(/search\.formats/);
    const down = websift(["doctor"], { WEBSIFT_SEARXNG_URL: "http://127.0.0.1:1" });
    expect(down.status).toBe(1);
    expect(down.stdout).toMatch(/\[FAIL\] searxng: .* could not be reached/);
    expect(down.stdout).toMatch(/fix: Start SearXNG/);
  });

  it("names a missing browser and how to install it", () => {
    const run = JSON.parse(websift(["doctor", "--json"], { WEBSIFT_CHROMIUM_PATH: join(scratch, "no-such-chromium") }).stdout) as { checks: Array<{ name: string; status: string; fix?: string }> };
    const browser = run.checks.find((check) => check.name === "browser")!;
    expect(browser.status).toBe("warn");
    expect(browser.fix).toContain("apt-get install chromium");
  });
});
