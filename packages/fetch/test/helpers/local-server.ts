// A real HTTP server on 127.0.0.1 and [::1] (same port) that records every request it receives.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type RouteHandler = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => unknown;

export interface LocalServer {
  port: number;
  /** `http://127.0.0.1:PORT` + path */
  url(path: string): string;
  /** Paths (with query) of every request received, in order. */
  hits: string[];
  /** Request headers of every request received, in order. */
  requestHeaders: http.IncomingHttpHeaders[];
  hasIpv6: boolean;
  close(): Promise<void>;
}

export async function startLocalServer(routes: Record<string, RouteHandler>): Promise<LocalServer> {
  const hits: string[] = [];
  const requestHeaders: http.IncomingHttpHeaders[] = [];
  const sockets = new Set<Socket>();
  const handler = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    hits.push(request.url ?? "");
    requestHeaders.push(request.headers);
    const url = new URL(request.url ?? "/", "http://fixture.invalid");
    const route = routes[url.pathname];
    response.on("error", () => undefined);
    if (route === undefined) {
      response.writeHead(404, { "content-type": "text/html" }).end("<html><body><h1>Not found</h1><p>No such fixture page exists on this test server, sorry about that. This text makes the page long enough not to look like a bot block, which real 404 pages usually are not either.</p></body></html>");
      return;
    }
    try {
      await route(request, response, url);
    } catch {
      response.destroy();
    }
  };
  const track = (server: http.Server): void => {
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    });
  };
  const v4 = http.createServer((request, response) => void handler(request, response));
  track(v4);
  await new Promise<void>((resolve) => v4.listen(0, "127.0.0.1", resolve));
  const port = (v4.address() as AddressInfo).port;
  const v6 = http.createServer((request, response) => void handler(request, response));
  track(v6);
  const hasIpv6 = await new Promise<boolean>((resolve) => {
    v6.once("error", () => resolve(false));
    v6.listen(port, "::1", () => resolve(true));
  });
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    requestHeaders,
    hasIpv6,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([v4, ...(hasIpv6 ? [v6] : [])].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
