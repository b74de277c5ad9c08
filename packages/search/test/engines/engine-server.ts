// A real HTTP server on 127.0.0.1 that plays one engine, and an EngineContext wired to the real fetch layer.
import { mkdtemp, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchUrl } from "@websift/fetch";
import type { EngineContext, EngineSettings } from "../../src/engines/port.js";

interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface EngineServer {
  origin: string;
  requests: RecordedRequest[];
  /** The reply for the next requests. */
  reply: Reply;
  close(): Promise<void>;
}

const FIXTURES = new URL("../fixtures/engines/", import.meta.url);

export function fixture(name: string): Promise<string> {
  return readFile(new URL(name, FIXTURES), "utf8");
}

export async function json(name: string, status = 200, headers: Record<string, string> = {}): Promise<Reply> {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...headers }, body: await fixture(name) };
}

export async function html(name: string, status = 200, headers: Record<string, string> = {}): Promise<Reply> {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...headers }, body: await fixture(name) };
}

export async function startEngineServer(): Promise<EngineServer> {
  const requests: RecordedRequest[] = [];
  const state: { reply: Reply } = { reply: { status: 500, body: "no reply set" } };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      requests.push({ method: request.method ?? "", path: request.url ?? "", query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const { status, headers = {}, body = "" } = state.reply;
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    get reply() {
      return state.reply;
    },
    set reply(value: Reply) {
      state.reply = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function stateDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "websift-engine-test-"));
}

export async function contextFor(
  server: EngineServer,
  options: { query?: string; limit?: number; timeRange?: EngineContext["timeRange"]; language?: string; settings?: Partial<EngineSettings>; stateDir?: string } = {},
): Promise<EngineContext> {
  const settings: EngineSettings = {
    base_url: server.origin,
    api_key: undefined,
    key_problem: undefined,
    enabled: true,
    timeout_ms: 5_000,
    daily_budget: undefined,
    ...options.settings,
  };
  return {
    query: options.query ?? "typescript generics",
    limit: options.limit ?? 10,
    timeRange: options.timeRange,
    language: options.language,
    settings,
    fetch: (request) => fetchUrl(request),
    stateDir: options.stateDir ?? (await stateDir()),
  };
}
