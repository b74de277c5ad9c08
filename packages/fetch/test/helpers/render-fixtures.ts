// Pages that only exist after JavaScript runs, served by a real loopback server; and a second server that
// stands for a host the operator did not allow, counting every connection and request that reaches it.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { startLocalServer, type LocalServer } from "./local-server.js";

export interface CountingServer {
  port: number;
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

/** Counts at the socket: a TCP connection that never sends a request is counted too. */
export async function startCountingServer(): Promise<CountingServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, requests: [] as string[] };
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? "");
    response.end("forbidden host reached");
  });
  server.on("connection", (socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (request, socket) => {
    state.requests.push(`upgrade ${request.url ?? ""}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() { return state.connections; },
    get requests() { return state.requests; },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  } as CountingServer;
}

const html = (response: http.ServerResponse, body: string): void => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
};

export const ARTICLE_PARAGRAPHS = [
  "The render tier reads pages whose article is written by script after the document loads.",
  "Each request the page makes is checked by the same guard as a plain fetch before it leaves.",
  "Images, media and fonts are not loaded, because reading a page does not need them at all.",
];
export const API_PARAGRAPH = "This closing paragraph arrived later from the page's own API endpoint.";
export const SCRIPT_TITLE = "Rendered by script: the real title";

/** A JS-only shell: empty root, one bundle that writes the article, then fetches its last paragraph. */
const SHELL_PAGE = `<!doctype html><html><head><title>Loading...</title></head><body><div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript><script src="/bundle.js"></script></body></html>`;

const BUNDLE = `
document.title = ${JSON.stringify(SCRIPT_TITLE)};
const root = document.getElementById("root");
const article = document.createElement("article");
article.innerHTML = "<h1>How the render tier reads script pages</h1>" + ${JSON.stringify(ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join(""))};
root.appendChild(article);
setTimeout(() => fetch("/api/last").then((r) => r.json()).then((data) => {
  const p = document.createElement("p"); p.textContent = data.text; article.appendChild(p);
}), 200);
`;

function hostileShell(forbiddenPort: number): string {
  const other = `http://127.0.0.1:${forbiddenPort}`;
  return `<!doctype html><html><head><title>Hostile</title></head><body><div id="app"></div><script>
document.getElementById("app").innerHTML = "<article><h1>A page that reaches out</h1>" + ${JSON.stringify(ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join(""))} + "</article>";
fetch(${JSON.stringify(`${other}/xhr`)}).catch(() => {});
const x = new XMLHttpRequest(); x.open("GET", ${JSON.stringify(`${other}/sync-xhr`)}); x.send();
const img = new Image(); img.src = ${JSON.stringify(`${other}/pixel.png`)}; document.body.appendChild(img);
const frame = document.createElement("iframe"); frame.src = ${JSON.stringify(`${other}/frame`)}; document.body.appendChild(frame);
const redirected = document.createElement("iframe"); redirected.src = "/redirect-out"; document.body.appendChild(redirected);
const dataFrame = document.createElement("iframe"); dataFrame.src = "data:text/html," + encodeURIComponent("<script>fetch(" + JSON.stringify(${JSON.stringify(`${other}/from-data-frame`)}) + ").catch(() => {})<\\/script>"); document.body.appendChild(dataFrame);
const fileFrame = document.createElement("iframe"); fileFrame.src = "file:///etc/passwd"; document.body.appendChild(fileFrame);
try { new WebSocket(${JSON.stringify(`ws://127.0.0.1:${forbiddenPort}/socket`)}); } catch (e) {}
</script></body></html>`;
}

export async function startRenderFixtures(forbiddenPort: number): Promise<LocalServer> {
  return startLocalServer({
    "/app": (_request, response) => html(response, SHELL_PAGE),
    "/bundle.js": (_request, response) => { response.writeHead(200, { "content-type": "text/javascript" }).end(BUNDLE); },
    "/api/last": (_request, response) => { response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: API_PARAGRAPH })); },
    "/hostile": (_request, response) => html(response, hostileShell(forbiddenPort)),
    "/redirect-out": (_request, response) => { response.writeHead(302, { location: `http://127.0.0.1:${forbiddenPort}/via-redirect` }).end(); },
    "/moved": (_request, response) => { response.writeHead(302, { location: "/app" }).end(); },
    "/plain": (_request, response) => html(response, `<!doctype html><html><head><title>Plain page</title></head><body><article><h1>Plain</h1>${ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join("")}</article></body></html>`),
    // Never settles: text keeps growing and a request is always in flight.
    "/restless": (_request, response) => html(response, `<!doctype html><html><head><title>Restless</title></head><body><main id="m"><p>${ARTICLE_PARAGRAPHS[0]}</p></main><script>
setInterval(() => { const p = document.createElement("p"); p.textContent = "more text " + Date.now(); document.getElementById("m").appendChild(p); }, 100);
(function poll() { fetch("/hang").finally(poll); })();
</script></body></html>`),
    "/hang": () => new Promise<void>(() => undefined),
    // Never answers to script at all: the renderer is stuck in a loop.
    "/spin": (_request, response) => html(response, `<!doctype html><html><head><title>Spin</title></head><body><p>${ARTICLE_PARAGRAPHS[0]}</p><script>for (;;) {}</script></body></html>`),
  });
}
