import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body: string | object;
}

export interface FakeSearxng {
  url: string;
  /** Every request path+query the server received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A SearXNG-compatible server on 127.0.0.1: `reply(query)` decides each answer. */
export async function startFakeSearxng(reply: (query: string, request: IncomingMessage) => FakeReply): Promise<FakeSearxng> {
  const requests: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (!url.pathname.endsWith("/search")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const answer = reply(url.searchParams.get("q") ?? "", request);
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    const contentType = typeof answer.body === "string" ? "text/html; charset=utf-8" : "application/json";
    response.writeHead(answer.status ?? 200, { "content-type": contentType, ...answer.headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A SearXNG JSON reply (2026 shape: no `number_of_results`). */
export function searxngReply(results: Array<{ url: string; title?: string; content?: string; engines?: string[]; publishedDate?: string }>, extra: Record<string, unknown> = {}): object {
  return {
    query: "q",
    results: results.map((result, index) => ({
      url: result.url,
      title: result.title ?? `Title ${index + 1}`,
      content: result.content ?? `Snippet ${index + 1}`,
      engine: (result.engines ?? ["alpha"])[0],
      engines: result.engines ?? ["alpha"],
      positions: [index + 1],
      score: 1 / (index + 1),
      category: "general",
      ...(result.publishedDate ? { publishedDate: result.publishedDate } : {}),
    })),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
    ...extra,
  };
}
