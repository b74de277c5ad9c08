// Held-out-style pages for the render tier, on loopback: a JS-only article whose last paragraph comes from
// its own API, a page whose scripts reach for a host the operator did not allow, and a plain page. The
// "other host" is a real listener that counts every connection and request reaching it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export const PARAGRAPHS = [
  "Paragraph one of the rendered article explains why some pages only exist after their scripts have run.",
  "Paragraph two says every request the page makes is checked by the same guard as an ordinary fetch.",
  "Paragraph three notes that images, media and fonts are skipped because reading needs none of them.",
  "Paragraph four describes how the renderer waits for the network to go quiet, under a hard time cap.",
];
export const API_TEXT = "The final paragraph was delivered afterwards by the page's own JSON API endpoint.";
export const SCRIPT_TITLE = "Title set by the page script";

export interface CountingListener {
  base: string;
  port: number;
  hits: string[];
  connections(): number;
  close(): Promise<void>;
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<CountingListener> {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((request, response) => {
    hits.push(request.url ?? "/");
    handle(request, response);
  });
  server.on("connection", (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`, port, hits, connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

export function startOtherHost(): Promise<CountingListener> {
  return listen((_request, response) => response.end("should never be reached"));
}

const html = (response: ServerResponse, body: string): void => void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);

export function startRenderSite(otherPort: number): Promise<CountingListener> {
  const other = `http://127.0.0.1:${otherPort}`;
  const article = `<h1>Pages that need a browser</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join("")}`;
  return listen((request, response) => {
    switch (request.url) {
      case "/app":
        return html(response, `<!doctype html><html><head><title>Loading</title></head><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/static/app.js"></script></body></html>`);
      case "/static/app.js":
        response.writeHead(200, { "content-type": "text/javascript" }).end(`
document.title = ${JSON.stringify(SCRIPT_TITLE)};
const main = document.createElement("article");
main.innerHTML = ${JSON.stringify(article)};
document.getElementById("root").appendChild(main);
setTimeout(() => fetch("/api/closing").then((r) => r.json()).then((d) => { const p = document.createElement("p"); p.textContent = d.text; main.appendChild(p); }), 150);`);
        return;
      case "/api/closing":
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: API_TEXT }));
        return;
      case "/reaching":
        return html(response, `<!doctype html><html><head><title>Reaching out</title></head><body><div id="app"></div><script src="/static/reach.js"></script></body></html>`);
      case "/static/reach.js":
        response.writeHead(200, { "content-type": "text/javascript" }).end(`
document.title = "A page that reaches out";
document.getElementById("app").innerHTML = ${JSON.stringify(`<article>${article}</article>`)};
const x = new XMLHttpRequest(); x.open("GET", ${JSON.stringify(`${other}/xhr`)}); x.send();
const img = document.createElement("img"); img.src = ${JSON.stringify(`${other}/tracker.gif`)}; document.body.appendChild(img);
const frame = document.createElement("iframe"); frame.src = ${JSON.stringify(`${other}/embed`)}; document.body.appendChild(frame);`);
        return;
      // A shop-style shell: the HTML as served holds only the site footer; the script writes the article.
      case "/footer-shell":
        return html(response, `<!doctype html><html><head><title>Item</title><script src="/static/footer-shell.js" defer></script></head><body><div id="root"><footer class="site-footer"><h5>Multi-Language Sites</h5><p>${["Russian", "Portuguese", "Spanish", "French", "German", "Italian", "Dutch", "Turkish", "Japanese", "Korean"].map((l) => `<a href="/${l}">${l}</a>`).join(", ")}</p><p>${["Marketplace", "Payments", "Cloud", "Travel", "Logistics"].map((s) => `<a href="/${s}">${s} Website</a>`).join(", ")}</p><p>Intellectual Property Protection - Privacy Policy - Sitemap - Terms of Use - Information for EU consumers</p></footer></div></body></html>`);
      case "/static/footer-shell.js":
        response.writeHead(200, { "content-type": "text/javascript" }).end(`
const main = document.createElement("article");
main.innerHTML = ${JSON.stringify(article)};
document.getElementById("root").prepend(main);`);
        return;
      case "/plain":
        return html(response, `<!doctype html><html><head><title>A plain page</title></head><body><article>${article}</article></body></html>`);
      default:
        response.writeHead(404).end();
    }
  });
}
