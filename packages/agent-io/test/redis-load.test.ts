import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildAgentIo, PACKAGE_DIR } from "./support/local-web.js";

const run = promisify(execFile);
const BENCH = fileURLToPath(new URL("../bench/rest-scale.mjs", import.meta.url));

interface Phase {
  title: string;
  instances: number;
  requests: number;
  statuses: Record<string, number>;
  typed_codes: Record<string, string>;
  errors: number;
  rss_mb_before: Array<number | null>;
  rss_mb_after: Array<number | null>;
}

// A bounded load (2 s per phase, 8 connections, loopback only) on two `websift serve` sharing one Redis:
// the scale benchmark run as a test, held to what must hold whatever the machine's speed.
describe("two instances on one Redis under load", () => {
  it("answer every request, only with typed replies, stay up, and keep their memory", async () => {
    buildAgentIo();
    const { stdout } = await run(process.execPath, [BENCH, "--seconds", "2", "--json"], { cwd: PACKAGE_DIR, timeout: 120_000 }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`bench:scale failed: ${error.stderr ?? ""}${error.stdout ?? ""}`);
    });
    const summary = JSON.parse(stdout) as { instances_alive: boolean; results: Phase[] };
    expect(summary.instances_alive).toBe(true);
    expect(summary.results.map((phase) => phase.instances)).toEqual([1, 2, 1, 2]);
    for (const phase of summary.results) {
      expect(phase.requests, phase.title).toBeGreaterThan(0);
      expect(phase.errors, phase.title).toBe(0);
      // Anything but 200 must be a typed Envelope (busy, store_unavailable, ...), never a bare failure.
      for (const [status, code] of Object.entries(phase.typed_codes)) expect(code, `${phase.title} ${status}`).not.toBe("untyped");
      phase.rss_mb_after.forEach((after, index) => {
        const before = phase.rss_mb_before[index];
        if (after !== null && before !== null && before !== undefined) expect(after - before, `${phase.title} instance ${index + 1} RSS`).toBeLessThan(150);
      });
    }
  }, 180_000);
});
