import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../src/core/fetch-page.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

interface ParsedWarcRecord {
  version: string;
  headers: Record<string, string>;
  block: Buffer;
}

/** A deliberately independent WARC reader (no warcio): version line, headers, Content-Length block, CRLFCRLF. */
function parseWarcFile(data: Buffer): ParsedWarcRecord[] {
  const records: ParsedWarcRecord[] = [];
  let offset = 0;
  while (offset < data.length) {
    const headerEnd = data.indexOf("\r\n\r\n", offset);
    if (headerEnd === -1) throw new Error(`truncated WARC header at ${offset}`);
    const [version = "", ...lines] = data.subarray(offset, headerEnd).toString("utf8").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"]);
    if (!Number.isInteger(length)) throw new Error("record without Content-Length");
    const blockStart = headerEnd + 4;
    records.push({ version, headers, block: data.subarray(blockStart, blockStart + length) });
    offset = blockStart + length;
    if (data.subarray(offset, offset + 4).toString() !== "\r\n\r\n") throw new Error(`record not followed by CRLFCRLF at ${offset}`);
    offset += 4;
  }
  return records;
}

let server: FixtureServer;
let dir: string;
beforeAll(async () => {
  server = await startFixtureServer();
  dir = await mkdtemp(path.join(os.tmpdir(), "websift-warc-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("WARC record and replay", () => {
  it("records exchanges, then replays them with the server stopped", async () => {
    const warc = path.join(dir, "session.warc");
    const recorder = await startFixtureServer();
    const pages = ["/hello", "/gzip", "/redirect?to=/json", "/image.png", "/charset/shift-jis-meta"];
    const recorded = [];
    for (const page of pages) {
      recorded.push(await fetchPage({ url: recorder.url(page), ...LOCAL, record_warc: warc, accept_content_types: ["image/png"] }));
    }
    const posted = await fetchPage({ url: recorder.url("/echo"), ...LOCAL, method: "POST", body: "q=1", record_warc: warc });
    await recorder.close();

    for (const [index, page] of pages.entries()) {
      const replayed = await fetchPage({ url: recorder.url(page), replay_warc: warc, accept_content_types: ["image/png"] });
      const original = recorded[index];
      expect(replayed.fetched_via, page).toBe("replay");
      expect(replayed.outcome, page).toBe("ok");
      expect(replayed.body, page).toBe(original?.body);
      expect(replayed.charset, page).toBe(original?.charset);
      expect(replayed.redirects, page).toEqual(original?.redirects);
    }
    const replayedPost = await fetchPage({ url: recorder.url("/echo"), method: "POST", body: "q=1", replay_warc: warc });
    expect(replayedPost.body).toBe(posted.body);
    const otherPost = await fetchPage({ url: recorder.url("/echo"), method: "POST", body: "q=2", replay_warc: warc });
    expect(otherPost.outcome).toBe("not_in_archive");
  });

  it("a miss is not_in_archive", async () => {
    const warc = path.join(dir, "miss.warc");
    await fetchPage({ url: server.url("/hello"), ...LOCAL, record_warc: warc });
    const miss = await fetchPage({ url: server.url("/never-recorded"), replay_warc: warc });
    expect(miss).toMatchObject({ outcome: "not_in_archive", fetched_via: "replay", body: null });
    const noFile = await fetchPage({ url: server.url("/hello"), replay_warc: path.join(dir, "absent.warc") });
    expect(noFile.outcome).toBe("not_in_archive");
  });

  it("replays block pages as blocks", async () => {
    const warc = path.join(dir, "blocks.warc");
    await fetchPage({ url: server.url("/challenge/datadome"), ...LOCAL, tier: 0, record_warc: warc });
    const replayed = await fetchPage({ url: server.url("/challenge/datadome"), replay_warc: warc });
    expect(replayed).toMatchObject({ outcome: "blocked", block_reason: "datadome", body: null });
  });

  it("writes WARC/1.1 request and response records an independent reader can parse, with secrets redacted", async () => {
    const warc = path.join(dir, "secrets.warc");
    await fetchPage({
      url: server.url("/set-cookie?api_key=sk-live-123&q=ok"), ...LOCAL, record_warc: warc,
      headers: { authorization: "Bearer sk-live-456", cookie: "sid=sk-live-789", "x-subscription-token": "sk-live-000" },
    });
    const data = await readFile(warc);
    expect(data.toString("latin1")).not.toContain("sk-live");
    expect(data.toString("latin1")).not.toContain("s3cr3t");
    const records = parseWarcFile(data);
    expect(records.map((record) => record.version)).toEqual(["WARC/1.1", "WARC/1.1", "WARC/1.1"]);
    expect(records.map((record) => record.headers["warc-type"])).toEqual(["warcinfo", "response", "request"]);
    const [, response, request] = records;
    expect(response?.headers["warc-target-uri"]).toContain("api_key=REDACTED");
    expect(response?.headers["warc-target-uri"]).toContain("q=ok");
    expect(response?.block.toString()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response?.block.toString()).toContain("Hello from the fixture server.");
    expect(request?.headers["warc-concurrent-to"]).toBe(response?.headers["warc-record-id"]);
    expect(request?.block.toString()).toMatch(/^GET \/set-cookie\?api_key=REDACTED&q=ok HTTP\/1\.1\r\n/);
    expect(request?.block.toString()).toMatch(/authorization: REDACTED/i);
    // The redacted request still replays: lookups redact the same way.
    const replayed = await fetchPage({ url: server.url("/set-cookie?api_key=another-key&q=ok"), replay_warc: warc });
    expect(replayed.outcome).toBe("ok");
  });
});
