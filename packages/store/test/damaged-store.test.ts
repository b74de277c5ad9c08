import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FsBackend } from "../src/core/fs-backend.js";
import { openPageStore, type PageStore } from "../src/core/page-store.js";
import { runStoreOperation } from "../src/index.js";
import { errorCode, replyOf, tempStoreDir } from "./helpers.js";

const ALPHA = "# Alpha\n\nAlpha pages talk about the shared zebra term and about aardvarks.\n";
const BETA = "# Beta\n\nBeta pages talk about the shared zebra term and about beetles.\n";
const DAMAGED = /^store: skipped damaged page (\S+) \(pages\/(\S+)\): (.+); add the page again or remove it \(websift-store remove \1\)\.$/;

interface Filled {
  dir: string;
  alpha: string;
  beta: string;
  alphaFile: string;
}

async function filledStore(): Promise<Filled> {
  const dir = tempStoreDir();
  const store = await openPageStore({ dir });
  const { added } = await store.add([
    { url: "https://example.com/alpha", markdown: ALPHA },
    { url: "https://example.com/beta", markdown: BETA },
  ]);
  await store.close();
  const alpha = added[0]!.handle;
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  return { dir, alpha, beta: added[1]!.handle, alphaFile: manifest.pages[alpha].file };
}

async function openWithWarnings(dir: string): Promise<{ store: PageStore; warnings: string[] }> {
  const warnings: string[] = [];
  const store = await openPageStore({ dir, onWarning: (message) => warnings.push(message) });
  return { store, warnings };
}

const damages: Record<string, (file: string) => void> = {
  "not JSON": (file) => writeFileSync(file, "{ half a page"),
  "text changed (integrity)": (file) => {
    const record = JSON.parse(readFileSync(file, "utf8"));
    record.markdown = record.markdown.replace("aardvarks", "AARDVARKS");
    writeFileSync(file, JSON.stringify(record));
  },
  missing: (file) => rmSync(file),
};

describe("a damaged page file is skipped and reported, not fatal", () => {
  for (const [kind, damage] of Object.entries(damages)) {
    for (const snapshot of ["with the index snapshot", "rebuilding from page files"] as const) {
      it(`${kind}, ${snapshot}: search still answers and warns; get of that page is store_corrupt`, async () => {
        const { dir, alpha, beta, alphaFile } = await filledStore();
        damage(path.join(dir, "pages", alphaFile));
        if (snapshot === "rebuilding from page files") rmSync(path.join(dir, "index.snapshot"));
        const { store, warnings } = await openWithWarnings(dir);

        const { passages } = await store.search("zebra");
        expect(passages.map((passage) => passage.handle)).toEqual([beta]);
        expect(passages[0]!.text).toContain("beetles");
        expect(warnings).toHaveLength(1);
        const match = DAMAGED.exec(warnings[0]!);
        expect(match?.[1]).toBe(alpha);
        expect(match?.[2]).toBe(alphaFile);

        if (kind !== "missing") expect(await errorCode(store.get(alpha))).toBe("store_corrupt");
        expect((await store.get(beta, { page_size_tokens: 100_000 })).content).toBe(BETA);
        await store.close();
      });
    }
  }

  it("puts the warning in the Envelope's meta.warnings and ends the warning once the page is added again", async () => {
    const { dir, alpha, alphaFile } = await filledStore();
    writeFileSync(path.join(dir, "pages", alphaFile), "garbage");
    const envelope = await runStoreOperation({ operation: "search", store_dir: dir, query: "zebra" });
    expect(envelope.ok).toBe(true);
    expect(replyOf(envelope, "search").passages).toHaveLength(1);
    expect(envelope.meta.warnings).toEqual([
      `store: skipped damaged page ${alpha} (pages/${alphaFile}): it is not valid JSON or not a websift page; add the page again or remove it (websift-store remove ${alpha}).`,
    ]);
    const got = await runStoreOperation({ operation: "get", store_dir: dir, handle: alpha });
    expect(got.error?.code).toBe("store_corrupt");
    expect(got.error?.message).toContain(alpha);

    await runStoreOperation({ operation: "add", store_dir: dir, pages: [{ url: "https://example.com/alpha", markdown: ALPHA }] });
    const healed = await runStoreOperation({ operation: "search", store_dir: dir, query: "zebra" });
    expect(replyOf(healed, "search").passages).toHaveLength(2);
    expect(healed.meta.warnings).toEqual([]);
  });
});

describe("manifest entries are checked before they are followed", () => {
  it("skips and reports an entry whose file points outside pages/, and never reads that file", async () => {
    const { dir, beta } = await filledStore();
    // A file outside pages/ that would pass every content check if it were read.
    const secret = "# Secret\n\nThe supersecret launch code.\n";
    const evil = "evil.example~0123456789ab";
    const record = { format: "websift-store/1", handle: evil, canonical_url: "https://evil.example/", markdown: secret, passages: [{ heading: "Secret", start: 0, end: secret.length }] };
    writeFileSync(path.join(dir, "secret.json"), JSON.stringify(record));
    const manifestPath = path.join(dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    const base = { ...manifest.pages[beta], url: "https://evil.example/", canonical_url: "https://evil.example/", markdown_sha256: createHash("sha256").update(secret).digest("hex") };
    manifest.pages[evil] = { ...base, handle: evil, file: "../secret.json" };
    manifest.pages["passwd.example~0123456789ab"] = { ...base, handle: "passwd.example~0123456789ab", file: "../../../../etc/passwd" };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    rmSync(path.join(dir, "index.snapshot"));

    const { store, warnings } = await openWithWarnings(dir);
    expect((await store.search("supersecret launch code")).passages).toEqual([]);
    expect((await store.search("root")).passages).toEqual([]);
    expect((await store.search("beetles")).passages.map((passage) => passage.handle)).toEqual([beta]);
    expect((await store.list()).pages.map((page) => page.handle)).not.toContain(evil);
    expect(await errorCode(store.get(evil))).toBe("not_found");
    expect(warnings).toContain(
      `store: skipped manifest entry "${evil}": its file "../secret.json" is not a page file name this store writes (<handle>.g<N>.json); it was not read. Add the page again to restore it.`,
    );
    expect(warnings.some((warning) => warning.includes("../../../../etc/passwd"))).toBe(true);

    // The next commit drops the bad entries; the file they named is not touched.
    await store.add([{ url: "https://example.com/gamma", markdown: "# Gamma\n\nGamma.\n" }]);
    await store.close();
    const after = JSON.parse(readFileSync(manifestPath, "utf8"));
    expect(Object.keys(after.pages).sort()).not.toContain(evil);
    expect(existsSync(path.join(dir, "secret.json"))).toBe(true);
    const envelope = await runStoreOperation({ operation: "search", store_dir: dir, query: "beetles" });
    expect(envelope.meta.warnings).toEqual([]);
  });

  it("the disk backend itself refuses to read, write or delete a page name of another pattern", async () => {
    const { dir } = await filledStore();
    writeFileSync(path.join(dir, "victim.json"), "keep");
    const backend = await FsBackend.open(dir);
    for (const name of ["../victim.json", "../../../../etc/passwd", "/etc/passwd", "notes.txt", "a~0123456789ab.g1.json/../../victim.json"]) {
      expect(await errorCode(backend.readPage(name))).toBe("store_corrupt");
      expect(await errorCode(backend.deletePage(name))).toBe("store_corrupt");
    }
    expect(readFileSync(path.join(dir, "victim.json"), "utf8")).toBe("keep");
  });

  it("skips an entry of another page's file, and a malformed one, reporting each through the entry point", async () => {
    const { dir, alpha, beta } = await filledStore();
    const manifestPath = path.join(dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.pages[alpha].file = manifest.pages[beta].file; // right pattern, wrong page
    manifest.pages["junk"] = 42;
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const envelope = await runStoreOperation({ operation: "list", store_dir: dir });
    expect(envelope.ok).toBe(true);
    expect(replyOf(envelope, "list").pages.map((page) => page.handle)).toEqual([beta]);
    expect(envelope.meta.warnings).toHaveLength(2);
    expect(envelope.meta.warnings.join("\n")).toContain(`skipped manifest entry "${alpha}"`);
    expect(envelope.meta.warnings.join("\n")).toContain(`skipped manifest entry "junk": it is not an object`);
  });
});

describe("URLs are stored without credentials", () => {
  it("strips user:password@ from the url on add, in the manifest and in every reply", async () => {
    const dir = tempStoreDir();
    const envelope = await runStoreOperation({
      operation: "add",
      store_dir: dir,
      pages: [{ url: "https://alice:s3cr3t-pw@example.com/private?q=1", markdown: ALPHA }],
    });
    expect(envelope.ok).toBe(true);
    expect(replyOf(envelope, "add").added[0]?.url).toBe("https://example.com/private?q=1");
    const handle = replyOf(envelope, "add").added[0]!.handle;
    const replies = await Promise.all([
      runStoreOperation({ operation: "search", store_dir: dir, query: "aardvarks" }),
      runStoreOperation({ operation: "get", store_dir: dir, handle }),
      runStoreOperation({ operation: "list", store_dir: dir }),
    ]);
    for (const reply of replies) {
      expect(reply.ok).toBe(true);
      expect(JSON.stringify(reply)).not.toMatch(/s3cr3t|alice/);
    }
    expect(replyOf(replies[1]!, "get").url).toBe("https://example.com/private?q=1");
    expect(readFileSync(path.join(dir, "manifest.json"), "utf8")).not.toMatch(/s3cr3t|alice/);
  });

  it("strips credentials an older version wrote to the manifest, from an unparseable URL in an error, and from one the parser cannot read", async () => {
    const { dir, alpha } = await filledStore();
    const manifestPath = path.join(dir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.pages[alpha].url = "https://bob:hunter2@example.com/alpha";
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const listed = await runStoreOperation({ operation: "list", store_dir: dir });
    expect(replyOf(listed, "list").pages.find((page) => page.handle === alpha)?.url).toBe("https://example.com/alpha");

    const refused = await runStoreOperation({ operation: "add", in_memory: true, pages: [{ url: "https://bob:hunter2@exa mple.com/", markdown: ALPHA }] });
    expect(refused.error).toMatchObject({ code: "invalid_request", details: { field: "pages[0].url" } });
    expect(JSON.stringify(refused)).not.toContain("hunter2");

    // Matches the contract, but no WHATWG parser reads port 99999: stored under its text, without the password.
    const store = await openPageStore({ inMemory: true });
    const odd = await store.add([{ url: "https://bob:hunter2@example.com:99999/a", markdown: ALPHA }]);
    expect(odd.added[0]).toMatchObject({ url: "https://example.com:99999/a", canonical_url: "https://example.com:99999/a" });
  });
});
