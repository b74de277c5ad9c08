// The browser tier: one page in a fresh context of the shared browser, every request through the guarded
// router, the main frame's redirects followed by navigating to each checked target, then the DOM as it
// stands once the page settled (or at the hard cap). Network outcomes come back as a result, like the
// other tiers; only a missing browser throws (BrowserUnavailable).
import type { BrowserContext, Page } from "playwright-core";
import type { ResolvedFetchRequest } from "../core/resolve-request.js";
import { stripUrlCredentials } from "../core/redact.js";
import { headerValue } from "../core/exchange.js";
import { callerHeaders } from "../core/response-headers.js";
import { parseContentType } from "../core/content-type.js";
import type { FetchOutcome, RedirectHop } from "../core/types.js";
import { withBrowser } from "./browser-pool.js";
import { installGuardedRouting } from "./guarded-routing.js";
import { createRenderSession, type RenderSession } from "./render-session.js";
import { beforeDeadline, waitUntilSettled } from "./settle.js";

export interface RenderResult {
  outcome: FetchOutcome;
  status: number | null;
  finalUrl: URL;
  redirects: RedirectHop[];
  contentType: string | null;
  /** The serialised DOM (HTML) or, for a main document that is not HTML, its decoded bytes as base64. */
  body: string | null;
  bodyEncoding: "text" | "base64";
  headers: Record<string, string>;
  detail: string;
  settled: "settled" | "cap" | null;
  session: RenderSession;
}

// Time left after the cap to serialise the DOM and close the context; a renderer stuck in a script loop
// gets no more than this.
const CLOSE_GRACE_MS = 2_000;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

async function newGuardedContext(browser: import("playwright-core").Browser): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: "block", acceptDownloads: false, permissions: [], javaScriptEnabled: true,
    bypassCSP: false, ignoreHTTPSErrors: false, viewport: { width: 1280, height: 900 },
  });
}

function failure(outcome: FetchOutcome, url: URL, redirects: RedirectHop[], detail: string, session: RenderSession, status: number | null = null): RenderResult {
  return { outcome, status, finalUrl: url, redirects, contentType: null, body: null, bodyEncoding: "text", headers: {}, detail, settled: null, session };
}

async function navigate(page: Page, request: ResolvedFetchRequest, session: RenderSession, deadlineAt: number): Promise<{ url: URL; redirects: RedirectHop[]; failed?: RenderResult }> {
  let target = request.url;
  const redirects: RedirectHop[] = [];
  for (;;) {
    session.mainRedirect = undefined;
    await page.goto(target.href, { waitUntil: "domcontentloaded", timeout: Math.max(1, deadlineAt - Date.now()) }).catch(() => undefined);
    const redirect = session.mainRedirect as RenderSession["mainRedirect"];
    if (redirect === undefined) return { url: target, redirects };
    redirects.push({ url: stripUrlCredentials(target), status: redirect.status });
    if (redirects.length > request.maxRedirects) {
      return { url: target, redirects, failed: failure("redirect_loop", redirect.location, redirects, `more than ${request.maxRedirects} redirects`, session) };
    }
    target = redirect.location;
  }
}

async function renderInContext(context: BrowserContext, request: ResolvedFetchRequest, session: RenderSession, signal: AbortSignal): Promise<RenderResult> {
  const startedAt = Date.now();
  const deadlineAt = startedAt + request.renderBudgetMs;
  const page = await context.newPage();
  await installGuardedRouting(context, { request, session, signal, isMainFrameNavigation: (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() });
  const { url, redirects, failed } = await navigate(page, request, session, deadlineAt);
  if (failed) return failed;
  if (session.mainRefusal) return failure(session.mainRefusal.outcome, url, redirects, `${redirects.length > 0 ? "" : ""}${session.mainRefusal.detail}`, session);
  const main = session.mainDocument;
  if (main === undefined) {
    const failureInfo = session.mainFailure ?? { outcome: Date.now() >= deadlineAt ? "timeout" : "network_error", detail: `the page did not load within the render budget (${request.renderBudgetMs} ms)` };
    return failure(failureInfo.outcome, url, redirects, failureInfo.detail, session);
  }
  const contentType = parseContentType(headerValue(main.headers, "content-type"));
  const headers = callerHeaders(main.headers);
  if (main.status >= 400) {
    return { ...failure("http_error", main.url, redirects, `HTTP ${main.status} from ${stripUrlCredentials(main.url)}`, session, main.status), headers };
  }
  if (contentType !== undefined && !HTML_TYPES.has(contentType.mediaType)) {
    // Nothing to render: the document is what the server sent.
    return { outcome: "ok", status: main.status, finalUrl: main.url, redirects, contentType: contentType.mediaType, body: main.decoded.toString("base64"), bodyEncoding: "base64", headers, detail: "not HTML: returned as sent, not rendered", settled: null, session };
  }
  const settled = await waitUntilSettled(page, session, deadlineAt);
  const html = await beforeDeadline(page.content(), Math.max(deadlineAt, Date.now()) + CLOSE_GRACE_MS, null);
  if (html === null) return failure("timeout", main.url, redirects, `the page's scripts kept the renderer busy past the render budget (${request.renderBudgetMs} ms)`, session, main.status);
  const finalUrl = new URL(page.url().startsWith("http") ? page.url() : main.url.href);
  const detail = settled === "settled"
    ? `rendered in headless Chromium; settled after ${Date.now() - startedAt} ms`
    : `rendered in headless Chromium; still changing at the render budget (${request.renderBudgetMs} ms), read as it stood`;
  return { outcome: "ok", status: main.status, finalUrl, redirects, contentType: "text/html", body: html, bodyEncoding: "text", headers, detail, settled, session };
}

/** Renders one page. Throws BrowserUnavailable when no browser can be started. */
export async function renderPage(request: ResolvedFetchRequest, signal: AbortSignal): Promise<RenderResult> {
  return withBrowser(async (browser) => {
    const session = createRenderSession();
    const context = await newGuardedContext(browser);
    try {
      return await renderInContext(context, request, session, signal);
    } catch (error) {
      // The browser went away mid-page (crash, kill): a network-level failure of this page; the pool relaunches.
      return failure("network_error", request.url, [], `the browser failed while rendering (${(error as Error).message.split("\n")[0]})`, session);
    } finally {
      await beforeDeadline(context.close(), Date.now() + CLOSE_GRACE_MS, undefined);
    }
  }, signal);
}
