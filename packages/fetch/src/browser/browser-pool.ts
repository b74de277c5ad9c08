// One headless Chromium per process, started on the first page that needs it and reused: launching costs
// about a second, a fresh context per page costs milliseconds. At most N pages render at once (default 2,
// WEBSIFT_BROWSER_CONCURRENCY); the browser is closed after WEBSIFT_BROWSER_IDLE_MS (default 30 s) without
// pages, and killed at process exit. A browser that crashed or was killed is launched again on the next page.
import type { ChildProcess } from "node:child_process";
import type { Browser } from "playwright-core";
import { BrowserUnavailable } from "./browser-unavailable.js";
import { locateChromium } from "./chromium-executable.js";
import { handlesSince, snapshotHandles, type BrowserHandles } from "./loop-handles.js";

const DEFAULT_CONCURRENCY = 2;
const DEFAULT_IDLE_MS = 30_000;
const LAUNCH_TIMEOUT_MS = 30_000;

// Root cannot use Chromium's sandbox (no user namespaces for uid 0); the page is still confined by the
// request guard, which is what protects the network. LocalNetworkAccessChecks would block loopback
// subresources of pages the operator allowed: the guard decides that instead.
// The browser gets no network of its own: every host resolves to nothing, so only what the guarded router
// fulfils reaches a page. Without this Chromium preconnects (a TCP handshake, no request) to an iframe's
// origin before the router has seen the request; the test counts connections at a real listener.
// A WebSocket the guard allows therefore cannot connect either: pages are read, not kept live.
const LAUNCH_ARGS = [
  "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights",
  "--host-resolver-rules=MAP * ~NOTFOUND", "--dns-prefetch-disable",
  "--disable-gpu", "--disable-dev-shm-usage", "--disable-extensions",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
  "--disable-default-apps", "--disable-domain-reliability", "--metrics-recording-only", "--mute-audio",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

function positiveIntegerFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

let launching: Promise<Browser> | undefined;
let children: ChildProcess[] = [];
let handles: BrowserHandles | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let running = 0;
const waiting: Array<() => void> = [];
let exitHookInstalled = false;

function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
}

async function launchBrowser(): Promise<Browser> {
  const location = locateChromium();
  if (!location.found) throw new BrowserUnavailable(location.detail);
  const { chromium } = await import("playwright-core");
  const before = snapshotHandles();
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: location.path, headless: true, timeout: LAUNCH_TIMEOUT_MS,
      args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), ...LAUNCH_ARGS],
      // Playwright's own signal handlers would end the embedding program; the exit hook below kills the child.
      handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
    });
  } catch (error) {
    throw new BrowserUnavailable(`Chromium at ${location.path} did not start (${(error as Error).message.split("\n")[0]}); check the install (apt-get install chromium) or WEBSIFT_CHROMIUM_PATH`);
  }
  handles = handlesSince(before);
  children = handles.children;
  // Launched for a page: held until the last page in flight is done.
  handles.hold(true);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", killChildren);
  }
  browser.once("disconnected", () => {
    // Crashed, killed or closed: the next page launches a new one.
    if (launching !== undefined) launching = undefined;
  });
  return browser;
}

async function currentBrowser(): Promise<Browser> {
  if (launching !== undefined) {
    const browser = await launching.catch(() => undefined);
    if (browser?.isConnected()) return browser;
    launching = undefined;
  }
  launching = launchBrowser();
  // A failed launch is not remembered: the operator may install Chromium while the process runs.
  launching.catch(() => { launching = undefined; });
  return launching;
}

/** Thrown when the request's deadline passes while it waits for a render slot. */
export class RenderSlotTimeout extends Error {
  override readonly name = "RenderSlotTimeout";
}

async function acquireSlot(signal: AbortSignal | undefined): Promise<void> {
  const limit = positiveIntegerFromEnv("WEBSIFT_BROWSER_CONCURRENCY", DEFAULT_CONCURRENCY);
  if (running < limit) {
    running += 1;
    return;
  }
  // A queued page still keeps its own deadline: it gives up its place rather than wait past it.
  await new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      const index = waiting.indexOf(admit);
      if (index >= 0) waiting.splice(index, 1);
      reject(new RenderSlotTimeout(`waited for one of the ${limit} render slots until the deadline`));
    };
    const admit = (): void => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    waiting.push(admit);
  });
  running += 1;
}

function releaseSlot(): void {
  running -= 1;
  if (running === 0) handles?.hold(false);
  const next = waiting.shift();
  if (next !== undefined) next();
  else if (running === 0) scheduleIdleClose();
}

function scheduleIdleClose(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeBrowser(), positiveIntegerFromEnv("WEBSIFT_BROWSER_IDLE_MS", DEFAULT_IDLE_MS));
  idleTimer.unref();
}

/** Runs `work` with the shared browser inside a concurrency slot. Throws BrowserUnavailable when none starts, RenderSlotTimeout when `signal` ends the wait. */
export async function withBrowser<T>(work: (browser: Browser) => Promise<T>, signal?: AbortSignal): Promise<T> {
  await acquireSlot(signal);
  clearTimeout(idleTimer);
  handles?.hold(true);
  try {
    return await work(await currentBrowser());
  } finally {
    releaseSlot();
  }
}

/** Closes the shared browser now (idle timer, tests, embedding programs that shut down). */
export async function closeBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const pending = launching;
  launching = undefined;
  const browser = await pending?.catch(() => undefined);
  await browser?.close().catch(() => undefined);
  killChildren();
  children = [];
  handles = undefined;
}

/** The browser's main process, for tests that kill it to prove a crashed browser is replaced. */
export function browserProcessIds(): number[] {
  return children.filter((child) => child.exitCode === null && child.pid !== undefined).map((child) => child.pid as number);
}
