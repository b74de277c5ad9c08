import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContractValue } from "@websift/contracts";
import { startFakeSearxng, startFixtureWeb, type FixtureWeb } from "../support/fixture-web.js";
import { websift } from "../support/websift-cli.js";

let web: FixtureWeb;
let searxng: FixtureWeb;
let webStopped = false;

beforeAll(async () => {
  web = await startFixtureWeb();
  searxng = await startFakeSearxng(() => [`${web.base}/article`, `${web.base}/forum/t/rate-limits/42`, `${web.base}/challenge`, `${web.base}/missing`, `${web.base}/article?print=1`]);
});
afterAll(async () => {
  if (!webStopped) await web.close();
  await searxng.close();
});

function innerBody(content: string, fence: { open: string; close: string }): string {
  const start = content.indexOf(fence.open);
  const end = content.lastIndexOf(fence.close);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return content.slice(start + fence.open.length + 1, end - 1);
}

describe("websift search (search -> read top pages under a budget -> index)", () => {
  it("returns fenced excerpts within total_chars, per-item failures for a challenge and a 404, forum posts not navigation", async () => {
    const store = mkdtempSync(join(tmpdir(), "websift-store-"));
    const run = await websift(["search", "retry after 429", "--engines", "searxng", "--searxng-url", searxng.base, "--allow-private-hosts", "--store", store, "--total-chars", "4000", "--per-item-chars", "2000", "--json"]);
    expect(run.status).toBe(0);
    const data = run.json.data;
    expect(validateContractValue("agent-search", "response", data)).toEqual({ valid: true });
    const byPath = (path: string) => data.results.find((result: { url: string }) => result.url.endsWith(path));
    expect(byPath("/challenge").extraction).toBe("failed:cloudflare_challenge");
    expect(byPath("/challenge").excerpt).toBeNull();
    expect(byPath("/missing").extraction).toBe("failed:http_404");
    const forum = byPath("/forum/t/rate-limits/42");
    for (const i of [1, 2, 3, 4]) expect(forum.excerpt).toContain(`Reply ${i}:`);
    expect(forum.excerpt).not.toContain("Register");
    const used = data.results.reduce((sum: number, result: { excerpt: string | null }) => sum + (result.excerpt ? innerBody(result.excerpt, data.fence).length : 0), 0);
    expect(used).toBe(data.extraction.chars_used);
    expect(used).toBeLessThanOrEqual(4000);
    expect(data.extraction).toMatchObject({ extracted: 3, failures: 2, budget: 4000 });
    expect(byPath("/article").handle).toMatch(/^127\.0\.0\.1~[0-9a-f]{12}$/);
    expect(byPath("/article").extraction).toBe("truncated");
    const print = byPath("/article?print=1");
    expect(print).toMatchObject({ extraction: "failed:duplicate_content", excerpt: null });
    expect(print.extraction_detail).toContain(`${web.base}/article`);
  });

  it("a spent budget skips the rest (still indexed, with a handle) instead of returning stubs", async () => {
    const store = mkdtempSync(join(tmpdir(), "websift-store-"));
    const run = await websift(["search", "retry after 429", "--engines", "searxng", "--searxng-url", searxng.base, "--allow-private-hosts", "--store", store, "--total-chars", "2000", "--per-item-chars", "2000", "--json"]);
    const forum = run.json.data.results.find((result: { url: string }) => result.url.includes("/forum/"));
    expect(forum).toMatchObject({ extraction: "skipped_budget_exhausted", excerpt: null });
    expect(forum.handle).toMatch(/~[0-9a-f]{12}$/);
    expect(run.json.data.extraction.chars_used).toBeLessThanOrEqual(2000);
  });
});

describe("websift contents and similar", () => {
  const store = mkdtempSync(join(tmpdir(), "websift-store-"));

  it("contents reads several URLs with one outcome each, in order", async () => {
    const urls = [`${web.base}/article`, `${web.base}/challenge`, `${web.base}/missing`, `${web.base}/forum/t/rate-limits/42`];
    const run = await websift(["contents", ...urls, "--allow-private-hosts", "--store", store, "--json"]);
    expect(run.status).toBe(0);
    const data = run.json.data;
    expect(validateContractValue("agent-contents", "response", data)).toEqual({ valid: true });
    expect(data.results.map((result: { url: string; outcome: string }) => [result.url, result.outcome])).toEqual([
      [urls[0], "ok"],
      [urls[1], "cloudflare_challenge"],
      [urls[2], "http_404"],
      [urls[3], "ok"],
    ]);
    expect(data.results[0].content.startsWith(data.fence.open)).toBe(true);
    expect(data.results[1]).toMatchObject({ content: null, handle: null });
  });

  it("without --json, contents and similar print fenced text for a person, not raw JSON", async () => {
    const contents = await websift(["contents", `${web.base}/article`, `${web.base}/missing`, "--allow-private-hosts", "--store", store]);
    expect(contents.status).toBe(0);
    expect(contents.stdout.trimStart().startsWith("{")).toBe(false);
    expect(contents.stdout).toMatch(/^1\. ok, handle \S+~[0-9a-f]{12}/m);
    expect(contents.stdout).toMatch(/^2\. http_404/m);
    const similar = await websift(["similar", `${web.base}/article`, "--engines", "searxng", "--searxng-url", searxng.base, "--allow-private-hosts", "--store", store]);
    expect(similar.status).toBe(0);
    expect(similar.stdout).toMatch(/^Pages similar to stored page \S+~[0-9a-f]{12}; search outcome: ok\./);
  });

  it("similar finds the other stored page on the same subject, and runs a search for more", async () => {
    const article = await websift(["fetch", `${web.base}/article`, "--allow-private-hosts", "--store", store, "--json"]);
    const run = await websift(["similar", article.json.data.handle, "--engines", "searxng", "--searxng-url", searxng.base, "--allow-private-hosts", "--store", store, "--json"]);
    expect(run.status).toBe(0);
    const data = run.json.data;
    expect(validateContractValue("agent-similar", "response", data)).toEqual({ valid: true });
    expect(data.source.handle).toBe(article.json.data.handle);
    expect(data.from_store.map((page: { url: string }) => page.url)).toContain(`${web.base}/forum/t/rate-limits/42`);
    expect(data.from_store.map((page: { handle: string }) => page.handle)).not.toContain(article.json.data.handle);
    expect(data.search_outcome).toBe("ok");
    expect(data.from_search.length).toBeGreaterThan(0);
  });
});

describe("websift fetch and open", () => {
  const store = mkdtempSync(join(tmpdir(), "websift-store-"));
  let handle = "";
  let wholeFromFetch = "";

  it("fetch fences the page with the reply's nonce, strips hidden text, flags instruction-like text", async () => {
    const run = await websift(["fetch", `${web.base}/article`, "--allow-private-hosts", "--page-size-tokens", "1000", "--store", store, "--json"]);
    expect(run.status).toBe(0);
    const data = run.json.data;
    expect(validateContractValue("agent-page", "response", data)).toEqual({ valid: true });
    expect(data.fence.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(data.fence.close).toContain(data.fence.nonce);
    expect(data.source).toBe("network");
    expect(data.total_pages).toBeGreaterThan(1);
    handle = data.handle;
    // the only close marker anywhere in the reply's content is the real one
    const pages = [data];
    for (let page = 2; page <= data.total_pages; page++) {
      const next = await websift(["open", handle, "--page", String(page), "--page-size-tokens", "1000", "--store", store, "--json"]);
      pages.push(next.json.data);
    }
    const all = pages.map((page) => page.content).join("\n");
    expect(all).not.toMatch(/HIDDEN-BY-(CSS|ATTRIBUTE|ARIA)/);
    for (const page of pages) {
      expect(page.content.split("WEBSIFT_UNTRUSTED_CONTENT_END").length - 1).toBe(1);
      expect(page.content.trimEnd().endsWith(page.fence.close)).toBe(true);
    }
    // The page's forged END marker arrives defused: its marker words removed, its opening run broken up.
    expect(all).toContain("< < <[fence marker text removed] nonce=0123456789abcdef0123456789abcdef");
    expect(all).not.toMatch(/<<<[^\n]*nonce=0123456789abcdef0123456789abcdef/);
    expect(data.warnings.join("\n")).toMatch(/ignore previous instructions/);
    wholeFromFetch = pages.map((page) => innerBody(page.content, page.fence)).join("");
  });

  it("open --page 2 works after the page server stopped, from the store (source: cache)", async () => {
    await web.close();
    webStopped = true;
    const run = await websift(["open", handle, "--page", "2", "--page-size-tokens", "1000", "--store", store, "--json"]);
    expect(run.status).toBe(0);
    expect(run.json.data).toMatchObject({ handle, page: 2, source: "cache" });
    const pages = [];
    for (let page = 1; page <= run.json.data.total_pages; page++) {
      const next = await websift(["open", handle, "--page", String(page), "--page-size-tokens", "1000", "--store", store, "--json"]);
      pages.push(innerBody(next.json.data.content, next.json.data.fence));
    }
    const whole = await websift(["open", handle, "--page-size-tokens", "50000", "--store", store, "--json"]);
    expect(pages.join("")).toBe(innerBody(whole.json.data.content, whole.json.data.fence));
    expect(pages.join("")).toBe(wholeFromFetch);
  });

  it("an unknown handle is not_found, and bad input names the field", async () => {
    const missing = await websift(["open", "example.org~000000000000", "--store", store, "--json"]);
    expect(missing.status).toBe(1);
    expect(missing.json.error.code).toBe("not_found");
    const bad = await websift(["fetch", "--json"]);
    expect(bad.status).toBe(2);
    expect(bad.json.error).toMatchObject({ code: "invalid_request", details: { field: "url" } });
  });
});
