import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPageStore, type PageStore } from "../src/core/page-store.js";
import { runStoreOperation } from "../src/index.js";
import { errorCode, fakeClock, tempStoreDir } from "./helpers.js";

const GUIDE = [
  "# Widget guide",
  "",
  "Widgets are small. This guide covers widgets.",
  "",
  "## Installing widgets",
  "",
  "Download the widget package and unpack it. Widgets need a frobnicator to install.",
  "",
  "## Configuring widgets",
  "",
  "Every widget reads its settings from a file. The quick brown fox jumps over the lazy dog.",
  "",
  "## Troubleshooting",
  "",
  "If a widget hangs, restart the widget. Widgets widgets widgets.",
  "",
].join("\n");

const OTHER = "# Foxes\n\nA fox is quick. Brown foxes are common. The dog is lazy.\n\n## Dogs\n\nLazy dogs sleep.\n";

async function readAll(store: PageStore, handle: string, pageSizeTokens: number): Promise<string> {
  let content = "";
  for (let page = 1; ; page += 1) {
    const result = await store.get(handle, { page, page_size_tokens: pageSizeTokens });
    expect(result.page).toBe(page);
    content += result.content;
    if (!result.has_more) {
      expect(result.total_pages).toBe(page);
      return content;
    }
  }
}

for (const mode of ["disk", "memory"] as const) {
  const open = (extra: Parameters<typeof openPageStore>[0] = {}) =>
    openPageStore(mode === "memory" ? { inMemory: true, ...extra } : { dir: tempStoreDir(), ...extra });

  describe(`PageStore (${mode})`, () => {
    it("finds the passage holding a phrase that occurs once, first", async () => {
      const store = await open();
      const { added } = await store.add([
        { url: "https://example.com/guide", markdown: GUIDE, title: "Widget guide" },
        { url: "https://animals.example/foxes", markdown: OTHER },
      ]);
      expect(added.map((a) => a.status)).toEqual(["added", "added"]);
      const { passages } = await store.search("the quick brown fox jumps");
      expect(passages[0]?.handle).toBe(added[0]?.handle);
      expect(passages[0]?.heading).toBe("Configuring widgets");
      expect(passages[0]?.text).toContain("The quick brown fox jumps over the lazy dog.");
      const first = passages[0]!;
      expect(GUIDE.slice(first.span.start, first.span.end)).toBe(first.text);
      expect(first.url).toBe("https://example.com/guide");
      expect(first.title).toBe("Widget guide");
      expect(first.score).toBeGreaterThan(0);
    });

    it("gives back the original byte for byte across every page", async () => {
      const store = await open();
      const unicode = `${GUIDE}\n## Ünïcödé\n\n${"😀 漢字 e\u0301 👩‍👩‍👧 — “quotes”\r\n".repeat(200)}\n\`\`\`\n# code\n\`\`\`\n`;
      const { added } = await store.add([{ url: "https://example.com/u", markdown: unicode }]);
      const handle = added[0]!.handle;
      for (const size of [3, 50, 500, 5000]) {
        const joined = await readAll(store, handle, size);
        expect(Buffer.from(joined).equals(Buffer.from(unicode))).toBe(true);
      }
      const only = await store.get(handle, { page_size_tokens: 1_000_000 });
      expect(only.total_pages).toBe(1);
      expect(only.has_more).toBe(false);
      // A page past the last is not found (the request itself was fine): the details say how many there are.
      const past = await store.get(handle, { page: 99999 }).catch((error: unknown) => error);
      expect(past).toMatchObject({ code: "not_found", details: { reason: "past_last_page", total_pages: (await store.get(handle)).total_pages } });
    });

    it("reports unchanged on re-add and updated on changed content", async () => {
      const store = await open();
      const url = "https://example.com/page";
      const first = await store.add([{ url, markdown: GUIDE }]);
      const again = await store.add([{ url: `${url}?utm_source=newsletter#top`, markdown: GUIDE }]);
      expect(again.added[0]).toMatchObject({ handle: first.added[0]!.handle, status: "unchanged" });
      const retitled = await store.add([{ url, markdown: GUIDE, title: "New title" }]);
      expect(retitled.added[0]?.status).toBe("updated");
      expect((await store.add([{ url, markdown: GUIDE }])).added[0]?.status).toBe("unchanged");
      expect((await store.get(first.added[0]!.handle)).title).toBe("New title");
      const changed = GUIDE.replace("frobnicator", "sprocket");
      const updated = await store.add([{ url, markdown: changed }]);
      expect(updated.added[0]?.status).toBe("updated");
      expect(await readAll(store, first.added[0]!.handle, 20)).toBe(changed);
      expect((await store.search("frobnicator")).passages).toEqual([]);
      expect((await store.search("sprocket")).passages[0]?.handle).toBe(first.added[0]!.handle);
      expect((await store.list()).pages).toHaveLength(1);
    });

    it("never throws on odd query strings; an empty one is invalid_request", async () => {
      const store = await open();
      await store.add([{ url: "https://example.com/g", markdown: GUIDE }]);
      const odd = ['"*:(', "😀", "((()))", "AND OR NOT -", "\\", "%s%n", "a:b:c", "\u0000\uffff", "🦊 fox", "[x](y)", "widget*", "'; DROP TABLE", "\ud800", "x".repeat(100_000)];
      for (const query of odd) {
        const { passages } = await store.search(query);
        expect(Array.isArray(passages)).toBe(true);
      }
      expect((await store.search("widget*")).passages.length).toBeGreaterThan(0);
    });

    it("the store contract refuses an empty query, a limit of 0 and a malformed handle, naming the field", async () => {
      for (const [request, field] of [
        [{ query: "   " }, "query"],
        [{ query: "\n\t" }, "query"],
        [{ query: "" }, "query"],
        [{ query: "x", limit: 0 }, "limit"],
        [{ query: "x", handle: "../../etc" }, "handle"],
      ] as const) {
        const reply = await runStoreOperation({ operation: "search", in_memory: true, ...request });
        expect(reply.error).toMatchObject({ code: "invalid_request", details: { field } });
      }
    });

    it("searches one page, lists, removes and counts", async () => {
      const store = await open();
      const { added } = await store.add([
        { url: "https://example.com/g", markdown: GUIDE },
        { url: "https://animals.example/foxes", markdown: OTHER },
      ]);
      const foxes = added[1]!.handle;
      const scoped = await store.search("lazy dog", { handle: foxes });
      expect(scoped.passages.every((p) => p.handle === foxes)).toBe(true);
      expect(scoped.passages.length).toBeGreaterThan(0);
      let stats = await store.stats();
      expect(stats).toMatchObject({ pages: 2, in_memory: mode === "memory", evictions: { ttl: 0, lru: 0 } });
      expect(stats.passages).toBe(added[0]!.passages + added[1]!.passages);
      expect(stats.bytes).toBeGreaterThan(GUIDE.length);
      expect(await store.remove(foxes)).toEqual({ handle: foxes, removed: true });
      expect(await errorCode(store.remove(foxes))).toBe("not_found");
      expect(await errorCode(store.get(foxes))).toBe("not_found");
      expect((await store.search("lazy dogs sleep")).passages.every((p) => p.handle !== foxes)).toBe(true);
      stats = await store.stats();
      expect(stats.pages).toBe(1);
      expect((await store.list()).pages.map((p) => p.handle)).toEqual([added[0]!.handle]);
    });

    it("rejects bad add requests naming the field", async () => {
      for (const [pages, field] of [
        [[], "pages"],
        [[{ url: "nope", markdown: "x" }], "pages[0].url"],
        [[{ url: "https://e.com/", markdown: "x" }, { url: "https://e.com/", markdown: 5 }], "pages[1].markdown"],
        [[{ url: "https://e.com/", markdown: "x", extra: 1 }], "pages[0].extra"],
        [[{ url: "https://e.com/", markdown: "x", fetched_at: "yesterday" }], "pages[0].fetched_at"],
      ] as const) {
        const reply = await runStoreOperation({ operation: "add", in_memory: true, pages });
        expect(reply.error).toMatchObject({ code: "invalid_request", details: { field } });
      }
    });

    it("expires pages after their TTL", async () => {
      const clock = fakeClock();
      const store = await open({ ttl_s: 10, now: clock.now });
      const a = (await store.add([{ url: "https://example.com/a", markdown: "# A\n\nalpha aardvark\n" }])).added[0]!.handle;
      clock.advance(8_000);
      await store.add([{ url: "https://example.com/b", markdown: "# B\n\nbeta aardvark\n" }]);
      clock.advance(3_000);
      expect(await errorCode(store.get(a))).toBe("not_found");
      expect((await store.search("aardvark")).passages.map((p) => p.handle)).not.toContain(a);
      expect(await store.stats()).toMatchObject({ pages: 1, expired_pending: 1 });
      const third = await store.add([{ url: "https://example.com/c", markdown: "# C\n\ngamma\n" }]);
      expect(third.evicted).toEqual([a]);
      expect(await store.stats()).toMatchObject({ pages: 2, expired_pending: 0, evictions: { ttl: 1, lru: 0 } });
      // Re-adding an expired page stores it afresh.
      expect((await store.add([{ url: "https://example.com/a", markdown: "# A\n\nalpha aardvark\n" }])).added[0]?.status).toBe("added");
    });

    it("evicts the least recently used pages over the size cap; get and search count as use", async () => {
      const clock = fakeClock();
      const body = (word: string) => `# ${word}\n\n${`${word} `.repeat(200)}\n`;
      const probe = await openPageStore({ inMemory: true });
      const oneSize = (await probe.add([{ url: "https://example.com/alpha", markdown: body("alpha") }])).added[0]!.bytes;
      const store = await open({ max_bytes: oneSize * 3 + 10, now: clock.now });
      const handles: string[] = [];
      for (const word of ["alpha", "bravo", "charl"]) {
        handles.push((await store.add([{ url: `https://example.com/${word}`, markdown: body(word) }])).added[0]!.handle);
        clock.advance(1_000);
      }
      await store.get(handles[0]!); // alpha is now more recent than bravo
      clock.advance(1_000);
      await store.search("charl"); // and charl too
      clock.advance(1_000);
      const result = await store.add([{ url: "https://example.com/delta", markdown: body("delta") }]);
      expect(result.evicted).toEqual([handles[1]]);
      const stats = await store.stats();
      expect(stats.evictions).toEqual({ ttl: 0, lru: 1 });
      expect(stats.bytes).toBeLessThanOrEqual(stats.max_bytes);
      expect(stats.max_bytes).toBe(oneSize * 3 + 10);
      expect(await errorCode(store.get(handles[1]!))).toBe("not_found");
      await store.get(handles[0]!);
    });
  });
}

describe("PageStore on disk", () => {
  it("keeps pages across reopen and sees another instance's writes", async () => {
    const dir = tempStoreDir();
    const writer = await openPageStore({ dir });
    const reader = await openPageStore({ dir });
    expect((await reader.search("widget")).passages).toEqual([]);
    const { added } = await writer.add([{ url: "https://example.com/g", markdown: GUIDE }]);
    expect((await reader.search("frobnicator")).passages[0]?.handle).toBe(added[0]!.handle);
    await writer.close();
    await reader.close();
    const reopened = await openPageStore({ dir });
    expect((await reopened.get(added[0]!.handle, { page_size_tokens: 100_000 })).content).toBe(GUIDE);
    expect(await errorCode(reopened.stats().then(() => reopened.close()).then(() => reopened.list()))).toBe("invalid_request");
  });

  it("fails closed on a handle collision", async () => {
    const dir = tempStoreDir();
    const store = await openPageStore({ dir });
    const { added } = await store.add([{ url: "https://example.com/g", markdown: GUIDE }]);
    // Simulate a sha-256 prefix collision: the stored entry claims another canonical URL.
    const manifestPath = path.join(dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.pages[added[0]!.handle].canonical_url = "https://example.com/other";
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const other = await openPageStore({ dir });
    expect(await errorCode(other.add([{ url: "https://example.com/g", markdown: "changed" }]))).toBe("handle_collision");
    expect((await other.get(added[0]!.handle, { page_size_tokens: 100_000 })).content).toBe(GUIDE);
  });

  it("reports a damaged manifest as store_corrupt", async () => {
    const dir = tempStoreDir();
    writeFileSync(path.join(dir, "manifest.json"), "{ half a write");
    expect(await errorCode(openPageStore({ dir }))).toBe("store_corrupt");
  });

  it("rejects unknown options", async () => {
    expect(await errorCode(openPageStore({ inMemory: true, ttl: 5 } as never))).toBe("invalid_request");
    expect(await errorCode(openPageStore({ inMemory: true, max_bytes: -1 }))).toBe("invalid_request");
  });
});
