import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPageStore } from "../src/core/page-store.js";
import { StoreLayerError } from "../src/errors.js";
import { runStoreOperation } from "../src/index.js";
import { errorCode, tempStoreDir } from "./helpers.js";

const PAGE = "# Widgets\n\nWidgets need a frobnicator to install.\n";

/** The error the call ends with, failing the test if it takes longer than `withinMs`. */
async function failureWithin(call: () => Promise<unknown>, withinMs: number): Promise<StoreLayerError> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${withinMs} ms`)), withinMs);
  });
  try {
    await Promise.race([call(), timeout]);
  } catch (error) {
    if (!(error instanceof StoreLayerError)) throw error;
    expect(Date.now() - started).toBeLessThan(withinMs);
    return error;
  } finally {
    clearTimeout(timer);
  }
  throw new Error("expected the call to fail");
}

describe("the store deletes only files it wrote", () => {
  it("leaves foreign files in pages/ and in the store directory through GC, replacement, eviction and removal", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir, max_bytes: 1 });
    const first = (await store.add([{ url: "https://example.com/a", markdown: PAGE }])).added[0]!;
    const pages = path.join(dir, "pages");
    const foreign = ["notes.txt", "README", "x~0123456789ab.json", "a~0123456789ab.g1.json.bak", "passwd"];
    for (const name of foreign) writeFileSync(path.join(pages, name), `keep ${name}`);
    mkdirSync(path.join(pages, "sub"));
    writeFileSync(path.join(pages, "sub", "inner.json"), "keep");
    const foreignRoot = ["notes.tmp-1", "my.json.tmp-123-abcdef12", "write.lock.stale-x"];
    for (const name of foreignRoot) writeFileSync(path.join(dir, name), "keep");
    // Files of the store's own pattern that no manifest lists are still collected.
    const orphan = "orphan.example~0123456789ab.g7.json";
    const crashedTemp = `manifest.json.tmp-4242-0a1b2c3d`;
    writeFileSync(path.join(pages, orphan), "{}");
    writeFileSync(path.join(dir, crashedTemp), "{}");

    await store.add([{ url: "https://example.com/a", markdown: `${PAGE}\nChanged.\n` }]); // replaces the page file
    await store.add([{ url: "https://example.com/b", markdown: PAGE }]); // evicts a over the 1-byte cap
    await store.remove((await store.list()).pages[0]!.handle);
    await store.close();

    const left = readdirSync(pages);
    expect(left.sort()).toEqual([...foreign, "sub"].sort());
    for (const name of foreign) expect(readFileSync(path.join(pages, name), "utf8")).toBe(`keep ${name}`);
    expect(readFileSync(path.join(pages, "sub", "inner.json"), "utf8")).toBe("keep");
    for (const name of foreignRoot) expect(existsSync(path.join(dir, name))).toBe(true);
    expect(existsSync(path.join(pages, orphan))).toBe(false);
    expect(existsSync(path.join(dir, crashedTemp))).toBe(false);
    expect(left.some((name) => name.startsWith(first.handle))).toBe(false);
  });
});

describe("the store recognises its directory", () => {
  it("refuses a non-empty directory that is not a websift store, writing nothing into it", async () => {
    const dir = tempStoreDir();
    writeFileSync(path.join(dir, "thesis.tex"), "precious");
    const error = await failureWithin(() => openPageStore({ dir }), 5_000);
    expect(error.code).toBe("invalid_config");
    expect(error.message).toContain(dir);
    expect(error.message).toContain("not a websift store");
    expect(error.message).toContain("thesis.tex");
    expect(error.message).toMatch(/give a new or empty directory/);
    expect(readdirSync(dir)).toEqual(["thesis.tex"]);
  });

  it("refuses a directory whose manifest.json is someone else's, and foreign files under pages/", async () => {
    const app = tempStoreDir();
    writeFileSync(path.join(app, "manifest.json"), JSON.stringify({ name: "my web app", icons: [] }));
    expect(await errorCode(openPageStore({ dir: app }))).toBe("invalid_config");
    const pagesOnly = tempStoreDir();
    mkdirSync(path.join(pagesOnly, "pages"));
    writeFileSync(path.join(pagesOnly, "pages", "photo.jpg"), "jpg");
    const error = await failureWithin(() => openPageStore({ dir: pagesOnly }), 5_000);
    expect(error.message).toContain("pages/photo.jpg");
    expect(readdirSync(pagesOnly)).toEqual(["pages"]);
  });

  it("answers a refusal through the entry point as an invalid_config Envelope", async () => {
    const dir = tempStoreDir();
    writeFileSync(path.join(dir, "id_rsa"), "secret");
    const envelope = await runStoreOperation({ operation: "search", store_dir: dir, query: "x" });
    expect(envelope.ok).toBe(false);
    expect(envelope.error?.code).toBe("invalid_config");
    expect(envelope.error?.message).toContain(dir);
  });

  it("creates a new or empty directory as a store, marked so it is recognised later", async () => {
    const parent = tempStoreDir();
    const dir = path.join(parent, "deep", "new", "store");
    const store = await openPageStore({ dir });
    await store.add([{ url: "https://example.com/a", markdown: PAGE }]);
    await store.close();
    const marker = JSON.parse(readFileSync(path.join(dir, "websift-store.json"), "utf8"));
    expect(marker.format).toBe("websift-store/1");
    // Recognised by the marker even with a foreign file planted next to it.
    writeFileSync(path.join(dir, "notes.txt"), "mine");
    const again = await openPageStore({ dir });
    expect((await again.search("frobnicator")).passages).toHaveLength(1);
    await again.close();
  });

  it("opens stores made before the marker: one with a manifest, one only ever opened (empty pages/)", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir });
    await store.add([{ url: "https://example.com/a", markdown: PAGE }]);
    await store.close();
    rmSync(path.join(dir, "websift-store.json"));
    writeFileSync(path.join(dir, "notes.txt"), "an older store may hold files of its owner");
    const old = await openPageStore({ dir });
    expect((await old.search("frobnicator")).passages).toHaveLength(1);
    await old.close();
    expect(existsSync(path.join(dir, "websift-store.json"))).toBe(true);

    const opened = tempStoreDir();
    mkdirSync(path.join(opened, "pages"));
    writeFileSync(path.join(opened, "access.json"), "{}");
    const reopened = await openPageStore({ dir: opened });
    expect((await reopened.stats()).pages).toBe(0);
    await reopened.close();
  });
});

describe("filesystem problems fail fast with a typed error", () => {
  it.skipIf(!existsSync("/proc/1"))("refuses /proc/1 and a missing path under it in bounded time", async () => {
    const proc = await failureWithin(() => openPageStore({ dir: "/proc/1" }), 3_000);
    expect(proc.code).toBe("invalid_config");
    const under = await failureWithin(() => openPageStore({ dir: "/proc/1/websift/store" }), 3_000);
    expect(under.code).toBe("invalid_config");
    expect(under.message).toContain("cannot be created");
    const envelope = await Promise.race([
      runStoreOperation({ operation: "stats", store_dir: "/proc/1/x" }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the request never answered")), 3_000)),
    ]);
    expect(envelope.error?.code).toBe("invalid_config");
  });

  it("refuses a file in place of the store directory, of pages/, or of a parent", async () => {
    const parent = tempStoreDir();
    const file = path.join(parent, "a-file");
    writeFileSync(file, "x");
    const asDir = await failureWithin(() => openPageStore({ dir: file }), 3_000);
    expect(asDir.code).toBe("invalid_config");
    expect(asDir.message).toContain("is not a directory");
    expect((await failureWithin(() => openPageStore({ dir: path.join(file, "store") }), 3_000)).code).toBe("invalid_config");

    const dir = tempStoreDir();
    writeFileSync(path.join(dir, "pages"), "not a directory");
    const pages = await failureWithin(() => openPageStore({ dir }), 3_000);
    expect(pages.code).toBe("invalid_config");
    expect(readFileSync(path.join(dir, "pages"), "utf8")).toBe("not a directory");
  });

  it("fails a write at once when a directory stands in place of the lock file, instead of waiting", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir, lock_timeout_ms: 20_000 });
    mkdirSync(path.join(dir, "write.lock"));
    const error = await failureWithin(() => store.add([{ url: "https://example.com/a", markdown: PAGE }]), 3_000);
    expect(error.code).toBe("invalid_config");
    expect(error.message).toContain("write.lock");
    await store.close();
  });
});
