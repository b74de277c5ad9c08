// The pool's queue: one deadline per page from the call (waiting included), a bounded queue answered
// `busy` beyond its depth, smallest page first, and the caller's abort signal. Bounds are generous on
// purpose (a shared 2-core machine): they prove "ends" and "answers", not speed.
import { describe, expect, it } from "vitest";
import { createExtractPool } from "../src/index.js";

// Thousands of nested divs: seconds of work in a worker, far past the budgets used here.
const heavy = (n: number) => ({
  url: `https://example.com/heavy-${n}`,
  html: `<html><head><title>Deep</title></head><body>${"<div>".repeat(150_000)}<p>Text at the bottom of the nesting.</p>${"</div>".repeat(150_000)}</body></html>`,
});
const small = {
  url: "https://example.com/small",
  html: `<html><head><title>Kettles</title></head><body><article><h1>Kettles</h1>${"<p>A kettle boils water quickly because its element sits in the water and wastes little heat on the way.</p>".repeat(6)}</article></body></html>`,
};
const MARGIN_MS = 8000;

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe("extract pool queue", () => {
  it("ends every call within its deadline, answers the overflow busy at once, and keeps working", async () => {
    const timeoutMs = 3000;
    const pool = createExtractPool({ workers: 1, timeoutMs, maxQueue: 3 });
    try {
      // A started worker, so its start-up is not in the timings below.
      expect((await pool.extract(small)).ok).toBe(true);
      const calls = [heavy(1), heavy(2), heavy(3), small, heavy(4), heavy(5)].map((page) => timed(pool.extract(page)));
      const results = await Promise.all(calls);
      for (const { ms } of results) expect(ms).toBeLessThan(timeoutMs + MARGIN_MS);
      const [first, second, third, smallPage, overflow1, overflow2] = results;
      // The running page ran out of time; the queued ones could not start before their deadline.
      expect(first!.value.error?.code).toBe("extract_timeout");
      for (const queued of [second!, third!]) {
        expect(queued.value.error?.code).toBe("busy");
        expect(queued.value.error?.retryable).toBe(true);
        expect(queued.value.error?.message).toMatch(/waited \d+ ms in the queue/);
      }
      // The small page never waits past its own deadline: read, told to retry, or (when the heavy pages'
      // validation delayed its call enough to leave it the minimum run once the first one stopped, and a
      // loaded machine then ran it slowly on a fresh worker) stopped at its deadline.
      expect(smallPage!.ms).toBeLessThan(timeoutMs + MARGIN_MS);
      if (!smallPage!.value.ok) expect(["busy", "extract_timeout"]).toContain(smallPage!.value.error?.code);
      // Beyond the queue's depth: busy at once, with a Retry-After.
      for (const over of [overflow1!, overflow2!]) {
        expect(over.value.error?.code).toBe("busy");
        expect(over.value.error?.retryable).toBe(true);
        expect(over.value.error?.details).toMatchObject({ max_queue: 3 });
        expect(over.value.error?.details?.retry_after_s).toBeGreaterThanOrEqual(1);
        expect(over.ms).toBeLessThan(timeoutMs);
      }
      // The pool keeps working afterwards.
      expect((await pool.extract(small)).ok).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("serves a small page before heavier pages queued earlier, once a worker frees", async () => {
    const timeoutMs = 4000;
    const pool = createExtractPool({ workers: 1, timeoutMs });
    try {
      expect((await pool.extract(small)).ok).toBe(true);
      const running = pool.extract(heavy(1));
      const queuedHeavy = pool.extract(heavy(2));
      await new Promise((resolve) => setTimeout(resolve, timeoutMs / 2));
      const smallCall = timed(pool.extract(small));
      const [r1, r2, s] = await Promise.all([running, queuedHeavy, smallCall]);
      expect(r1.error?.code).toBe("extract_timeout");
      expect(r2.error?.code).toBe("busy");
      expect(s.value.ok).toBe(true);
      expect(s.ms).toBeLessThan(timeoutMs + MARGIN_MS);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("drops a queued page whose caller gave up and stops a running one", async () => {
    const pool = createExtractPool({ workers: 1, timeoutMs: 30_000 });
    try {
      expect((await pool.extract(small)).ok).toBe(true);
      const runningCaller = new AbortController();
      const queuedCaller = new AbortController();
      const running = timed(pool.extract(heavy(1), { signal: runningCaller.signal }));
      const queued = timed(pool.extract(small, { signal: queuedCaller.signal }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      queuedCaller.abort();
      const q = await queued;
      expect(q.value.ok).toBe(false);
      expect(q.ms).toBeLessThan(5000);
      runningCaller.abort();
      const r = await running;
      expect(r.value.ok).toBe(false);
      expect(r.ms).toBeLessThan(10_000);
      // The stopped worker was replaced: the next page is read.
      expect((await pool.extract(small)).ok).toBe(true);
      // An already aborted call is answered without work.
      const gone = new AbortController();
      gone.abort();
      expect((await pool.extract(small, { signal: gone.signal })).ok).toBe(false);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
