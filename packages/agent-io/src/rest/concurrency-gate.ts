/**
 * At most `limit` requests run at once. A request over the limit is not queued: it is answered
 * 503 busy at once, so a burst costs the server nothing and the client knows to retry.
 */
export class ConcurrencyGate {
  private running = 0;

  constructor(readonly limit: number) {}

  get active(): number {
    return this.running;
  }

  /** A release function when a slot is free (call it exactly once), undefined when none is. */
  tryEnter(): (() => void) | undefined {
    if (this.running >= this.limit) return undefined;
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }
}
