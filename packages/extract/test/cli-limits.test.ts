// websift-extract's bounds, through the built launcher: a file over --max-bytes is refused from its size,
// and a pathological page ends within its time budget.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/websift-extract.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "websift-extract-limits-"));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("websift-extract limits", () => {
  it("refuses a file over --max-bytes with a too_large Envelope and no stack trace", async () => {
    const file = join(dir, "big.html");
    writeFileSync(file, `<html><body><p>${"word ".repeat(400)}</p></body></html>`);
    const r = await run([file, "--url", "https://example.com/big", "--max-bytes", "1000", "--json"]);
    expect(r.code).toBe(1);
    const envelope = JSON.parse(r.stdout) as { ok: boolean; error: { code: string; message: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe("too_large");
    expect(envelope.error.message).toMatch(/is 2\d{3} bytes, over the limit of 1000 bytes/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a bad --max-bytes as a usage error", async () => {
    const r = await run(["x.html", "--url", "https://example.com/", "--max-bytes", "ten", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe("invalid_request");
  });

  it("ends a 3,000-nested-div file within 60 s, read or typed", async () => {
    const file = join(dir, "deep.html");
    writeFileSync(file, `<html><body>${"<div>".repeat(3000)}<p>Deep text that a reader can still find at the bottom.</p>${"</div>".repeat(3000)}</body></html>`);
    const started = Date.now();
    const r = await run([file, "--url", "https://example.com/deep", "--json"]);
    expect(Date.now() - started).toBeLessThan(60_000);
    const envelope = JSON.parse(r.stdout) as { ok: boolean; data: { content_text: string } | null; error: { code: string } | null };
    if (envelope.ok) expect(envelope.data?.content_text).toContain("Deep text");
    else expect(envelope.error?.code).toBe("extract_timeout");
  }, 70_000);

  it("answers an over-long --jsonl line with too_large and goes on to the next", async () => {
    const child = spawn(process.execPath, [bin, "--jsonl", "--max-bytes", "1000"], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    const done = new Promise<number | null>((resolve) => child.on("close", resolve));
    const page = `<html><body><article>${"<p>Enough words in one paragraph to be content on this page.</p>".repeat(3)}</article></body></html>`;
    child.stdin.end(`${JSON.stringify({ url: "https://example.com/a", html: "x".repeat(5_000_000) })}\n${JSON.stringify({ url: "https://example.com/b", html: page })}\n`);
    expect(await done).toBe(1);
    const envelopes = out.trim().split("\n").map((l) => JSON.parse(l) as { ok: boolean; error: { code: string } | null });
    expect(envelopes.map((e) => e.error?.code ?? "ok")).toEqual(["too_large", "ok"]);
  }, 60_000);
});
