// One try with one client tier: walks the redirect chain by hand, guarding every hop, and hands the final
// response to read-response.ts.
import { archivable, failedAttempt, type ArchivableExchange, type AttemptResult } from "./attempt-result.js";
import { ExchangeFailure, headerValue, type HopRequest, type OpenedExchange } from "./exchange.js";
import { acquireHostSlot } from "./host-limiter.js";
import { describeUrlForMessage, SECRET_HEADERS, stripUrlCredentials } from "./redact.js";
import type { ResolvedFetchRequest } from "./resolve-request.js";
import { readFinalResponse } from "./read-response.js";
import { callerHeaders } from "./response-headers.js";
import { vetDestination } from "./ssrf-guard.js";
import type { RedirectHop } from "./types.js";

export type ExchangeOpener = (hop: HopRequest, pinnedAddress: { address: string; family: 4 | 6 } | undefined) => Promise<OpenedExchange>;

export interface AttemptContext {
  request: ResolvedFetchRequest;
  openExchange: ExchangeOpener;
  /** False for replay: nothing touches the network, so there is nothing to guard. */
  guardDestinations: boolean;
  /** Checks robots.txt for a hop; returns a refusal detail or null. */
  robotsRefusal?: (url: URL) => Promise<string | null>;
  /** Waits for this request's turn at a host across every process sharing a Redis (host-pacing.ts). */
  /** Waits for one of the host's slots shared across instances (Redis); resolves with its release. */
  paceHost?: (host: string) => Promise<() => void>;
  signal: AbortSignal;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The next hop of a redirect: method per RFC 9110 / browsers, credentials only for the same origin. */
function nextHop(current: HopRequest, status: number, location: URL): HopRequest {
  const toGet = status === 303 || ((status === 301 || status === 302) && current.method === "POST");
  const headers: Record<string, string> = {};
  const sameOrigin = location.origin === current.url.origin;
  for (const [name, value] of Object.entries(current.headers)) {
    if (!sameOrigin && SECRET_HEADERS.has(name)) continue;
    if (toGet && (name === "content-type" || name === "content-length")) continue;
    headers[name] = value;
  }
  return { url: location, method: toGet ? "GET" : current.method, headers, body: toGet ? undefined : current.body };
}

export async function runFetchAttempt(context: AttemptContext): Promise<AttemptResult> {
  const { request } = context;
  let hop: HopRequest = { url: request.url, method: request.method, headers: request.headers, body: request.body };
  const redirects: RedirectHop[] = [];
  const exchanges: ArchivableExchange[] = [];
  const visited = new Set<string>();
  for (;;) {
    const visitKey = `${hop.method} ${hop.url.href}`;
    if (visited.has(visitKey)) {
      return failedAttempt("redirect_loop", hop.url, redirects, `the redirect chain returns to ${stripUrlCredentials(hop.url)}`, exchanges);
    }
    visited.add(visitKey);
    let pinned: { address: string; family: 4 | 6 } | undefined;
    if (context.guardDestinations) {
      const verdict = await vetDestination(hop.url, request.privateAccess, context.signal);
      if (!verdict.allowed) {
        const prefix = redirects.length > 0 ? "redirect target " : "";
        return failedAttempt(verdict.outcome, hop.url, redirects, `${prefix}${verdict.detail}`, exchanges);
      }
      pinned = { address: verdict.address, family: verdict.family };
    }
    const robotsDetail = context.robotsRefusal === undefined ? null : await context.robotsRefusal(hop.url);
    if (robotsDetail !== null) return failedAttempt("refused", hop.url, redirects, robotsDetail, exchanges);

    // The shared slot first, then the local one: a request waiting for a shared slot holds no local slot.
    const releaseShared = context.paceHost === undefined ? undefined : await context.paceHost(hop.url.host);
    let releaseLocal: () => void;
    try {
      releaseLocal = await acquireHostSlot(hop.url.host, request.perHostConcurrency, context.signal);
    } catch (error) {
      releaseShared?.();
      throw error;
    }
    const release = (): void => {
      releaseLocal();
      releaseShared?.();
    };
    let exchange: OpenedExchange;
    try {
      exchange = await context.openExchange(hop, pinned);
    } catch (error) {
      release();
      if (error instanceof ExchangeFailure) return failedAttempt(error.outcome, hop.url, redirects, error.detail, exchanges);
      throw error;
    }
    try {
      const location = headerValue(exchange.headers, "location");
      if (REDIRECT_STATUSES.has(exchange.status) && location !== undefined) {
        exchange.body.destroy();
        exchanges.push(archivable(hop, exchange, Buffer.alloc(0)));
        // A redirect that ends the attempt is still a response: its rate-limit headers count too.
        const answered = { status: exchange.status, headers: callerHeaders(exchange.headers) };
        let target: URL;
        try {
          target = new URL(location, hop.url);
        } catch {
          return { ...failedAttempt("http_error", hop.url, redirects, `the redirect Location ${describeUrlForMessage(location)} is not a valid URL`, exchanges), ...answered };
        }
        if (!request.followRedirects) {
          return { ...failedAttempt("http_error", hop.url, redirects, `redirect ${exchange.status} to ${stripUrlCredentials(target)} not followed (follow_redirects is false)`, exchanges), ...answered };
        }
        redirects.push({ url: stripUrlCredentials(hop.url), status: exchange.status });
        if (redirects.length > request.maxRedirects) {
          return { ...failedAttempt("redirect_loop", target, redirects, `more than ${request.maxRedirects} redirects`, exchanges), ...answered };
        }
        hop = nextHop(hop, exchange.status, target);
        continue;
      }
      return await readFinalResponse(context, hop, exchange, redirects, exchanges);
    } finally {
      release();
    }
  }
}
