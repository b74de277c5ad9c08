import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createConsumerPact,
  defineEntryPoint,
  describeVerdicts,
  verifyProviderPacts,
  type Envelope,
  type FormatRequest,
  type FormatResponse,
  CONTRACT_VERSIONS,
} from "../src/index.js";

// A small real producer of the format contract: it renders result titles and URLs as a list.
function renderList(request: FormatRequest, renameUrl = false): FormatResponse {
  const results = request.results.map((result, index) => {
    const item = { id: `r${index + 1}`, url: result.url, title: result.title ?? null, body_markdown: result.body_markdown ?? null, status: "ok" };
    if (!renameUrl) return item;
    const { url, ...rest } = item;
    return { ...rest, link: url } as never;
  });
  const markdown = request.results.map((result) => `- [${result.title ?? result.url}](${result.url})`).join("\n");
  return {
    markdown,
    sidecar: { query: request.query ?? null, mode_used: "index", results, dropped_duplicates: [], token_count: markdown.length, token_budget: null, tokenizer: "chars/4", next_cursor: null },
  };
}

const currentProducer = defineEntryPoint<FormatRequest, FormatResponse>({ contract: "format", layer: "format", handle: async (request) => ({ data: renderList(request) }) });

// The same producer after a "harmless refactor" that renamed sidecar.results[].url to `link`.
// Its own output validation is bypassed on purpose: this is what an unchecked producer would ship.
async function renamedProducer(request: unknown): Promise<Envelope<unknown>> {
  const envelope = await currentProducer(request);
  return { ...envelope, data: renderList(request as FormatRequest, true) };
}

// The consumer's real reading code: it cites every kept result by URL.
function citeResults(envelope: Envelope<FormatResponse>): string[] {
  if (!envelope.ok || !envelope.data) throw new Error(`format failed: ${envelope.error?.message}`);
  return envelope.data.sidecar.results.map((result) => `${result.id}: ${result.url}`);
}

const pactsDir = mkdtempSync(join(tmpdir(), "websift-pacts-"));
afterAll(() => rmSync(pactsDir, { recursive: true, force: true }));

describe("consumer-driven contract tests", () => {
  const pact = createConsumerPact({ consumer: "example-consumer", provider: "format", contract: "format", pactsDir });

  it("records only the fields the consumer read, with their types", async () => {
    await pact.interaction({
      description: "cite two results",
      providerState: "no state",
      params: { base: "https://docs.example" },
      request: { query: "q", results: [{ url: "https://docs.example/a", title: "A" }, { url: "https://docs.example/b" }] },
      produce: (request) => currentProducer(request),
      consume: (envelope) => expect(citeResults(envelope)).toEqual(["r1: https://docs.example/a", "r2: https://docs.example/b"]),
    });
    const path = pact.write();
    expect(path).toBe(join(pactsDir, "example-consumer--format.pact.json"));
    const file = JSON.parse(readFileSync(path!, "utf8"));
    expect(file.contract).toEqual({ name: "format", version: CONTRACT_VERSIONS.format });
    expect(file.interactions[0].request.results[0].url).toBe("{{base}}/a");
    expect(file.interactions[0].reads).toEqual([
      { path: "data", types: ["object"] },
      { path: "data.sidecar", types: ["object"] },
      { path: "data.sidecar.results", types: ["array"] },
      { path: "data.sidecar.results[]", types: ["object"] },
      { path: "data.sidecar.results[].id", types: ["string"] },
      { path: "data.sidecar.results[].url", types: ["string"] },
      { path: "ok", types: ["boolean"] },
    ]);
  });

  it("verification passes against the current producer", async () => {
    const verdicts = await verifyProviderPacts({
      provider: "format",
      pactsDir,
      handler: currentProducer,
      states: { "no state": () => ({ params: { base: "https://elsewhere.example" } }) },
      contractVersion: CONTRACT_VERSIONS.format,
    });
    expect(verdicts).toHaveLength(1);
    expect(describeVerdicts(verdicts)).toBe("");
  });

  it("verification fails when the producer renames a field the consumer reads", async () => {
    const verdicts = await verifyProviderPacts({
      provider: "format",
      pactsDir,
      handler: renamedProducer,
      states: { "no state": () => ({}) },
      contractVersion: CONTRACT_VERSIONS.format,
    });
    expect(verdicts[0]?.problems).toEqual(["field `data.sidecar.results[].url` is missing; the consumer reads `data.sidecar.results[].url`"]);
  });

  it("verification fails on a missing provider state and on another MAJOR", async () => {
    const noState = await verifyProviderPacts({ provider: "format", pactsDir, handler: currentProducer, states: {}, contractVersion: CONTRACT_VERSIONS.format });
    expect(noState[0]?.problems[0]).toMatch(/no provider state "no state"/);
    const otherMajor = await verifyProviderPacts({ provider: "format", pactsDir, handler: currentProducer, states: { "no state": () => ({}) }, contractVersion: `${Number(CONTRACT_VERSIONS.format.split(".")[0]) + 1}.0.0` });
    expect(otherMajor[0]?.problems[0]).toMatch(/another MAJOR/);
  });

  it("writes nothing when a consumer test failed", async () => {
    const failing = createConsumerPact({ consumer: "failing-consumer", provider: "format", contract: "format", pactsDir });
    await expect(
      failing.interaction({
        description: "expects a field the producer never sends",
        providerState: "no state",
        request: { results: [] },
        produce: (request) => currentProducer(request),
        consume: (envelope) => {
          if (!(envelope.data as unknown as { summary?: string }).summary) throw new Error("no summary");
        },
      }),
    ).rejects.toThrow("no summary");
    expect(failing.write()).toBeNull();
  });
});
