import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { assertStoreBuilt } from "./support/assert-built.js";
import { acquireFileLock } from "../src/core/lock.js";
import { openPageStore, type PageStore } from "../src/core/page-store.js";
import { errorCode, tempStoreDir } from "./helpers.js";
// @ts-expect-error plain JS fixture without types; it is shared with the child processes
import { pageFor } from "./fixtures/store-child.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, "..");
const childScript = path.join(here, "fixtures", "store-child.mjs");
const makePage = pageFor as (label: string, index: number, size: number) => { url: string; markdown: string };

beforeAll(() => assertStoreBuilt(packageDir));

function startChild(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [childScript, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function expectIntact(store: PageStore, pages: Array<{ url: string; markdown: string }>, handles: string[]): Promise<void> {
  for (const [index, handle] of handles.entries()) {
    const got = await store.get(handle, { page_size_tokens: 1_000_000 });
    expect(got.content).toBe(pages[index]!.markdown);
  }
}

describe("durability", () => {
  it("survives SIGKILL in the middle of a large add with earlier pages intact", async () => {
    const dir = tempStoreDir();
    const before = [0, 1, 2].map((index) => makePage("early", index, 50));
    const store = await openPageStore({ dir });
    const handles = (await store.add(before)).added.map((added) => added.handle);
    await store.close();

    const run = startChild(["big-add", dir, "big", "300"]);
    // Kill once the child is visibly writing page files but cannot have committed yet.
    const pagesDir = path.join(dir, "pages");
    await waitFor(() => readdirSync(pagesDir).filter((name) => name.startsWith("big.example")).length >= 20, 30_000);
    run.child.kill("SIGKILL");
    await run.exited;
    expect(run.output()).not.toContain("done");

    const reopened = await openPageStore({ dir, lock_timeout_ms: 2_000 });
    expect((await reopened.list()).pages.map((page) => page.handle).sort()).toEqual([...handles].sort());
    await expectIntact(reopened, before, handles);
    // The dead writer's lock is detected as stale; the next add works and clears its leftovers.
    const later = await reopened.add([makePage("later", 0, 5)]);
    expect(later.added[0]?.status).toBe("added");
    const files = readdirSync(pagesDir);
    expect(files).toHaveLength(4);
    expect(files.some((name) => name.includes(".tmp-"))).toBe(false);
    expect((await reopened.search("markerearly1")).passages[0]?.handle).toBe(handles[1]);
  }, 60_000);

  it("stays consistent when killed at random moments during repeated adds", async () => {
    const dir = tempStoreDir();
    const before = [makePage("base", 0, 30)];
    const store = await openPageStore({ dir });
    const handles = (await store.add(before)).added.map((added) => added.handle);
    await store.close();
    for (let round = 0; round < 4; round += 1) {
      const run = startChild(["many-adds", dir, `r${round}`, "200"]);
      await waitFor(() => run.output().includes("started"), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.floor(Math.random() * 60)));
      run.child.kill("SIGKILL");
      await run.exited;
      const reopened = await openPageStore({ dir, lock_timeout_ms: 2_000 });
      await expectIntact(reopened, before, handles);
      // Every listed page reads back whole: batches are all-or-nothing.
      const listed = (await reopened.list()).pages;
      for (const page of listed) {
        const content = (await reopened.get(page.handle, { page_size_tokens: 1_000_000 })).content;
        const match = /^# (\S+) (\d+)/.exec(content);
        expect(match).not.toBeNull();
        expect(content).toBe(makePage(match![1]!, Number(match![2]), match![1] === "base" ? 30 : 20).markdown);
      }
      expect(listed.length % 3).toBe(1);
      await reopened.close();
    }
  }, 120_000);

  it("lets two processes add at once without corrupting anything", async () => {
    const dir = tempStoreDir();
    const runs = [startChild(["many-adds", dir, "one", "8"]), startChild(["many-adds", dir, "two", "8"])];
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes).toEqual([0, 0]);
    const store = await openPageStore({ dir });
    const expected: Array<{ url: string; markdown: string }> = [];
    for (const [index, run] of runs.entries()) {
      const outcome = JSON.parse(run.output().trim().split("\n").pop()!) as { ok: number[]; locked: number; other: string[] };
      expect(outcome.other).toEqual([]);
      expect(outcome.ok.length + outcome.locked).toBe(8);
      for (const batch of outcome.ok) for (const offset of [0, 1, 2]) expected.push(makePage(index === 0 ? "one" : "two", batch * 3 + offset, 20));
    }
    expect((await store.stats()).pages).toBe(expected.length);
    for (const page of expected) {
      const hit = (await store.search(page.markdown.split("\n").pop() || page.markdown.trim().split("\n").pop()!)).passages[0];
      expect(hit?.url).toBe(page.url);
      expect((await store.get(hit!.handle, { page_size_tokens: 1_000_000 })).content).toBe(page.markdown);
    }
  }, 60_000);

  it("gives store_locked after lock_timeout_ms while another writer holds the lock", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir, lock_timeout_ms: 150 });
    const release = await acquireFileLock(path.join(dir, "write.lock"), 1_000);
    const started = Date.now();
    try {
      const failure = await store.add([makePage("locked", 0, 3)]).catch((error: unknown) => error as { code: string; retryable: boolean; message: string });
      expect(failure).toMatchObject({ code: "store_locked", retryable: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(await errorCode(store.search("anything").then(() => store.remove("locked.example~000000000000")))).toBe("store_locked");
      // Readers never need the lock.
      expect((await store.search("anything")).passages).toEqual([]);
    } finally {
      await release();
    }
    expect((await store.add([makePage("locked", 0, 3)])).added[0]?.status).toBe("added");
  });

  it("breaks a lock left by a dead process", async () => {
    const dir = tempStoreDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    const pid = await new Promise<number>((resolve) => dead.on("exit", () => resolve(dead.pid!)));
    const { writeFileSync } = await import("node:fs");
    const os = await import("node:os");
    writeFileSync(path.join(dir, "write.lock"), JSON.stringify({ pid, host: os.hostname(), token: "dead", acquired_at: "" }));
    const store = await openPageStore({ dir, lock_timeout_ms: 200 });
    expect((await store.add([makePage("stale", 0, 3)])).added[0]?.status).toBe("added");
    expect(readdirSync(dir).includes("write.lock")).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")).generation).toBe(1);
  });
});
