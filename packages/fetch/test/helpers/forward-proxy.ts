// A minimal HTTP forward proxy (absolute-form requests only) that records what it was asked to fetch.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ForwardProxy {
  url: string;
  requested: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    requested.push(request.url ?? "");
    const target = new URL(request.url ?? "");
    const upstream = http.request(target, { method: request.method, headers: { ...request.headers, via: "1.1 test-proxy" }, agent: false }, (upstreamResponse) => {
      response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
      upstreamResponse.pipe(response);
    });
    upstream.on("error", () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
