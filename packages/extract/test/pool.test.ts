// The isolated entry point: pages in worker threads under a time budget, the event loop free meanwhile.
// Bounds here are generous on purpose (a shared 2-core machine); they prove "ends" and "answers", not speed.
import { afterAll, describe, expect, it } from "vitest";
import { createExtractPool, extractContent, extractContentIsolated } from "../src/index.js";

const nested = (levels: number, text = "Text at the bottom of the nesting, long enough to be read as content.") =>
  `<html><head><title>Deep</title></head><body>${"<div>".repeat(levels)}<p>${text}</p>${"</div>".repeat(levels)}</body></html>`;
const article = `<html><head><title>Kettles</title></head><body><article><h1>Kettles</h1>${"<p>A kettle boils water quickly because its element sits in the water and wastes little heat on the way.</p>".repeat(6)}</article></body></html>`;

describe("extract pool", () => {
  const pool = createExtractPool({ workers: 2 });
  afterAll(() => pool.close());

  it("extracts a page in a worker with the same contract as extractContent", async () => {
    const [isolated, inProcess] = await Promise.all([pool.extract({ url: "https://example.com/k", html: article }), extractContent({ url: "https://example.com/k", html: article })]);
    expect(isolated.ok).toBe(true);
    expect(isolated.contract).toBe("extract");
    expect(isolated.data?.content_text).toBe(inProcess.data?.content_text);
  });

  it("ends a page of 3,000 nested divs within 60 s, read or typed, while the event loop keeps ticking", async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 50);
    const started = performance.now();
    const envelope = await pool.extract({ url: "https://example.com/deep", html: nested(3000) });
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(60_000);
    if (envelope.ok) expect(envelope.data?.content_text).toContain("Text at the bottom");
    else expect(envelope.error?.code).toBe("extract_timeout");
    expect(ticks).toBeGreaterThan(0);
    expect(longestGap).toBeLessThan(1000);
  }, 70_000);

  it("keeps the event loop answering while a page overruns its budget", async () => {
    const slow = createExtractPool({ workers: 1, timeoutMs: 1500 });
    try {
      const pending = slow.extract({ url: "https://example.com/slow", html: nested(120_000) });
      const tick = await Promise.race([new Promise((resolve) => setTimeout(() => resolve("tick"), 100)), pending.then(() => "done")]);
      expect(tick).toBe("tick");
      const envelope = await pending;
      expect(envelope.ok).toBe(false);
      expect(envelope.error?.code).toBe("extract_timeout");
      expect(envelope.error?.message).toContain("https://example.com/slow");
      expect(envelope.error?.message).toContain("1500 ms");
      // The stopped worker was replaced: the next page is read.
      const next = await slow.extract({ url: "https://example.com/k", html: article });
      expect(next.ok).toBe(true);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it("refuses a page over the size limit before any worker sees it", async () => {
    const small = createExtractPool({ maxInputBytes: 500 });
    try {
      const envelope = await small.extract({ url: "https://example.com/big", html: article });
      expect(envelope.ok).toBe(false);
      expect(envelope.error?.code).toBe("too_large");
      expect(envelope.error?.message).toMatch(/https:\/\/example\.com\/big is \d+ bytes, over the extract limit of 500 bytes/);
    } finally {
      await small.close();
    }
  });

  it("validates the request like every entry point", async () => {
    const envelope = await pool.extract({ html: article });
    expect(envelope.error?.code).toBe("invalid_request");
  });

  it("refuses unknown or invalid options", () => {
    expect(() => createExtractPool({ timeout: 5 } as never)).toThrow(/no option timeout/);
    expect(() => createExtractPool({ workers: 0 })).toThrow(/positive integer/);
  });

  it("answers after close() with a typed failure, not a hang", async () => {
    const closing = createExtractPool();
    await closing.close();
    const envelope = await closing.extract({ url: "https://example.com/k", html: article });
    expect(envelope.ok).toBe(false);
  });

  it("offers a ready-made isolated entry point", async () => {
    const envelope = await extractContentIsolated({ url: "https://example.com/k", html: article });
    expect(envelope.ok).toBe(true);
  });
});

describe("input size limit of the in-process entry point", () => {
  it("refuses HTML over 10 MB with too_large, naming size and limit", async () => {
    const envelope = await extractContent({ url: "https://example.com/huge", html: "a".repeat(10_000_001) });
    expect(envelope.error?.code).toBe("too_large");
    expect(envelope.error?.message).toContain("10000001 bytes");
    expect(envelope.error?.details).toMatchObject({ field: "html", limit_bytes: 10_000_000 });
  });
});
