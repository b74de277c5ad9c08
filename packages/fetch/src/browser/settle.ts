// When a rendered page is done enough to read: no request in flight for a quiet moment and the main text
// no longer growing, or the hard cap, whichever comes first. A page that polls forever, streams text or
// spins in a script loop is read as it stands at the cap.
import type { Page } from "playwright-core";
import type { RenderSession } from "./render-session.js";

const POLL_MS = 150;
const QUIET_MS = 500;

/** Resolves with the value, or with `fallback` once `deadlineAt` passes (a busy renderer never answers). */
export function beforeDeadline<T>(work: Promise<T>, deadlineAt: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), Math.max(0, deadlineAt - Date.now()));
    work.then(
      (value) => { clearTimeout(timer); resolve(value); },
      () => { clearTimeout(timer); resolve(fallback); },
    );
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitUntilSettled(page: Page, session: RenderSession, deadlineAt: number): Promise<"settled" | "cap"> {
  let lastLength = -1;
  let stableSince = Date.now();
  while (Date.now() < deadlineAt) {
    const length = await beforeDeadline(page.evaluate(() => document.body?.innerText.length ?? 0), deadlineAt, -1);
    const now = Date.now();
    if (length !== lastLength) {
      lastLength = length;
      stableSince = now;
    }
    const networkQuiet = session.inflight === 0 && now - session.lastActivityAt >= QUIET_MS;
    if (networkQuiet && now - stableSince >= QUIET_MS) return "settled";
    await sleep(Math.min(POLL_MS, Math.max(0, deadlineAt - now)));
  }
  return "cap";
}
