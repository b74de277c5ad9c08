// Opens one HTTP exchange over the network: tier 0 is plain got, tier 1 is got-scraping with a real browser's
// header set and order. Redirects, retries and decompression are handled by the caller, never by the client,
// so the SSRF guard, limits and archive see every hop.
//
// Behind a proxy the guard still vets the target (scheme, literal address, every DNS answer) before anything
// is sent, but the proxy resolves the name again itself, so the connection is not pinned: a rebinding DNS
// server could answer the proxy differently. The proxy's own address is operator configuration and is not
// checked. Use allow_private_hosts=false with a proxy that cannot reach internal networks for full protection.
import http from "node:http";
import https from "node:https";
import type { ClientRequest, IncomingMessage } from "node:http";
import got, { type Agents, type OptionsInit } from "got";
import { createPinnedLookup } from "./ssrf-guard.js";
import { ExchangeFailure, pairRawHeaders, type HopRequest, type NetworkHopOptions, type OpenedExchange } from "./exchange.js";

const WEBSIFT_USER_AGENT = "websift-fetch/0.1 (+https://github.com/websift/websift)";
const ACCEPT_ENCODING = "gzip, deflate, br";
const TIER0_DEFAULT_HEADERS: Record<string, string> = {
  "user-agent": WEBSIFT_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,text/plain;q=0.8,application/pdf;q=0.7,*/*;q=0.5",
  "accept-language": "en-US,en;q=0.8",
};

// No keep-alive: a pooled socket could outlive the check that pinned its address, and tests must close cleanly.
const directAgents: Agents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

type GotScrapingModule = typeof import("got-scraping");
let gotScrapingModule: Promise<GotScrapingModule> | undefined;
// got-scraping loads browser fingerprint data on import: only pay for it when tier 1 is used.
function loadGotScraping(): Promise<GotScrapingModule> {
  gotScrapingModule ??= import("got-scraping");
  return gotScrapingModule;
}

function mergeHeaders(base: Record<string, string>, overrides: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {};
  const overridden = new Set([...Object.keys(overrides).map((name) => name.toLowerCase()), "accept-encoding"]);
  for (const [name, value] of Object.entries(base)) if (!overridden.has(name.toLowerCase())) merged[name] = value;
  for (const [name, value] of Object.entries(overrides)) if (name.toLowerCase() !== "accept-encoding") merged[name] = value;
  return merged;
}

// got-scraping's own header hook first opens a separate TLS connection to the *name* to probe ALPN, which would
// bypass the pinned lookup; so its generator is called here and the hook (and HTTP/2) stays off.
async function browserHeaders(module: GotScrapingModule): Promise<Record<string, string>> {
  const context = module.gotScraping.defaults.options.context as { headerGenerator?: { getHeaders(options: Record<string, unknown>): Record<string, string> } };
  const generated = context.headerGenerator?.getHeaders({ httpVersion: "1" }) ?? {};
  // We decode ourselves, so advertise only the codings Node can decode (no zstd).
  return Object.fromEntries(Object.entries(generated).filter(([name]) => name.toLowerCase() !== "accept-encoding"));
}

function mapTransportError(error: unknown, options: NetworkHopOptions, url: URL): ExchangeFailure {
  if (error instanceof ExchangeFailure) return error;
  if (options.signal.aborted) return new ExchangeFailure("timeout", `the request to ${url.host} ran out of time`);
  const code = (error as { code?: string }).code ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ETIMEDOUT" || (error as { name?: string }).name === "TimeoutError") {
    return new ExchangeFailure("timeout", `connecting to ${url.host} timed out`);
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new ExchangeFailure("dns_failed", `DNS lookup of ${url.hostname} failed (${code})`);
  return new ExchangeFailure("network_error", `the connection to ${url.host} failed (${code || message})`);
}

/** Sends the request and resolves when the response head arrives; the body is left unread on `body`. */
export async function openNetworkExchange(hop: HopRequest, options: NetworkHopOptions): Promise<OpenedExchange> {
  const scraping = options.tier === 1 ? await loadGotScraping() : undefined;
  const baseHeaders = scraping === undefined ? TIER0_DEFAULT_HEADERS : await browserHeaders(scraping);
  // Accept-Encoding is ours, not the caller's: the body reader can only decode (and cap) gzip, deflate and br.
  const headers = { ...mergeHeaders(baseHeaders, hop.headers), "accept-encoding": ACCEPT_ENCODING };
  const agent = options.proxy === undefined ? undefined : await proxyAgents(options.proxy);
  const gotOptions: OptionsInit & { isStream?: true } = {
    method: hop.method,
    headers,
    ...(hop.body === undefined ? {} : { body: hop.body }),
    decompress: false,
    followRedirect: false,
    throwHttpErrors: false,
    retry: { limit: 0 },
    http2: false,
    https: { rejectUnauthorized: true },
    timeout: { connect: options.connectTimeoutMs, secureConnect: options.connectTimeoutMs },
    agent: agent ?? (scraping === undefined ? directAgents : wrapForBrowserHeaderOrder(scraping)),
    // Behind a proxy the socket goes to the proxy, so the target's pinned address must not be used.
    ...(options.proxy === undefined && options.pinnedAddress !== undefined
      ? { dnsLookup: createPinnedLookup(options.pinnedAddress.address, options.pinnedAddress.family) as OptionsInit["dnsLookup"] }
      : {}),
  };
  const stream = scraping === undefined
    ? got.stream(hop.url, gotOptions)
    : scraping.gotScraping(hop.url, { ...gotOptions, isStream: true, useHeaderGenerator: false });
  return await new Promise<OpenedExchange>((resolve, reject) => {
    let clientRequest: ClientRequest | undefined;
    const onAbort = (): void => {
      stream.destroy(new ExchangeFailure("timeout", `the request to ${hop.url.host} ran out of time`));
    };
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
    stream.once("request", (request: ClientRequest) => {
      clientRequest = request;
    });
    stream.once("error", (error: unknown) => {
      options.signal.removeEventListener("abort", onAbort);
      reject(mapTransportError(error, options, hop.url));
    });
    stream.once("response", (response: IncomingMessage) => {
      // The body stream stays subject to the deadline until the caller has read it.
      stream.once("close", () => options.signal.removeEventListener("abort", onAbort));
      // From here the body reader owns error handling; the no-op keeps an unread body's late error from crashing the process.
      stream.removeAllListeners("error");
      stream.on("error", () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? "",
        httpVersion: response.httpVersion,
        headers: response.headers,
        rawHeaders: pairRawHeaders(response.rawHeaders),
        sentHeaders: sentHeadersOf(clientRequest, headers, hop.url),
        body: stream,
      });
    });
  });
}

function sentHeadersOf(request: ClientRequest | undefined, fallback: Record<string, string>, url: URL): Array<[string, string]> {
  if (request === undefined) return [["host", url.host], ...Object.entries(fallback)];
  return Object.entries(request.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]);
}

let browserOrderAgents: Agents | undefined;
function wrapForBrowserHeaderOrder(scraping: GotScrapingModule): Agents {
  // got-scraping's agent rewrites header case and order like a browser; wrap our no-keep-alive agents with it.
  browserOrderAgents ??= {
    http: new scraping.TransformHeadersAgent(directAgents.http as http.Agent) as unknown as http.Agent,
    https: new scraping.TransformHeadersAgent(directAgents.https as https.Agent) as unknown as https.Agent,
  };
  return browserOrderAgents;
}

async function proxyAgents(proxy: URL): Promise<Agents> {
  const scraping = await loadGotScraping();
  return scraping.getAgents(proxy, true);
}
