import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { assertStoreBuilt } from "./support/assert-built.js";
import { FsBackend } from "../src/core/fs-backend.js";
import { acquireFileLock } from "../src/core/lock.js";
import { resolvePageStoreOptions } from "../src/core/options.js";
import { PageStore, openPageStore } from "../src/core/page-store.js";
import { decodeSnapshot, encodeSnapshot } from "../src/core/snapshot-file.js";
import type { StoreSearchResponse as SearchResult } from "@websift/contracts";
import { tempStoreDir } from "./helpers.js";
// @ts-expect-error plain JS fixture without types; it is shared with the child processes
import { pageFor } from "./fixtures/store-child.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, "..");
const childScript = path.join(here, "fixtures", "store-child.mjs");
const makePage = pageFor as (label: string, index: number, size: number) => { url: string; markdown: string };
const SNAPSHOT = "index.snapshot";

const QUERIES = [
  "markeralpha3",
  "alpha page 2 line 4",
  "ünïcödé lorem",
  "lorem ipsum dolor",
  "page",
  "line 7 lorem",
  "beta 1",
  "markerbeta0 end",
  "nothing-matches-this-zzz",
  '"*:( 😀',
];

beforeAll(() => assertStoreBuilt(packageDir));

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`child exited ${code}: ${output}`))));
  });
}

/** A store instance that never reads or writes a snapshot: the reference, indexed from page files. */
async function openRebuilding(dir: string): Promise<PageStore> {
  const backend = await FsBackend.open(dir);
  Object.defineProperty(backend, "keepsIndexSnapshot", { value: false });
  return new PageStore(backend, resolvePageStoreOptions({ dir }));
}

/** A normal store instance whose page-file reads are counted. */
async function openCounting(dir: string): Promise<{ store: PageStore; pageReads: () => number }> {
  const backend = await FsBackend.open(dir);
  let reads = 0;
  const readPage = backend.readPage.bind(backend);
  backend.readPage = (file) => {
    reads += 1;
    return readPage(file);
  };
  return { store: new PageStore(backend, resolvePageStoreOptions({ dir })), pageReads: () => reads };
}

async function searchAll(store: PageStore, handle?: string): Promise<Array<SearchResult["passages"]>> {
  const results: Array<SearchResult["passages"]> = [];
  for (const query of QUERIES) results.push((await store.search(query, { limit: 20, ...(handle === undefined ? {} : { handle }) })).passages);
  return results;
}

async function fillStore(dir: string): Promise<string[]> {
  const store = await openPageStore({ dir });
  const handles: string[] = [];
  for (const label of ["alpha", "beta"]) {
    const { added } = await store.add(Array.from({ length: 6 }, (_, index) => makePage(label, index, 12)));
    handles.push(...added.map((page) => page.handle));
  }
  // An update and a removal, so the snapshot is of an index that changed, not only grew.
  await store.add([{ ...makePage("alpha", 1, 12), markdown: `${makePage("alpha", 1, 12).markdown}\n## Extra\n\nsprocket frobnicator\n` }]);
  await store.remove(handles[4]!);
  await store.close();
  return handles;
}

describe("index snapshot", () => {
  it("is written by one process and used by another, with results identical to a rebuild", async () => {
    const dir = tempStoreDir();
    await runChild(["many-adds", dir, "alpha", "4"]);
    await runChild(["many-adds", dir, "beta", "3"]);
    expect(existsSync(path.join(dir, SNAPSHOT))).toBe(true);

    const reader = JSON.parse((await runChild(["search", dir, JSON.stringify(QUERIES)])).trim().split("\n").pop()!) as {
      source: string;
      results: Array<SearchResult["passages"]>;
    };
    expect(reader.source).toBe("snapshot");
    const reference = await openRebuilding(dir);
    const expected = await searchAll(reference);
    expect(reference.indexSource).toBe("page-files");
    expect(reader.results).toEqual(expected);
    expect(expected[0]![0]?.text).toContain("markeralpha3");

    // In this process too; and only the hits' page files are read, not every page.
    const { store, pageReads } = await openCounting(dir);
    const first = await store.search("markerbeta4");
    expect(store.indexSource).toBe("snapshot");
    expect(first.passages[0]?.text).toBe("## End\n\nmarkerbeta4");
    expect(pageReads()).toBe(new Set(first.passages.map((passage) => passage.handle)).size);
    expect(await searchAll(store)).toEqual(expected);
    const handle = expected[0]![0]!.handle;
    expect(await searchAll(store, handle)).toEqual(await searchAll(reference, handle));
  }, 60_000);

  it("stays identical to a rebuild through updates and removals", async () => {
    const dir = tempStoreDir();
    await fillStore(dir);
    const store = await openPageStore({ dir });
    const results = await searchAll(store);
    expect(store.indexSource).toBe("snapshot");
    expect(results).toEqual(await searchAll(await openRebuilding(dir)));
    expect((await store.search("sprocket frobnicator")).passages[0]?.heading).toBe("Extra");
  });

  it("ignores a snapshot from an older generation or from other content, and rebuilds", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir });
    const { added } = await store.add([makePage("old", 0, 5), makePage("old", 1, 5)]);
    copyFileSync(path.join(dir, SNAPSHOT), path.join(dir, "old.snapshot"));
    await store.add([{ url: makePage("old", 0, 5).url, markdown: "# Replaced\n\nwombat\n" }]);
    await store.close();
    copyFileSync(path.join(dir, "old.snapshot"), path.join(dir, SNAPSHOT));

    const reader = await openPageStore({ dir });
    expect((await reader.search("markerold0")).passages).toEqual([]);
    expect((await reader.search("wombat")).passages[0]?.handle).toBe(added[0]!.handle);
    expect(reader.indexSource).toBe("page-files");
    expect(await searchAll(reader)).toEqual(await searchAll(await openRebuilding(dir)));

    // Same generation number, different pages: another store's snapshot is not used either.
    const other = tempStoreDir();
    const otherStore = await openPageStore({ dir: other });
    await otherStore.add([makePage("other", 0, 5)]);
    await otherStore.close();
    const mine = tempStoreDir();
    const mineStore = await openPageStore({ dir: mine });
    await mineStore.add([makePage("mine", 0, 5)]);
    await mineStore.close();
    copyFileSync(path.join(other, SNAPSHOT), path.join(mine, SNAPSHOT));
    const fresh = await openPageStore({ dir: mine });
    expect((await fresh.search("markerother0")).passages).toEqual([]);
    expect((await fresh.search("markermine0")).passages).toHaveLength(1);
    expect(fresh.indexSource).toBe("page-files");
  });

  it("detects a damaged snapshot, rebuilds from the page files and replaces it", async () => {
    const dir = tempStoreDir();
    await fillStore(dir);
    const expected = await searchAll(await openRebuilding(dir));
    const good = readFileSync(path.join(dir, SNAPSHOT));
    const { header, sections } = decodeSnapshot(good);
    const { sections: _layout, endianness: _order, ...binding } = header;
    const meta = JSON.parse(sections.get("meta")!.toString("utf8")) as { lengths: number[]; starts: number[] };
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x10;
    const damaged: Record<string, Buffer> = {
      "a flipped bit": flipped,
      truncated: good.subarray(0, good.length - 100),
      "cut in the header": good.subarray(0, 40),
      empty: Buffer.alloc(0),
      "not a snapshot": Buffer.from("{ half a write"),
      // Intact framing and checksum, inconsistent contents: caught by the restore's own checks.
      "token counts that do not add up": encodeSnapshot(binding, new Map([...sections, ["meta", Buffer.from(JSON.stringify({ ...meta, lengths: meta.lengths.map((n) => n + 1) }))]])),
      "spans that run backwards": encodeSnapshot(binding, new Map([...sections, ["meta", Buffer.from(JSON.stringify({ ...meta, starts: meta.starts.map(() => 1e9) }))]])),
      "the token section missing": encodeSnapshot(binding, new Map([...sections].filter(([name]) => name === "meta"))),
    };
    for (const [what, bytes] of Object.entries(damaged)) {
      writeFileSync(path.join(dir, SNAPSHOT), bytes);
      const store = await openPageStore({ dir });
      expect(await searchAll(store), what).toEqual(expected);
      expect(store.indexSource, what).toBe("page-files");
      // The reader found the lock free and left a good snapshot for the next process.
      const next = await openPageStore({ dir });
      expect(await searchAll(next), what).toEqual(expected);
      expect(next.indexSource, what).toBe("snapshot");
    }
  });

  it("never leaves a wrong snapshot when a writer is killed at random moments", async () => {
    const dir = tempStoreDir();
    await fillStore(dir);
    for (let round = 0; round < 3; round += 1) {
      const child = spawn(process.execPath, [childScript, "many-adds", dir, `k${round}`, "200"], { stdio: ["ignore", "pipe", "ignore"] });
      await new Promise<void>((resolve) => child.stdout.on("data", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(Math.random() * 150)));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.on("exit", resolve));
      const store = await openPageStore({ dir });
      const queries = ["markeralpha3", `markerk${round}1`, "lorem ipsum", `k${round} page 2`];
      const reference = await openRebuilding(dir);
      for (const query of queries) expect((await store.search(query, { limit: 20 })).passages).toEqual((await reference.search(query, { limit: 20 })).passages);
    }
  }, 60_000);

  it("lets a reader rebuild while a writer holds the lock, without writing a snapshot", async () => {
    const dir = tempStoreDir();
    await fillStore(dir);
    rmSync(path.join(dir, SNAPSHOT));
    const release = await acquireFileLock(path.join(dir, "write.lock"), 1_000);
    try {
      const store = await openPageStore({ dir });
      expect((await store.search("markeralpha3")).passages).not.toEqual([]);
      expect(existsSync(path.join(dir, SNAPSHOT))).toBe(false);
    } finally {
      await release();
    }
  });

  it("reads page text for get from the page file, byte for byte", async () => {
    const dir = tempStoreDir();
    await fillStore(dir);
    const page = makePage("beta", 2, 12);
    const store = await openPageStore({ dir });
    const hit = (await store.search("markerbeta2")).passages[0]!;
    expect(store.indexSource).toBe("snapshot");
    expect((await store.get(hit.handle, { page_size_tokens: 1_000_000 })).content).toBe(page.markdown);
    expect(page.markdown.slice(hit.span.start, hit.span.end)).toBe(hit.text);
  });
});
