import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface PactWeb {
  base: string;
  close(): Promise<void>;
}

const PACT_ARTICLE_HTML = `<!doctype html><html lang="en"><head><title>Backoff with jitter</title></head><body>
<nav><a href="/">Home</a></nav><article><h1>Backoff with jitter</h1>
${Array.from({ length: 12 }, (_, i) => `<h2>Step ${i + 1}</h2><p>Step ${i + 1}: wait a random delay between zero and the current backoff ceiling, then double the ceiling up to a cap.</p>`).join("\n")}
</article></body></html>`;

/** One article page and a SearXNG-compatible /search listing it: the world of the pact flows. */
export async function startPactWeb(): Promise<PactWeb> {
  let base = "";
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/article" || url.pathname === "/article/print") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PACT_ARTICLE_HTML);
    } else if (url.pathname === "/search") {
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ query: url.searchParams.get("q"), results: [
            { url: `${base}/article`, title: "Backoff with jitter", content: "jitter", engines: ["google"] },
            { url: `${base}/article/print`, title: "Backoff with jitter (print)", content: "jitter", engines: ["bing"] },
          ], answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] }),
      );
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
