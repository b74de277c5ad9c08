import { describe, expect, it } from "vitest";
import { CONTRACT_VERSIONS, defineEntryPoint, validateContractValue, type FormatRequest, type FormatResponse } from "../src/index.js";

class ExampleLayerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const validResponse: FormatResponse = {
  markdown: "# results\n",
  sidecar: { query: "q", mode_used: "index", results: [], dropped_duplicates: [], token_count: 3, token_budget: 100, tokenizer: "o200k_base", next_cursor: null },
};

function formatEntry(handle: (request: FormatRequest) => Promise<unknown>) {
  return defineEntryPoint<FormatRequest, FormatResponse>({
    contract: "format",
    layer: "format",
    handle: async (request) => ({ data: (await handle(request)) as FormatResponse }),
  });
}

describe("defineEntryPoint", () => {
  it("wraps a valid reply in an ok Envelope that validates against the envelope schema", async () => {
    const envelope = await formatEntry(async () => validResponse)({ results: [{ url: "https://example.org/" }] });
    expect(envelope).toMatchObject({ contract: "format", contract_version: CONTRACT_VERSIONS.format, ok: true, error: null, data: validResponse });
    expect(envelope.meta.layer).toBe("format");
    expect(envelope.meta.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(validateContractValue("envelope", undefined, envelope)).toEqual({ valid: true });
  });

  it("refuses bad input with invalid_request naming the field, without running the handler", async () => {
    let ran = false;
    const entry = formatEntry(async () => {
      ran = true;
      return validResponse;
    });
    const envelope = await entry({ results: [{ url: 42 }] });
    expect(ran).toBe(false);
    expect(envelope.ok).toBe(false);
    expect(envelope.data).toBeNull();
    expect(envelope.error).toMatchObject({ code: "invalid_request", retryable: false, details: { field: "results[0].url" } });
    expect(envelope.error?.message).toMatch(/field `results\[0\]\.url` must be string/);
  });

  it("names a missing required field and an unknown one", async () => {
    const entry = formatEntry(async () => validResponse);
    expect((await entry({})).error?.details?.["field"]).toBe("results");
    const unknown = await entry({ results: [], token_budjet: 5 });
    expect(unknown.error?.message).toMatch(/`token_budjet` is not a known field/);
  });

  it("keeps a layer error's code and hides everything else behind internal_error, never a stack", async () => {
    const coded = await formatEntry(async () => {
      throw new ExampleLayerError("rate_limited", "Example engine asked us to wait.");
    })({ results: [] });
    expect(coded.error).toMatchObject({ code: "rate_limited", retryable: true, message: "Example engine asked us to wait." });

    const crashed = await formatEntry(async () => {
      throw new TypeError("cannot read properties of undefined");
    })({ results: [] });
    expect(crashed.error?.code).toBe("internal_error");
    expect(crashed.error?.message).not.toMatch(/\n\s+at /);
  });

  it("refuses to send a reply that breaks its own contract", async () => {
    const envelope = await formatEntry(async () => ({ ...validResponse, markdown: 7 }))({ results: [] });
    expect(envelope.error).toMatchObject({ code: "output_invalid", details: { field: "markdown" } });
  });

  it("returns a failure with its diagnostic data", async () => {
    const entry = defineEntryPoint<FormatRequest, FormatResponse>({
      contract: "format",
      layer: "format",
      handle: async () => ({ failure: { code: "empty_content", message: "Nothing to format.", data: validResponse } }),
    });
    const envelope = await entry({ results: [] });
    expect(envelope).toMatchObject({ ok: false, data: validResponse, error: { code: "empty_content", retryable: false } });
  });
});
