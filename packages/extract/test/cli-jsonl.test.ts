// websift-extract --jsonl through the built launcher (bin/ over dist/), as a user runs it: build first.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/websift-extract.js", import.meta.url));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  envelopes: Array<{ ok: boolean; data: { url: string; content_text: string } | null; error: { code: string } | null }>;
}

function runJsonl(input: string | Buffer, ...extraArgs: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "--jsonl", "--format", "text", ...extraArgs], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const envelopes = out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Run["envelopes"][number]);
      resolve({ code, signal, envelopes });
    });
    child.stdin.end(input);
  });
}

const article = (words: string, repeat: number) =>
  `<html><head><title>T</title></head><body><article>${`<p>${words}</p>`.repeat(repeat)}</article></body></html>`;

describe("websift-extract --jsonl", () => {
  it("answers every line in order, whatever its size, line ending or bytes", async () => {
    // A 3 MB line (the bulk in a script, which extraction drops cheaply) around an article of 200 KB of
    // multi-byte characters, which the 64 KB reads of a pipe are bound to split.
    const paragraph = `<p>${"Crème brûlée 🍮🍮🍮 is a custard 🍮🍮 under hard caramel. ".repeat(20)}</p>`;
    const big = `<html><head><title>T</title><script>var blob = "${"é🍮".repeat(500_000)}";</script></head><body><article>${paragraph.repeat(150)}</article></body></html>`;
    const small = article("A short article with enough words in it to be kept as the main content of its page.", 3);
    const input = [
      JSON.stringify({ url: "https://example.com/big", html: big }),
      "",
      `${JSON.stringify({ url: "https://example.com/crlf", html: small })}\r`,
      "not json",
      // The last line has no newline after it.
      JSON.stringify({ url: "https://example.com/last", html: small }),
    ].join("\n");
    const run = await runJsonl(Buffer.from(input, "utf8"));
    expect(run.envelopes.map((e) => e.data?.url ?? e.error?.code)).toEqual([
      "https://example.com/big",
      "https://example.com/crlf",
      "invalid_request",
      "https://example.com/last",
    ]);
    const text = run.envelopes[0]!.data!.content_text;
    expect(text).toContain("Crème brûlée 🍮🍮🍮 is a custard");
    expect(text.match(/🍮/gu)?.length).toBe(150 * 20 * 5);
    expect(text).not.toContain("\uFFFD");
    // The launcher runs the CLI in a child: its exit status comes through (1: a line failed).
    expect(run.code).toBe(1);
  }, 60_000);

  it("checks each line against the contract in the worker, names the line or field, and keeps a line's own format", async () => {
    const small = article("A short article with enough words in it to be kept as the main content of its page.", 3);
    const input = [
      JSON.stringify({ url: "https://example.com/own-format", html: small, format: "markdown" }),
      "[1, 2]",
      JSON.stringify({ html: small }),
      JSON.stringify({ url: "https://example.com/bad-format", html: small, format: "pdf" }),
      "\u00a0\u00a0",
      "{not json",
      JSON.stringify({ url: "https://example.com/ok", html: small }),
    ].join("\n");
    const run = await runJsonl(input);
    const envelopes = run.envelopes as Array<Run["envelopes"][number] & { error: { code: string; message: string; details?: { field?: string } } | null; data: { content_markdown?: string } | null }>;
    expect(envelopes.map((e) => e.data?.url ?? e.error?.code)).toEqual([
      "https://example.com/own-format",
      "invalid_request",
      "invalid_request",
      "invalid_request",
      "invalid_request",
      "https://example.com/ok",
    ]);
    // The line's own "markdown" stands over --format text: the Markdown is there.
    expect(envelopes[0]!.data!.content_markdown).toContain("A short article");
    expect(envelopes[2]!.error!.message).toMatch(/url/);
    expect(envelopes[3]!.error!.details?.field).toMatch(/format/);
    // A line of non-breaking spaces is blank, as String#trim reads it: skipped, not answered.
    expect(envelopes[4]!.error!.message).toMatch(/^Line 6 is not valid JSON/);
    for (const e of envelopes) expect(JSON.stringify(e)).not.toMatch(/\bat \S+:\d+:\d+/);
  }, 60_000);

  it("keeps input order while pages behind a slow one finish first", async () => {
    // One slow page, then more small pages than the CLI holds back for it (32), bad lines among them: the
    // small pages finish on the other worker first, and every reply must still come out in input order.
    const slow = article(`${"Slow page words that take a while to extract and render. ".repeat(40)}`, 600);
    const lines = [JSON.stringify({ url: "https://example.com/slow", html: slow })];
    const expected = ["https://example.com/slow"];
    for (let i = 0; i < 60; i++) {
      if (i % 15 === 7) {
        lines.push("{broken");
        expected.push("invalid_request");
      }
      lines.push(JSON.stringify({ url: `https://example.com/p${i}`, html: article(`Page number${i} carries its own marker word among plenty of ordinary words.`, 3) }));
      expected.push(`https://example.com/p${i}`);
    }
    const run = await runJsonl(`${lines.join("\n")}\n`);
    expect(run.envelopes.map((e) => e.data?.url ?? e.error?.code)).toEqual(expected);
    for (const envelope of run.envelopes.slice(1)) {
      if (envelope.data) expect(envelope.data.content_text).toContain(`number${envelope.data.url.split("/p")[1]} carries`);
    }
    expect(run.code).toBe(1);
  }, 60_000);

  it("answers a page that runs out of time in its place, and the pages behind it after it, in order", async () => {
    // The first page needs ~12 s here (7 MB of text); with a 3 s budget its worker is stopped
    // (extract_timeout) while the other worker answers the small pages, which wait for it and then follow.
    // On a loaded machine a small page may itself be answered `busy` (queued past its budget) or
    // `extract_timeout` (its worker started late); either way each reply stands in its own line's place.
    const slow = article(`${"Slow page words that take a while to extract and render. ".repeat(40)}`, 3000);
    const lines = [JSON.stringify({ url: "https://example.com/slow", html: slow })];
    for (let i = 0; i < 8; i++) lines.push(JSON.stringify({ url: `https://example.com/p${i}`, html: article(`Page number${i} carries its own marker word among plenty of ordinary words.`, 3) }));
    const run = await runJsonl(`${lines.join("\n")}\n`, "--timeout-ms", "3000");
    expect(run.envelopes).toHaveLength(9);
    expect(run.envelopes[0]!.error?.code).toBe("extract_timeout");
    const small = run.envelopes.slice(1);
    small.forEach((envelope, i) => {
      if (envelope.data) expect(envelope.data.url).toBe(`https://example.com/p${i}`);
      else expect(["busy", "extract_timeout"]).toContain(envelope.error?.code);
    });
    expect(small.filter((envelope) => envelope.data).length).toBeGreaterThanOrEqual(4);
    expect(run.code).toBe(1);
  }, 60_000);

  it("exits 0 when every line was extracted", async () => {
    const run = await runJsonl(`${JSON.stringify({ url: "https://example.com/a", html: article("Plenty of plain words make up this short test article body here.", 3) })}\n`);
    expect(run.envelopes.map((e) => e.ok)).toEqual([true]);
    expect(run.code).toBe(0);
  });

  it.skipIf(!existsSync("/proc/self/task"))("runs under a heap limit in a child and passes signals on to it", async () => {
    const launcher = spawn(process.execPath, [bin, "--jsonl"], { stdio: ["pipe", "ignore", "inherit"] });
    const closed = new Promise<NodeJS.Signals | null>((resolve) => launcher.on("close", (_code, signal) => resolve(signal)));
    const childPid = await waitFor(() => readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, "utf8").trim());
    // Between fork and exec the child's /proc entry shows an empty or the launcher's own command line:
    // wait for the exec before reading it.
    const launcherCmdline = readFileSync(`/proc/${launcher.pid}/cmdline`, "utf8");
    const cmdline = await waitFor(() => {
      const text = readFileSync(`/proc/${childPid}/cmdline`, "utf8");
      return text !== launcherCmdline ? text : "";
    });
    const argv = cmdline.split("\0");
    expect(argv).toContain("--max-old-space-size=1024");
    expect(argv.some((arg) => /^--v8-pool-size=[1-4]$/.test(arg))).toBe(true);
    expect(argv).toContain("--interrupt-budget=614400");
    expect(argv).toContain("--jsonl");
    launcher.kill("SIGTERM");
    expect(await closed).toBe("SIGTERM");
    expect(existsSync(`/proc/${childPid}/cmdline`) && readFileSync(`/proc/${childPid}/cmdline`, "utf8") !== "").toBe(false);
  });
});

async function waitFor(read: () => string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
}
