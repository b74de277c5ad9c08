// The extract contract is the truth, checked by property: every request its schema admits is answered
// with data or a typed outcome (never invalid_request), and every request with one wrongly typed field is
// refused naming that field. The worker pool and the JSONL CLI (built: run `pnpm build` first) answer as
// the in-process entry point does.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validateContractValue, type Envelope, type ExtractResponse } from "@websift/contracts";
import { oneFieldBreak, requestArbitrary } from "@websift/contracts/testing";
import { createExtractPool, extractContent } from "../src/index.js";
import { fixture } from "./helpers.js";

// Codes that mean "the layer did not honour a request its contract admits".
const NOT_A_TYPED_OUTCOME = new Set(["invalid_request", "internal_error", "output_invalid"]);

const FIXTURES = readdirSync(fileURLToPath(new URL("./fixtures/", import.meta.url)));

function outcome(envelope: Envelope<ExtractResponse>): { code: string; field?: unknown } {
  if (envelope.ok) return { code: "ok" };
  return { code: envelope.error!.code, field: envelope.error!.details?.["field"] };
}

describe("extract conforms to its contract (property)", () => {
  it("answers every schema-valid request with data or a typed outcome, and its data is a valid response", async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary("extract"), async (request) => {
        const envelope = await extractContent(request);
        if (!envelope.ok) expect(NOT_A_TYPED_OUTCOME.has(envelope.error!.code), `${envelope.error!.code}: ${envelope.error!.message}`).toBe(false);
        if (envelope.data) expect(validateContractValue("extract", "response", envelope.data)).toEqual({ valid: true });
      }),
      { numRuns: 200 },
    );
  });

  it("extracts real pages at any URL the schema admits, its links resolved or left as written", async () => {
    // Generated pages are mostly fragments and odd content types; this puts the fixture pages (metadata,
    // JSON-LD, hidden content, forums, products) behind the generated URLs, formats and content types.
    const pages = fc.tuple(requestArbitrary("extract"), fc.constantFrom(...FIXTURES), fc.constantFrom(undefined, "text/html", "text/html; charset=utf-8"));
    await fc.assert(
      fc.asyncProperty(pages, async ([generated, name, contentType]) => {
        const request = { url: (generated as { url: string }).url, html: fixture(name), ...(contentType ? { content_type: contentType } : {}) };
        const envelope = await extractContent(request);
        if (!envelope.ok) expect(NOT_A_TYPED_OUTCOME.has(envelope.error!.code), `${envelope.error!.code}: ${envelope.error!.message}`).toBe(false);
        expect(envelope.data?.url).toBe(request.url);
        expect(validateContractValue("extract", "response", envelope.data)).toEqual({ valid: true });
      }),
      { numRuns: 40 },
    );
  });

  it("refuses every request with one wrongly typed field, naming that field", async () => {
    await fc.assert(
      fc.asyncProperty(oneFieldBreak("extract"), async ({ request, field }) => {
        const envelope = await extractContent(request);
        expect(outcome(envelope)).toEqual({ code: "invalid_request", field });
      }),
      { numRuns: 200 },
    );
  });
});

describe("extract request rules live in the schema (examples)", () => {
  const html = "<html><body><article><p>Enough words here to be the main content of the page.</p></article></body></html>";

  it("refuses a relative or non-http URL naming `url`, also when the page is set", async () => {
    for (const url of ["/articles/1", "example.com/a", "ftp://example.com/a", "https:///a", "https://exa mple.com/", ""]) {
      const envelope = await extractContent({ url, html });
      expect(outcome(envelope), url).toEqual({ code: "invalid_request", field: "url" });
    }
    expect(outcome(await extractContent({ url: 42, body_base64: "aGk=" }))).toEqual({ code: "invalid_request", field: "url" });
  });

  it("takes the URLs a URL parser serialises, `|`, `{` and `[` included, and one it cannot read", async () => {
    for (const url of ["https://example.com/a|b?q={x}&f[]=1#top", "http://[::1]:8080/a", "HTTPS://EXAMPLE.COM", "https://example.com:99999/a"]) {
      expect((await extractContent({ url, html })).ok, url).toBe(true);
    }
  });

  it("refuses both `html` and `body_base64`, or neither, saying exactly one is needed", async () => {
    for (const request of [{ url: "https://example.com/a", html, body_base64: "aGk=" }, { url: "https://example.com/a" }]) {
      const envelope = await extractContent(request);
      expect(envelope.error?.code).toBe("invalid_request");
      expect(envelope.error?.message).toMatch(/exactly one of `html`, `body_base64`/);
    }
  });

  it("refuses a body that is not base64 naming `body_base64`", async () => {
    expect(outcome(await extractContent({ url: "https://example.com/a", body_base64: "<html>not base64</html>" }))).toEqual({ code: "invalid_request", field: "body_base64" });
  });

  it("answers a page over the byte limit too_large, the one size rule the schema cannot state", async () => {
    const envelope = await extractContent({ url: "https://example.com/a", html: "é".repeat(5_000_001) });
    expect(outcome(envelope)).toEqual({ code: "too_large", field: "html" });
  });
});

describe("the worker pool and the JSONL CLI answer as extractContent does", () => {
  const pool = createExtractPool({ workers: 1 });
  afterAll(() => pool.close());

  // Valid requests and one-field breaks, mixed.
  const cases = fc.oneof(
    requestArbitrary("extract"),
    oneFieldBreak("extract").map(({ request }) => request),
  );

  it("gives the pool's answer for generated requests", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (request) => {
        expect(outcome(await pool.extract(request))).toEqual(outcome(await extractContent(request)));
      }),
      { numRuns: 40 },
    );
  });

  it("gives the JSONL CLI's answer line by line for generated requests", async () => {
    const requests = fc.sample(cases, { numRuns: 40, seed: 13 });
    const lines = await runJsonl(requests.map((request) => JSON.stringify(request)).join("\n"));
    const expected = await Promise.all(requests.map(async (request) => outcome(await extractContent(request))));
    expect(lines.map(outcome)).toEqual(expected);
  }, 60_000);
});

const bin = fileURLToPath(new URL("../bin/websift-extract.js", import.meta.url));

function runJsonl(input: string): Promise<Array<Envelope<ExtractResponse>>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "--jsonl", "--format", "json"], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Envelope<ExtractResponse>)));
    child.stdin.end(input);
  });
}
