// A launched Chromium holds the Node event loop open through its child process and the pipes Playwright
// talks over, so a one-shot CLI (`websift fetch`) would wait for the idle timer before it exits. The
// handles the launch created are held only while a page renders (an unref'd pipe mid-render lets Node
// exit with a top-level await unsettled) and released in between; the child is killed at process exit.
import type { ChildProcess } from "node:child_process";

interface LoopHandle {
  constructor: { name: string };
  unref?: () => void;
  ref?: () => void;
  _handle?: { constructor?: { name?: string } };
}

function activeHandles(): LoopHandle[] {
  // Node offers no public list of handles; this one is stable since Node 0.x and only read here.
  const reader = (process as unknown as { _getActiveHandles?: () => LoopHandle[] })._getActiveHandles;
  return reader === undefined ? [] : reader.call(process);
}

export function snapshotHandles(): Set<LoopHandle> {
  return new Set(activeHandles());
}

export interface BrowserHandles {
  children: ChildProcess[];
  /** Keep the event loop alive (a page is rendering) or not (idle). */
  hold(held: boolean): void;
}

/** The child processes and pipe sockets created since `before`, released (unref'd) until held. */
export function handlesSince(before: Set<LoopHandle>): BrowserHandles {
  const children: ChildProcess[] = [];
  const owned: LoopHandle[] = [];
  for (const handle of activeHandles()) {
    if (before.has(handle)) continue;
    const isChild = handle.constructor.name === "ChildProcess";
    // Only pipes: a TCP socket created meanwhile belongs to someone else's request.
    const isPipe = handle.constructor.name === "Socket" && handle._handle?.constructor?.name === "Pipe";
    if (!isChild && !isPipe) continue;
    owned.push(handle);
    if (isChild) children.push(handle as unknown as ChildProcess);
  }
  const hold = (held: boolean): void => {
    for (const handle of owned) (held ? handle.ref : handle.unref)?.call(handle);
  };
  hold(false);
  return { children, hold };
}
