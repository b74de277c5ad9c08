// Conformance by property: whatever the format contract's schema accepts, the layer serves; whatever
// it refuses, the Envelope names the field. Requests come from the shared schema-driven generator, so a
// rule the layer enforces but the schema does not state shows up here as an `invalid_request`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateContractValue, type FormatRequest } from "@websift/contracts";
import { oneFieldBreak, requestArbitrary } from "@websift/contracts/testing";
import { countTokens } from "../src/core/tokens.js";
import { formatDocument } from "../src/index.js";

const RUNS = { numRuns: 200, seed: 20_260_613 };
/** Codes that mean the layer disagrees with its own contract; a valid request must never get one. */
const NOT_FOR_VALID_REQUESTS = ["invalid_request", "internal_error", "output_invalid"];

async function expectServed(request: unknown): Promise<void> {
  const envelope = await formatDocument(request);
  if (!envelope.ok) {
    // A well-formed cursor of another result set is the one refusal the schema cannot express.
    expect(NOT_FOR_VALID_REQUESTS, `${envelope.error?.code}: ${envelope.error?.message}`).not.toContain(envelope.error?.code);
    return;
  }
  expect(validateContractValue("format", "response", envelope.data)).toEqual({ valid: true });
  const budget = (request as FormatRequest).token_budget ?? 8000;
  expect(countTokens(envelope.data!.markdown)).toBeLessThanOrEqual(budget);
}

describe("format conformance (generated from contracts/format.schema.json)", () => {
  it("serves every schema-valid request: ok with a reply that validates, or a typed refusal that is not invalid_request", async () => {
    await fc.assert(fc.asyncProperty(requestArbitrary("format"), expectServed), RUNS);
  });

  it("serves every schema-valid request without a cursor, and the next page through the cursor it hands out", async () => {
    const firstPages = requestArbitrary("format").map((value) => {
      const { cursor: _cursor, ...request } = value as FormatRequest;
      return request;
    });
    await fc.assert(
      fc.asyncProperty(firstPages, async (request) => {
        const first = await formatDocument(request);
        expect(first.error).toBeNull();
        expect(validateContractValue("format", "response", first.data)).toEqual({ valid: true });
        const cursor = first.data!.sidecar.next_cursor;
        if (cursor === null) return;
        const next = await formatDocument({ ...request, cursor });
        expect(next.error).toBeNull();
        expect(next.data!.sidecar.offset).toBe(first.data!.sidecar.results.length);
      }),
      RUNS,
    );
  });

  it("refuses every request with one wrongly typed field as invalid_request naming that field", async () => {
    await fc.assert(
      fc.asyncProperty(oneFieldBreak("format"), async ({ request, field }) => {
        const envelope = await formatDocument(request);
        expect(envelope.ok).toBe(false);
        expect(envelope.error?.code).toBe("invalid_request");
        expect(envelope.error?.details?.["field"]).toBe(field);
      }),
      RUNS,
    );
  });
});

describe("format conformance: the cases from issue 13", () => {
  const results = [{ url: "https://a.example/", title: "A", body_markdown: "Some text to inline." }];

  it("char_budget.total_chars of 2e9: the schema refuses it, and the entry point refuses it the same way", async () => {
    const request = { query: "q", results, char_budget: { top_n: 5, total_chars: 2e9, per_item_chars: 1000 } };
    const schema = validateContractValue("format", "request", request);
    expect(schema.valid).toBe(false);
    expect(schema.valid ? [] : schema.issues.map((issue) => issue.field)).toEqual(["char_budget.total_chars"]);
    const envelope = await formatDocument(request);
    expect(envelope.error).toMatchObject({ code: "invalid_request", details: { field: "char_budget.total_chars" } });
  });

  it("char_budget.total_chars at the schema's maximum (1e9) is accepted by both", async () => {
    const request = { query: "q", results, char_budget: { top_n: 5, total_chars: 1e9, per_item_chars: 1e9 } };
    expect(validateContractValue("format", "request", request)).toEqual({ valid: true });
    const envelope = await formatDocument(request);
    expect(envelope.error).toBeNull();
    expect(envelope.data!.sidecar.char_budget).toEqual({ top_n: 5, total_chars: 1e9, per_item_chars: 1e9, chars_used: 20 });
  });

  it("a result's undeclared fields (such as 1.0.0's `failure`) are ignored; `status: failed:<reason>` marks a failure", async () => {
    const envelope = await formatDocument({
      query: "q",
      results: [
        { url: "https://old.example/", body_markdown: "Read fine.", failure: "timeout" },
        { url: "https://new.example/", status: "failed:timeout" },
      ],
    });
    expect(envelope.error).toBeNull();
    expect(envelope.data!.sidecar.results.map((r) => r.status)).toEqual(["ok", "failed:timeout"]);
  });
});
