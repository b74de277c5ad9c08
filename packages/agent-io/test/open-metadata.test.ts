import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentPageResponse, Envelope } from "@websift/contracts";
import { validateContractValue } from "@websift/contracts";
import { createWebsift } from "../src/index.js";
import { renderPageText } from "../src/mcp/render-text.js";
import { buildAgentIo, PACKAGE_DIR, WEBSIFT_BIN } from "./support/local-web.js";

// `open` reads a page back from the store with no network: it answers what extract found when the
// page was read (store 3.2.0 keeps it), the same as the `fetch` that read it.

const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1}: harbour seals haul out on sandbanks at low tide and rest there between feeding trips along the estuary.</p>`).join("\n");

/** An article that says when it was published, who wrote it, its language and its canonical URL. */
const STORY_HTML = `<!doctype html><html lang="en-GB"><head><title>Seals of the estuary</title>
<link rel="canonical" href="https://news.example/seals-of-the-estuary">
<meta name="author" content="Mary Anning">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Seals of the estuary","datePublished":"2026-11-28T07:30:00Z","author":{"@type":"Person","name":"Mary Anning"}}</script>
</head><body><nav><a href="/">Home</a></nav><article><h1>Seals of the estuary</h1>
<p class="byline">By Mary Anning</p>
${paragraphs}
</article><footer>Copyright 2026</footer></body></html>`;

let server: Server;
let base: string;
/** Requests the page server answered: `open` must add none. */
let served = 0;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "websift-open-meta-"));
  process.env["WEBSIFT_CACHE_DIR"] = join(scratch, "cache");
  server = createServer((request, response) => {
    served += 1;
    if (request.url === "/story") response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(STORY_HTML);
    else response.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<html><body><h1>404 Not Found</h1></body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

const META_FIELDS = ["page_type", "quality_score", "extracted_via", "fetched_via", "published", "byline", "language", "canonical_url"] as const;
const metaOf = (data: AgentPageResponse) => Object.fromEntries(META_FIELDS.map((field) => [field, data[field]]));

describe("open answers the metadata fetch gave", () => {
  it("library: fetch a page, then open its handle (page 1 and page 2) and get the same page_type, published, byline, language, canonical_url, extracted_via", async () => {
    const websift = createWebsift({ storeDir: join(scratch, "store"), allowPrivateHosts: true });
    const fetched = await websift.fetch({ url: `${base}/story`, page_size_tokens: 100 });
    expect(fetched.ok, JSON.stringify(fetched.error)).toBe(true);
    const read = fetched.data!;
    expect(read.source).toBe("network");
    // The fixture states all of them, so the comparison below is not between nulls.
    expect(read.page_type).toBe("article");
    expect(read.published).toMatchObject({ value: expect.stringContaining("2026-11-28") });
    expect(read.byline).toContain("Mary Anning");
    expect(read.language).toMatch(/^en/);
    expect(read.canonical_url).toBe("https://news.example/seals-of-the-estuary");
    expect(read.extracted_via).toEqual(expect.any(String));
    expect(read.fetched_via).toBe("http");
    expect(read.has_more).toBe(true);

    const servedBefore = served;
    for (const page of [1, 2]) {
      const opened = await websift.open({ handle: read.handle, page, page_size_tokens: 100 });
      expect(opened.ok, JSON.stringify(opened.error)).toBe(true);
      const data = opened.data!;
      expect(data.source).toBe("cache");
      expect(data.page).toBe(page);
      expect(metaOf(data)).toEqual(metaOf(read));
      expect(validateContractValue("agent-page", "response", data)).toEqual({ valid: true });
      // An MCP client that shows text sees the same facts, inside the page's fence (they are its own words).
      const text = renderPageText(data);
      const inFence = text.slice(text.indexOf(data.fence.open), text.indexOf(data.fence.close));
      expect(inFence).toContain(`published: ${read.published!.value} (from ${read.published!.source})`);
      expect(inFence).toMatch(/byline: .*Mary Anning/);
      expect(inFence).toContain("page type: article");
    }
    expect(served).toBe(servedBefore);
  });

  it("CLI: websift open --json answers what websift fetch --json did", async () => {
    buildAgentIo();
    const env = {
      PATH: process.env["PATH"] ?? "",
      HOME: scratch,
      WEBSIFT_CONFIG_DIR: join(scratch, "cli-config"),
      WEBSIFT_STATE_DIR: join(scratch, "cli-state"),
      WEBSIFT_CACHE_DIR: join(scratch, "cli-cache"),
      WEBSIFT_STORE_DIR: join(scratch, "cli-store"),
    };
    const run = (args: string[]) =>
      new Promise<Envelope<AgentPageResponse>>((resolve, reject) => {
        const child = spawn(process.execPath, [WEBSIFT_BIN, ...args, "--json"], { cwd: PACKAGE_DIR, env, stdio: ["ignore", "pipe", "ignore"] });
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
        child.on("error", reject);
        child.on("close", () => {
          try {
            resolve(JSON.parse(stdout) as Envelope<AgentPageResponse>);
          } catch (error) {
            reject(new Error(`websift printed no JSON: ${stdout}`, { cause: error }));
          }
        });
      });
    const fetched = await run(["fetch", `${base}/story`, "--allow-private-hosts"]);
    expect(fetched.ok, JSON.stringify(fetched.error)).toBe(true);
    const opened = await run(["open", fetched.data!.handle, "--page", "2", "--page-size-tokens", "100"]);
    expect(opened.ok, JSON.stringify(opened.error)).toBe(true);
    expect(opened.data!.source).toBe("cache");
    expect(metaOf(opened.data!)).toEqual(metaOf(fetched.data!));
    expect(opened.data!.byline).toContain("Mary Anning");
  });
});
