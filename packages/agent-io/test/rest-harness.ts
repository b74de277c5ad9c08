// Shared by the rest*.test.ts files: the built `websift serve` on a random loopback port, raw HTTP
// requests (any Host, method or body, which fetch() would not send), and a SearXNG fixture that
// holds its replies until released, for slow-request tests.
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, createServer as createHttpServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { PACKAGE_DIR, WEBSIFT_BIN, type LocalServer } from "./support/local-web.js";

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (if still running) and wait for the exit. */
  stop(): Promise<number | null>;
}

/** Spawn the built CLI with `serve` and the given arguments; resolves once it prints "listening on". */
export async function startServe(args: readonly string[], env: Record<string, string | undefined>): Promise<ServeProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [WEBSIFT_BIN, "serve", "--port", String(port), ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, WEBSIFT_API_TOKEN: undefined, WEBSIFT_API_TOKEN_FILE: undefined, WEBSIFT_ALLOWED_HOSTS: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (stderr.includes("listening on")) {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve();
      }
    }, 20);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`websift serve did not start: ${stderr}`));
    }, 20_000);
    void exited.then((code) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      reject(new Error(`websift serve exited with ${code}: ${stderr}`));
    });
  });
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Run `websift serve` expecting it to refuse to start: its exit code, stderr and how long it took. */
export async function serveRefusal(args: readonly string[], env: Record<string, string | undefined>, timeoutMs = 15_000): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [WEBSIFT_BIN, "serve", ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, WEBSIFT_API_TOKEN: undefined, WEBSIFT_API_TOKEN_FILE: undefined, WEBSIFT_ALLOWED_HOSTS: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stderr, ms: Date.now() - started };
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON, or undefined when it is empty or not JSON. */
  json: { ok?: boolean; contract?: string; error?: { code: string; message: string; retryable?: boolean; details?: Record<string, unknown> } | null; data?: unknown } | undefined;
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** A body sent whole (with content-length), or a list of chunks sent with chunked encoding. */
  body?: string | Buffer | readonly Buffer[];
  /** Replace the Host header (default 127.0.0.1:PORT). */
  host?: string;
}

/** One HTTP/1.1 request with full control of its headers; a reset connection resolves as status 0. */
export function rawRequest(port: number, options: RawRequest = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: options.host ?? `127.0.0.1:${port}`, ...options.headers };
    const request = httpRequest({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path ?? "/", headers, setHost: false, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: RawReply["json"];
        try {
          json = text ? (JSON.parse(text) as RawReply["json"]) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
      response.on("error", reject);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve({ status: 0, headers: {}, text: error.code, json: undefined });
      else reject(error);
    });
    const body = options.body;
    if (body === undefined) request.end();
    else if (typeof body === "string" || Buffer.isBuffer(body)) request.end(body);
    else {
      for (const chunk of body) request.write(chunk);
      request.end();
    }
  });
}

export interface HoldingSearxng extends LocalServer {
  /** Searches received and not yet answered. */
  readonly held: number;
  /** Answer every held search (and every later one at once). */
  releaseAll(): void;
  /** Wait until `count` searches have arrived in all. */
  waitForHits(count: number, timeoutMs?: number): Promise<void>;
}

/** A SearXNG fixture that holds each search until released: a request through it is "in flight" as long as the test wants. */
export async function startHoldingSearxng(): Promise<HoldingSearxng> {
  const hits: string[] = [];
  const waiting: ServerResponse[] = [];
  let released = false;
  const answer = (response: ServerResponse) => {
    const body = { query: "q", results: [{ url: "https://example.com/a", title: "A", content: "a", engines: ["duckduckgo"] }], answers: [], suggestions: [], corrections: [], infoboxes: [], unresponsive_engines: [] };
    if (!response.destroyed) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const server = createHttpServer((request, response) => {
    hits.push(request.url ?? "/");
    if (released) answer(response);
    else waiting.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    get held() {
      return waiting.length;
    },
    releaseAll() {
      released = true;
      for (const response of waiting.splice(0)) answer(response);
    },
    async waitForHits(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (hits.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} searches at the fixture, saw ${hits.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        released = true;
        for (const response of waiting.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every CORS grant a reply could carry; a websift reply carries none. */
export function corsHeadersOf(headers: IncomingHttpHeaders): string[] {
  return Object.keys(headers).filter((name) => name.toLowerCase().startsWith("access-control-"));
}
