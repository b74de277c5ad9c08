import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { validateContractValue, type ContractName, type Envelope } from "@websift/contracts";
import { oneFieldBreak } from "@websift/contracts/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebsift, type Websift } from "../src/index.js";
import { startHostilePageServer, type LocalServer } from "./support/local-web.js";

// Issue 13 for the agent contracts: every rule agent-io enforces on a request is in the schema, so a
// schema-valid request is never `invalid_request`, and a request the schema refuses is refused naming
// the field, before anything runs (no network: a broken request never reaches a layer).

let scratch: string;
let pages: LocalServer;
let websift: Websift;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "websift-agent-contracts-"));
  process.env["WEBSIFT_CACHE_DIR"] = join(scratch, "cache");
  pages = await startHostilePageServer();
  websift = createWebsift({ storeDir: join(scratch, "store") });
});

afterAll(async () => {
  await pages?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

type Operation = "fetch" | "open" | "contents" | "findSimilar";
const call = (operation: Operation, request: unknown): Promise<Envelope<unknown>> => (websift[operation] as (request: unknown) => Promise<Envelope<unknown>>)(request);

// Every request definition an agent entry point validates, with that entry point.
const DEFINITIONS: Array<{ contract: ContractName; definition: string; operation: Operation }> = [
  { contract: "agent-page", definition: "fetch_request", operation: "fetch" },
  { contract: "agent-page", definition: "open_request", operation: "open" },
  { contract: "agent-contents", definition: "request", operation: "contents" },
  { contract: "agent-similar", definition: "request", operation: "findSimilar" },
];

describe("a request with one field of the wrong type is refused naming that field", () => {
  for (const { contract, definition, operation } of DEFINITIONS) {
    it(`${contract} $defs.${definition} -> ${operation}`, async () => {
      await fc.assert(
        fc.asyncProperty(oneFieldBreak(contract, definition), async ({ request, field }) => {
          const reply = await call(operation, request);
          expect(reply.ok).toBe(false);
          expect(reply.error?.code).toBe("invalid_request");
          expect(reply.error?.details?.["field"]).toBe(field);
        }),
        { numRuns: 100, seed: 13 },
      );
    });
  }
});

describe("agent-page: fetch and open each validate their own request", () => {
  const HANDLE = "example.com~0123456789ab";

  it("open without a handle, and with a URL for a handle, is refused naming `handle`", async () => {
    for (const request of [{ page: 1 }, { handle: "https://example.com/a" }, { url: "https://example.com/a" }]) {
      const reply = await websift.open(request as never);
      expect(reply.error?.code, JSON.stringify(request)).toBe("invalid_request");
      // `url` is not an open field: the first issue is the missing handle or the unknown property.
      expect(["handle", "url"]).toContain(reply.error?.details?.["field"]);
    }
    const withUrl = await websift.open({ handle: "https://example.com/a" });
    expect(withUrl.error?.details?.["field"]).toBe("handle");
  });

  it("fetch without a url, and with a relative url, is refused naming `url`", async () => {
    const hitsBefore = pages.hits.length;
    const missing = await websift.fetch({ page: 2 } as never);
    expect(missing.error).toMatchObject({ code: "invalid_request", details: { field: "url" } });
    for (const url of ["/article", "article", "example.com/a", "file:///etc/passwd", `${pages.base.replace("http://", "")}/article`]) {
      const reply = await websift.fetch({ url });
      expect(reply.error, url).toMatchObject({ code: "invalid_request", details: { field: "url" } });
    }
    const withHandle = await websift.fetch({ handle: HANDLE } as never);
    expect(withHandle.error?.code).toBe("invalid_request");
    expect(pages.hits.length).toBe(hitsBefore);
  });

  it("open with a well-formed handle the store does not hold is not_found, not invalid_request", async () => {
    expect(validateContractValue("agent-page", "open_request", { handle: HANDLE })).toEqual({ valid: true });
    const reply = await websift.open({ handle: HANDLE });
    expect(reply.error?.code).toBe("not_found");
  });

  it("a page fetched from the local fixture server opens by its handle; a page past its last is not_found", async () => {
    const local = createWebsift({ storeDir: join(scratch, "local"), allowPrivateHosts: true });
    const read = await local.fetch({ url: `${pages.base}/article` });
    expect(read.ok).toBe(true);
    const handle = read.data!.handle;
    const opened = await local.open({ handle });
    expect(opened.ok).toBe(true);
    expect(opened.data!.source).toBe("cache");
    const past = await local.open({ handle, page: opened.data!.total_pages + 1 });
    expect(past.error?.code).toBe("not_found");
  });
});

describe("agent-contents and agent-similar", () => {
  it("contents refuses a relative URL naming its index; an unreadable absolute URL is that item's outcome", async () => {
    const relative = await websift.contents({ urls: [`${pages.base}/article`, "/article"] });
    expect(relative.error).toMatchObject({ code: "invalid_request", details: { field: "urls[1]" } });
    // Port 99999: matches the schema, no client can open it; the fetch layer refuses it without sending.
    const unopenable = await websift.contents({ urls: ["http://127.0.0.1:99999/a"] });
    expect(unopenable.ok).toBe(true);
    const outcome = (unopenable.data as { results: Array<{ outcome: string }> }).results[0]!.outcome;
    expect(outcome).not.toBe("ok");
    expect(outcome).not.toBe("invalid_request");
  });

  it("similar refuses a target that is neither a handle nor an absolute URL; an unknown handle is not_found", async () => {
    for (const target of ["just words", "example.com/a", "/relative", "EXAMPLE.com~0123456789ab"]) {
      const reply = await websift.findSimilar({ target, search: false });
      expect(reply.error, target).toMatchObject({ code: "invalid_request", details: { field: "target" } });
    }
    const unknown = await websift.findSimilar({ target: "example.com~0123456789ab", search: false });
    expect(unknown.error?.code).toBe("not_found");
  });
});
