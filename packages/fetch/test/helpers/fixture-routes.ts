// Routes of the fixture and fault-injecting servers: normal pages, each vendor's challenge page, charset traps,
// binary content, compression, and faults (slow drip, reset mid-body, huge body, gzip bomb, loops, 429).
import { once } from "node:events";
import type http from "node:http";
import zlib from "node:zlib";
import type { RouteHandler } from "./local-server.js";

const HELLO_HTML = "<!doctype html><html><head><title>Hello</title></head><body><p>Hello from the fixture server.</p></body></html>";

function html(response: http.ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
}

const PADDING = "<p>" + "Ordinary article text about nothing in particular. ".repeat(120) + "</p>";

export const CHALLENGE_PAGES: Record<string, { status: number; headers: Record<string, string>; body: string; reason: string }> = {
  cloudflare: {
    status: 403, reason: "cloudflare_challenge",
    headers: { "cf-mitigated": "challenge", server: "cloudflare", "cf-ray": "8a1b2c3d4e5f-AMS" },
    body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><script>(function(){window._cf_chl_opt={cvId: '3',cZone: 'example.com'};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8a1b2c3d4e5f';document.getElementsByTagName('head')[0].appendChild(a);}());</script>${PADDING}</body></html>`,
  },
  cloudflare_body_only: {
    status: 503, reason: "cloudflare_challenge",
    headers: { server: "cloudflare" },
    body: `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="challenge-body-text">Checking your browser</div><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>${PADDING}</body></html>`,
  },
  cloudflare_firewall: {
    status: 403, reason: "cloudflare_firewall",
    headers: { server: "cloudflare", "cf-ray": "8a1b2c3d4e5f-FRA" },
    body: `<!DOCTYPE html><html><head><title>Access denied | example.com used Cloudflare to restrict access</title></head><body><h1>Error 1020</h1><p>Access denied</p><p>The site owner may have set restrictions that prevent you from accessing the site.</p>${PADDING}</body></html>`,
  },
  datadome: {
    status: 403, reason: "datadome",
    headers: { "x-datadome": "protected", "set-cookie": "datadome=abc123; Path=/" },
    body: `<html><head><title>example.com</title></head><body><script>var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'2013457ADA70C67D6A4123E0A76873','host':'geo.captcha-delivery.com'}</script><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`,
  },
  perimeterx: {
    status: 403, reason: "perimeterx",
    headers: {},
    body: `<html><head><title>Access to this page has been denied.</title></head><body><div id="px-captcha"></div><script>window._pxAppId = 'PXabc123';</script><script src="//client.perimeterx.net/PXabc123/main.min.js"></script><p>Press &amp; Hold to confirm you are a human (and not a bot).</p></body></html>`,
  },
  akamai: {
    status: 403, reason: "akamai",
    headers: { server: "AkamaiGHost" },
    body: `<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access "http://www.example.com/" on this server.<P>Reference #18.2f7b3e17.1700000000.5e0f2b1</P><P>https://errors.edgesuite.net/18.2f7b3e17.1700000000.5e0f2b1</P></BODY></HTML>`,
  },
  imperva: {
    status: 200, reason: "imperva",
    headers: { "x-cdn": "Imperva", "x-iinfo": "10-12345678-0 0NNN RT(1700000000000 0) q(0 -1 -1 -1) r(0 -1)" },
    body: `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"></head><body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=9&xinfo=10-12345678-0&incident_id=123-456&edet=12" frameborder=0 width="100%" height="100%">Request unsuccessful. Incapsula incident ID: 123-456</iframe></body></html>`,
  },
  ddos_guard: {
    status: 403, reason: "ddos_guard",
    headers: { server: "ddos-guard" },
    body: `<!DOCTYPE html><html><head><title>DDoS-Guard</title></head><body><script src="https://check.ddos-guard.net/check.js"></script></body></html>`,
  },
};

function challengeRoutes(): Record<string, RouteHandler> {
  const routes: Record<string, RouteHandler> = {};
  for (const [name, page] of Object.entries(CHALLENGE_PAGES)) {
    routes[`/challenge/${name}`] = (_request, response) => html(response, page.status, page.body, page.headers);
  }
  return routes;
}

// Encodings produced with TextDecoder's inverse is not available in Node, so the legacy bytes are written out.
const CAFE_WINDOWS_1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80, 0x35]); // "Café – €5"
const NIHONGO_SHIFT_JIS = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]); // "日本語"
const ZHONGWEN_GB2312 = Buffer.from([0xd6, 0xd0, 0xce, 0xc4]); // "中文"

function page(title: string, bodyBytes: Buffer, meta = ""): Buffer {
  return Buffer.concat([Buffer.from(`<!doctype html><html><head>${meta}<title>${title}</title></head><body><p>`), bodyBytes, Buffer.from("</p></body></html>")]);
}

function charsetRoutes(): Record<string, RouteHandler> {
  return {
    // Header claims UTF-8, bytes are windows-1252, and the meta tag tells the truth.
    "/charset/lying-header": (_q, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(page("cp1252", CAFE_WINDOWS_1252, '<meta charset="windows-1252">')),
    // No declaration at all, invalid UTF-8: the web's default legacy encoding.
    "/charset/undeclared-cp1252": (_q, response) => response.writeHead(200, { "content-type": "text/html" }).end(page("cp1252", CAFE_WINDOWS_1252)),
    "/charset/shift-jis-meta": (_q, response) => response.writeHead(200, { "content-type": "text/html" })
      .end(page("sjis", NIHONGO_SHIFT_JIS, '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">')),
    "/charset/gb2312-header": (_q, response) => response.writeHead(200, { "content-type": "text/html; charset=GB2312" }).end(page("gb", ZHONGWEN_GB2312)),
    // Header claims ISO-8859-1 (a common server default) but the bytes are UTF-8.
    "/charset/latin1-header-utf8-bytes": (_q, response) => response.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
      .end(page("utf8", Buffer.from("Café – €5 ✓", "utf8"))),
    "/charset/bom-wins": (_q, response) => response.writeHead(200, { "content-type": "text/html; charset=windows-1252" })
      .end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), page("bom", Buffer.from("naïve ✓", "utf8"))])),
    "/charset/unknown-label": (_q, response) => response.writeHead(200, { "content-type": "text/html; charset=utf8mb4-nonsense" })
      .end(page("x", Buffer.from("Grüße", "utf8"))),
  };
}

// 1x1 transparent PNG.
const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

let gzipBomb: Buffer | undefined;
/** 64 MB of zeros (over the default 50 MB decompressed cap) compressed to ~64 KB. */
function gzipBombBytes(): Buffer {
  if (gzipBomb === undefined) {
    gzipBomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 6 });
  }
  return gzipBomb;
}

async function writeWithBackpressure(response: http.ServerResponse, chunk: Buffer, total: number): Promise<void> {
  let sent = 0;
  const closed = once(response, "close");
  while (sent < total && !response.destroyed) {
    if (!response.write(chunk)) {
      const drained = new Promise<void>((resolve) => {
        response.once("drain", resolve);
        void closed.then(() => { response.off("drain", resolve); resolve(); });
      });
      await drained;
    }
    sent += chunk.length;
  }
  if (!response.destroyed) response.end();
}

function counterBumper(counters: Map<string, number>): (key: string) => number {
  return (key) => {
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    return next;
  };
}

function faultRoutes(counters: Map<string, number>): Record<string, RouteHandler> {
  const bump = counterBumper(counters);
  return {
    "/slow-drip": (_q, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write("<p>drip</p>")), 100);
      response.on("close", () => clearInterval(timer));
    },
    "/never-answers": () => undefined,
    "/reset-mid-body": (request, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-length": "100000" });
      response.write("<html><body>" + "x".repeat(5000));
      setTimeout(() => request.socket.destroy(), 20);
    },
    "/big": async (_q, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      await writeWithBackpressure(response, Buffer.alloc(64 * 1024, 0x61), 50 * 1024 * 1024);
    },
    "/big-declared": (_q, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-length": String(50 * 1024 * 1024) });
      response.write("<html>");
    },
    "/gzip-bomb": (_q, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(gzipBombBytes());
    },
    // Under the absolute decompressed cap, but at ~1000:1 it is still a bomb.
    "/small-gzip-bomb": (_q, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024)));
    },
    "/brotli-bomb": (_q, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "br" })
        .end(zlib.brotliCompressSync(Buffer.alloc(30 * 1024 * 1024), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }));
    },
    "/flaky-reset": (request, response) => {
      if (bump("/flaky-reset") <= 2) {
        request.socket.destroy();
        return;
      }
      html(response, 200, HELLO_HTML);
    },
    "/429-then-ok": (_q, response) => {
      if (bump("/429-then-ok") === 1) {
        response.writeHead(429, { "content-type": "text/plain", "retry-after": "1" }).end("slow down");
        return;
      }
      html(response, 200, HELLO_HTML);
    },
  };
}

export function fixtureRoutes(baseUrl: () => string, counters: Map<string, number>): Record<string, RouteHandler> {
  const bump = counterBumper(counters);
  return {
    "/hello": (_q, response) => html(response, 200, HELLO_HTML),
    "/json": (_q, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    "/echo": (request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => response.writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ method: request.method, headers: request.headers, body })));
    },
    "/redirect": (_q, response, url) => {
      response.writeHead(Number(url.searchParams.get("status") ?? 302), { location: url.searchParams.get("to") ?? "/hello" }).end();
    },
    "/loop-a": (_q, response) => response.writeHead(302, { location: "/loop-b" }).end(),
    "/loop-b": (_q, response) => response.writeHead(301, { location: `${baseUrl()}/loop-a` }).end(),
    "/chain": (_q, response, url) => {
      const left = Number(url.searchParams.get("n") ?? 0);
      response.writeHead(302, { location: left <= 0 ? "/hello" : `/chain?n=${left - 1}` }).end();
    },
    "/status": (_q, response, url) => {
      const code = Number(url.searchParams.get("code") ?? 500);
      const headers: Record<string, string> = { "content-type": "text/plain" };
      const retryAfter = url.searchParams.get("retry_after");
      if (retryAfter !== null) headers["retry-after"] = retryAfter;
      bump(`/status?code=${code}`);
      response.writeHead(code, headers).end(url.searchParams.get("body") ?? `status ${code}`);
    },
    "/gzip": (_q, response) => response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(zlib.gzipSync(HELLO_HTML)),
    "/br": (_q, response) => response.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(zlib.brotliCompressSync(HELLO_HTML)),
    "/deflate-raw": (_q, response) => response.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" }).end(zlib.deflateRawSync(HELLO_HTML)),
    "/deflate": (_q, response) => response.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" }).end(zlib.deflateSync(HELLO_HTML)),
    "/image.png": (_q, response) => response.writeHead(200, { "content-type": "image/png" }).end(PNG_BYTES),
    "/doc.pdf": (_q, response) => response.writeHead(200, { "content-type": "application/pdf" }).end(PDF_BYTES),
    "/undeclared-html": (_q, response) => { response.removeHeader("content-type"); response.writeHead(200).end(HELLO_HTML); },
    "/undeclared-binary": (_q, response) => response.writeHead(200).end(Buffer.from([0, 1, 2, 3, 0, 255, 0, 7])),
    // Serves a challenge to plain clients and the page to browser-like ones: the case tier 1 exists for.
    "/browser-only": (request, response) => {
      const agent = request.headers["user-agent"] ?? "";
      if (/Mozilla\/5\.0/.test(agent) && request.headers["accept-language"] !== undefined) html(response, 200, HELLO_HTML);
      else html(response, 403, CHALLENGE_PAGES.cloudflare?.body ?? "", { "cf-mitigated": "challenge" });
    },
    "/robots.txt": (_q, response) => response.writeHead(200, { "content-type": "text/plain" })
      .end("User-agent: *\nDisallow: /private\nAllow: /private/open\n\nUser-agent: otherbot\nDisallow: /\n"),
    "/private/secret": (_q, response) => html(response, 200, HELLO_HTML),
    "/private/open": (_q, response) => html(response, 200, HELLO_HTML),
    "/counted": (_q, response) => {
      bump("/counted");
      html(response, 200, `<html><body><p>visit ${counters.get("/counted")}</p></body></html>`);
    },
    // Holds each request 300 ms and records the peak number in flight (for the per-host limit).
    "/slow-ok": async (_q, response) => {
      const inFlight = bump("in-flight");
      counters.set("peak-in-flight", Math.max(counters.get("peak-in-flight") ?? 0, inFlight));
      await new Promise((resolve) => setTimeout(resolve, 300));
      counters.set("in-flight", (counters.get("in-flight") ?? 1) - 1);
      html(response, 200, HELLO_HTML);
    },
    "/set-cookie": (_q, response) => html(response, 200, HELLO_HTML, { "set-cookie": "session=s3cr3t; HttpOnly" }),
    ...challengeRoutes(),
    ...charsetRoutes(),
    ...faultRoutes(counters),
  };
}
