// Caps how many requests run at once against one host (process-wide), so parallel callers stay polite.

interface HostQueue {
  active: number;
  waiting: Array<{ limit: number; wake: () => void }>;
}

const queues = new Map<string, HostQueue>();

function wakeWaiters(host: string, queue: HostQueue): void {
  while (queue.waiting.length > 0) {
    const index = queue.waiting.findIndex((waiter) => queue.active < waiter.limit);
    if (index === -1) return;
    const [waiter] = queue.waiting.splice(index, 1);
    queue.active += 1;
    waiter?.wake();
  }
  if (queue.active === 0) queues.delete(host);
}

/** Waits for a slot on `host`; the returned function releases it (call it exactly once). */
export async function acquireHostSlot(host: string, limit: number, signal?: AbortSignal): Promise<() => void> {
  const queue = queues.get(host) ?? { active: 0, waiting: [] };
  queues.set(host, queue);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    queue.active -= 1;
    wakeWaiters(host, queue);
  };
  if (queue.active < limit) {
    queue.active += 1;
    return release;
  }
  await new Promise<void>((resolve, reject) => {
    const waiter = { limit, wake: () => { signal?.removeEventListener("abort", onAbort); resolve(); } };
    const onAbort = (): void => {
      queue.waiting.splice(queue.waiting.indexOf(waiter), 1);
      if (queue.active === 0 && queue.waiting.length === 0) queues.delete(host);
      reject(signal?.reason);
    };
    queue.waiting.push(waiter);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  return release;
}
