// A launched Chromium holds the Node event loop open through its child process and the pipes Playwright
// talks over, so a one-shot CLI (`websift fetch`) would wait for the idle timer before it exits. The
// handles the launch created are unref'd instead, and the child is killed when the process exits.
import type { ChildProcess } from "node:child_process";

interface LoopHandle {
  constructor: { name: string };
  unref?: () => void;
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

/** Unrefs the child processes and pipe sockets created since `before`; returns the child processes. */
export function releaseHandlesSince(before: Set<LoopHandle>): ChildProcess[] {
  const children: ChildProcess[] = [];
  for (const handle of activeHandles()) {
    if (before.has(handle)) continue;
    const isChild = handle.constructor.name === "ChildProcess";
    // Only pipes: a TCP socket created meanwhile belongs to someone else's request.
    const isPipe = handle.constructor.name === "Socket" && handle._handle?.constructor?.name === "Pipe";
    if (!isChild && !isPipe) continue;
    handle.unref?.();
    if (isChild) children.push(handle as unknown as ChildProcess);
  }
  return children;
}
