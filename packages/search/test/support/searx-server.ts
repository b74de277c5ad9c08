import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SearxServer {
  url: string;
  upstreamHits: string[];
  close(): Promise<void>;
}

/** The fake upstream behind searx: `working` answers JSON results, `failing` answers HTTP 500. */
async function startUpstream(hits: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    hits.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/working") {
      const q = url.searchParams.get("q") ?? "";
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          results: [
            { url: "https://docs.example.org/guide?utm_source=searx", title: `Guide to ${q}`, content: "The official guide." },
            { url: "https://forum.example.org/t/question/12", title: `${q} question`, content: "A forum thread." },
            { url: "https://www.bestbuy.com/site/thing", title: "Buy things", content: "Shopping." },
          ],
        }),
      );
      return;
    }
    if (url.pathname === "/failing") {
      response.writeHead(500, { "content-type": "text/plain" }).end("upstream exploded");
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function settingsYaml(port: number, upstreamPort: number): string {
  const engine = (name: string, path: string) => `  - name: ${name}
    engine: json_engine
    shortcut: ${name}
    categories: general
    search_url: http://127.0.0.1:${upstreamPort}/${path}?q={query}
    results_query: results
    url_query: url
    title_query: title
    content_query: content
    enable_http: true
    timeout: 3.0`;
  // searx 1.1.0 needs a complete file (Debian ships none); ban_time_on_fail 0 keeps a failed
  // engine in unresponsive_engines on every query instead of silently skipping it.
  return `general:
  debug: false
  instance_name: "websift-test"
  contact_url: false
  enable_stats: false
search:
  safe_search: 0
  autocomplete: ""
  default_lang: ""
  ban_time_on_fail: 0
  max_ban_time_on_fail: 0
  formats: [html, json]
server:
  port: ${port}
  bind_address: "127.0.0.1"
  secret_key: "${randomBytes(16).toString("hex")}"
  base_url: false
  image_proxy: false
  http_protocol_version: "1.0"
  method: "GET"
ui:
  static_path: "/usr/share/python3-searx/static"
  templates_path: "/usr/share/python3-searx/templates"
  default_theme: oscar
  default_locale: ""
  theme_args:
    oscar_style: logicodev
outgoing:
  request_timeout: 3.0
  max_request_timeout: 10.0
  useragent_suffix: ""
  pool_connections: 10
  pool_maxsize: 10
engines:
${engine("working", "working")}
${engine("failing", "failing")}
locales:
  en: English
doi_resolvers:
  oadoi.org: 'https://oadoi.org/'
default_doi_resolver: 'oadoi.org'
`;
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`searx exited during start-up:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`searx did not answer /healthz within ${timeoutMs} ms:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
}

/** Debian's searx 1.1.0 on loopback, its two engines pointed at a local fake upstream. */
export async function startSearx(): Promise<SearxServer> {
  const searxRun = spawnSync("sh", ["-c", "command -v searx-run"], { encoding: "utf8" }).stdout.trim();
  if (!searxRun || !existsSync(searxRun)) {
    throw new Error("searx-run is not installed: `apt-get install searx` (listed in .ci/debian-packages; .ci/run installs it).");
  }
  const hits: string[] = [];
  const upstream = await startUpstream(hits);
  const dir = mkdtempSync(join(tmpdir(), "websift-searx-"));
  const port = await freePort();
  const settings = join(dir, "settings.yml");
  writeFileSync(settings, settingsYaml(port, upstream.port));
  const logFile = join(dir, "searx.log");
  const log = await import("node:fs").then((fs) => fs.openSync(logFile, "w"));
  const env: NodeJS.ProcessEnv = { PATH: process.env["PATH"], HOME: dir, SEARX_SETTINGS_PATH: settings, SEARX_DEBUG: "0", NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };
  const child = spawn("/usr/bin/python3", [searxRun], { env, stdio: ["ignore", log, log], detached: false });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, logFile, 30_000);
  } catch (error) {
    child.kill("SIGKILL");
    upstream.server.close();
    throw error;
  }
  return {
    url,
    upstreamHits: hits,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 3000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
