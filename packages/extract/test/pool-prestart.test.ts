// Workers started before the CLI loads its modules (worker-prestart.ts): the pool takes them over, a
// mismatched one is stopped, and one nobody takes never keeps the process alive.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createExtractPool } from "../src/index.js";
import { prestartedWorkerCount, prestartWorkers } from "../src/pool/worker-prestart.js";

const page = `<html><head><title>Kettles</title></head><body><article><h1>Kettles</h1>${"<p>A kettle boils water quickly because its element sits in the water and wastes little heat on the way.</p>".repeat(6)}</article></body></html>`;

describe("prestarted extract workers", () => {
  it("are taken over by the next pool, which extracts with them", async () => {
    prestartWorkers(1, 512);
    expect(prestartedWorkerCount()).toBe(1);
    const pool = createExtractPool({ workers: 1, maxHeapMb: 512 });
    try {
      const envelope = await pool.extract({ url: "https://example.com/k", html: page });
      expect(envelope.ok).toBe(true);
      expect(envelope.data?.content_text).toContain("A kettle boils water quickly");
      expect(prestartedWorkerCount()).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("are stopped, not used, when the pool wants another heap limit", async () => {
    prestartWorkers(1, 512);
    const pool = createExtractPool({ workers: 1, maxHeapMb: 256 });
    try {
      const envelope = await pool.extract({ url: "https://example.com/k", html: page });
      expect(envelope.ok).toBe(true);
      expect(prestartedWorkerCount()).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("do not keep a process alive when no pool takes them", () => {
    const script = new URL("scripts/prestart-then-exit.mjs", import.meta.url);
    const child = spawnSync(process.execPath, [script.pathname], { encoding: "utf8", timeout: 20_000 });
    expect(child.error).toBeUndefined();
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe("true 1");
  });
});
