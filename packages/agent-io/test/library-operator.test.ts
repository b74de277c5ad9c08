import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebsift } from "../src/index.js";
import { startHostilePageServer, type LocalServer } from "./support/local-web.js";

// The embedding program is the operator: its options decide, the requests it forwards cannot.

let pages: LocalServer;
let scratch: string;

beforeAll(async () => {
  pages = await startHostilePageServer();
  scratch = mkdtempSync(join(tmpdir(), "websift-library-"));
  process.env["WEBSIFT_CACHE_DIR"] = join(scratch, "cache");
});

afterAll(async () => {
  await pages?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("createWebsift(options)", () => {
  it("reads a loopback page only when the embedding program allowed private hosts", async () => {
    const strict = createWebsift({ storeDir: join(scratch, "strict") });
    const refused = await strict.fetch({ url: `${pages.base}/article` });
    expect(refused.error?.code).toBe("refused");

    const hitsBefore = pages.hits.length;
    const smuggled = await strict.fetch({ url: `${pages.base}/article`, allow_private_hosts: true } as never);
    expect(smuggled.error).toMatchObject({ code: "invalid_request", details: { field: "allow_private_hosts" } });
    expect(pages.hits.length).toBe(hitsBefore);

    const open = createWebsift({ storeDir: join(scratch, "open"), allowPrivateHosts: true });
    const read = await open.fetch({ url: `${pages.base}/article` });
    expect(read.ok).toBe(true);
    expect(existsSync(join(scratch, "open"))).toBe(true);
  });

  it("a request cannot move the store", async () => {
    const websift = createWebsift({ storeDir: join(scratch, "mine"), allowPrivateHosts: true });
    const moved = await websift.fetch({ url: `${pages.base}/article`, store_dir: join(scratch, "elsewhere") } as never);
    expect(moved.error).toMatchObject({ code: "invalid_request", details: { field: "store_dir" } });
    expect(existsSync(join(scratch, "elsewhere"))).toBe(false);
  });

  it("refuses unknown options, wrong types and a missing policy when created", () => {
    expect(() => createWebsift({ allowPrivateHost: true } as never)).toThrow(/unknown option `allowPrivateHost`/);
    expect(() => createWebsift({ allowPrivateHosts: "yes" } as never)).toThrow(/must be a boolean/);
    expect(() => createWebsift({ policyFile: join(scratch, "nope.yaml") })).toThrow(/does not exist/);
    expect(() => createWebsift({ searxngUrl: "file:///etc/passwd" })).toThrow(/http or https/);
  });

  it("removes credentials from what it returns and stores", async () => {
    const websift = createWebsift({ storeDir: join(scratch, "creds"), allowPrivateHosts: true });
    const url = pages.base.replace("http://", "http://alice:s3cret-pass@") + "/article";
    const read = await websift.fetch({ url });
    expect(read.ok).toBe(true);
    expect(JSON.stringify(read)).not.toMatch(/s3cret-pass|alice/);
    const { readFileSync, readdirSync } = await import("node:fs");
    const files = readdirSync(join(scratch, "creds"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name), "utf8"), file.name).not.toMatch(/s3cret-pass/);
  });
});
