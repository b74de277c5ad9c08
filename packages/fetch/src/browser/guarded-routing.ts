// Every request the page makes goes through here before any packet leaves: checked by the same SSRF guard
// as the plain tiers (scheme, literal address, every DNS answer, the operator's private-host allowance),
// then sent by websift's own transport to the address the guard pinned, and handed back to the browser
// with route.fulfill. Chromium itself never opens a connection for a page, so a DNS answer that changes
// after the check (rebinding) cannot redirect it.
//
// Redirects are followed here, hop by hop through the guard, never by the browser: Chromium follows a
// fulfilled 3xx itself without asking the router again, which would let a redirect reach any host.
// The main frame's document is the exception: its redirect is handed to the renderer, which navigates to
// the checked target so the page keeps its real URL.
import type { BrowserContext, Route, Request as BrowserRequest } from "playwright-core";
import { archivable } from "../core/attempt-result.js";
import { BodyLimitError, readLimitedBody } from "../core/body-reader.js";
import { ExchangeFailure, headerValue, type HopRequest, type OpenedExchange } from "../core/exchange.js";
import { stripUrlCredentials } from "../core/redact.js";
import type { ResolvedFetchRequest } from "../core/resolve-request.js";
import { vetDestination } from "../core/ssrf-guard.js";
import { openNetworkExchange } from "../core/transport.js";
import { noteRefusal, type RenderSession } from "./render-session.js";

// Not needed to read a page, and the bulk of its bytes: refused quietly (they are not a guard refusal).
const SKIPPED_RESOURCE_TYPES = new Set(["image", "media", "font"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Request headers the transport sets itself, or that describe a connection the browser does not own.
const DROPPED_REQUEST_HEADERS = new Set(["host", "connection", "content-length", "accept-encoding", "transfer-encoding", "keep-alive", "upgrade"]);
// The body handed to the browser is already decoded and whole.
const DROPPED_RESPONSE_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

interface RoutingOptions {
  request: ResolvedFetchRequest;
  session: RenderSession;
  signal: AbortSignal;
  isMainFrameNavigation: (request: BrowserRequest) => boolean;
}

function resourceTypeOf(request: BrowserRequest): string {
  const type = request.resourceType();
  return type === "document" && request.frame().parentFrame() !== null ? "iframe" : type;
}

function hopFrom(request: BrowserRequest, url: URL): HopRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers())) {
    if (!DROPPED_REQUEST_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  const body = request.postData() ?? undefined;
  // The transport's type names the two methods the contract allows; a page may use any (PUT, OPTIONS, ...).
  return { url, method: request.method() as HopRequest["method"], headers, body };
}

function fulfillHeaders(headers: OpenedExchange["headers"]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    // Playwright takes several Set-Cookie values joined by newlines.
    result[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return result;
}

/** Opens one hop at the address the guard vetted; null when the guard refused it (already noted). */
async function openGuardedHop(hop: HopRequest, type: string, options: RoutingOptions): Promise<OpenedExchange | { refused: string; outcome: "refused" | "dns_failed" }> {
  const { request, signal } = options;
  const verdict = await vetDestination(hop.url, request.privateAccess, signal);
  if (!verdict.allowed) {
    noteRefusal(options.session, { url: stripUrlCredentials(hop.url), resource_type: type, detail: verdict.detail });
    return { refused: verdict.detail, outcome: verdict.outcome };
  }
  return openNetworkExchange(hop, {
    tier: 0, pinnedAddress: { address: verdict.address, family: verdict.family }, proxy: request.proxy, connectTimeoutMs: request.connectTimeoutMs, signal,
  });
}

async function handleRoute(route: Route, options: RoutingOptions): Promise<void> {
  const browserRequest = route.request();
  const type = resourceTypeOf(browserRequest);
  const mainFrame = options.isMainFrameNavigation(browserRequest);
  const { session, request } = options;
  let url: URL;
  try {
    url = new URL(browserRequest.url());
  } catch {
    noteRefusal(session, { url: browserRequest.url().slice(0, 300), resource_type: type, detail: "not a URL websift can check" });
    await route.abort("blockedbyclient");
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const detail = `scheme ${url.protocol} is not http or https`;
    noteRefusal(session, { url: stripUrlCredentials(url), resource_type: type, detail });
    if (mainFrame) session.mainRefusal = { outcome: "refused", detail };
    await route.abort("blockedbyclient");
    return;
  }
  let hop = hopFrom(browserRequest, url);
  for (let redirects = 0; ; redirects += 1) {
    const opened = await openGuardedHop(hop, type, options);
    if ("refused" in opened) {
      if (mainFrame) session.mainRefusal = { outcome: opened.outcome, detail: `${redirects > 0 ? "redirect target " : ""}${opened.refused}` };
      await route.abort("blockedbyclient");
      return;
    }
    // Vetted destinations only from here; images, media and fonts are not loaded.
    if (SKIPPED_RESOURCE_TYPES.has(type)) {
      opened.body.destroy();
      await route.abort("blockedbyclient");
      return;
    }
    const location = headerValue(opened.headers, "location");
    if (REDIRECT_STATUSES.has(opened.status) && location !== undefined) {
      opened.body.destroy();
      session.exchanges.push(archivable(hop, opened, Buffer.alloc(0)));
      const target = new URL(location, hop.url);
      if (mainFrame) {
        session.mainRedirect = { status: opened.status, location: target };
        await route.abort("blockedbyclient");
        return;
      }
      if (redirects >= request.maxRedirects) {
        await route.abort("failed");
        return;
      }
      const toGet = opened.status === 303 || ((opened.status === 301 || opened.status === 302) && hop.method === "POST");
      hop = { url: target, method: toGet ? "GET" : hop.method, headers: hop.headers, body: toGet ? undefined : hop.body };
      continue;
    }
    const { raw, decoded } = await readLimitedBody(opened.body, headerValue(opened.headers, "content-encoding"), request);
    session.exchanges.push(archivable(hop, opened, raw));
    if (mainFrame) session.mainDocument = { url: hop.url, status: opened.status, headers: opened.headers, decoded };
    await route.fulfill({ status: opened.status, headers: fulfillHeaders(opened.headers), body: decoded });
    return;
  }
}

/** Installs the guard on every HTTP request and WebSocket of the context. */
export async function installGuardedRouting(context: BrowserContext, options: RoutingOptions): Promise<void> {
  const { session } = options;
  await context.route("**/*", async (route) => {
    session.inflight += 1;
    session.lastActivityAt = Date.now();
    try {
      await handleRoute(route, options);
    } catch (error) {
      const mainFrame = options.isMainFrameNavigation(route.request());
      if (mainFrame && session.mainFailure === undefined) {
        const failure = error instanceof ExchangeFailure || error instanceof BodyLimitError ? error : undefined;
        session.mainFailure = { outcome: failure?.outcome ?? "network_error", detail: failure?.detail ?? (error as Error).message };
      }
      // The page is gone or the request failed on the network: the browser sees a failed request.
      await route.abort("failed").catch(() => undefined);
    } finally {
      session.inflight -= 1;
      session.lastActivityAt = Date.now();
    }
  });
  // WebSockets: checked by the same guard and listed when refused. An allowed one is handed to the browser,
  // which has no resolver of its own (browser-pool.ts), so it fails to connect: no frame leaves unguarded.
  await context.routeWebSocket(/.*/, async (socket) => {
    let url: URL | undefined;
    try {
      url = new URL(socket.url().replace(/^ws/i, "http"));
    } catch {
      url = undefined;
    }
    const verdict = url === undefined ? undefined : await vetDestination(url, options.request.privateAccess, options.signal).catch(() => undefined);
    if (verdict?.allowed === true) {
      socket.connectToServer();
      return;
    }
    noteRefusal(session, { url: socket.url().slice(0, 300), resource_type: "websocket", detail: verdict !== undefined && !verdict.allowed ? verdict.detail : "not a URL websift can check" });
    await socket.close({ code: 1008, reason: "refused by websift" }).catch(() => undefined);
  });
}
