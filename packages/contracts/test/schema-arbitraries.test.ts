import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTRACT_NAMES, validateContractValue, type ContractName } from "../src/index.js";
import { oneFieldBreak, requestArbitrary } from "../src/testing.js";
import { validatedDefinitions } from "../src/generate/generate-validators.js";
import { CONTRACT_SCHEMAS } from "../src/generated/schemas.js";

// Every request-like definition of every contract: the generator must cover the whole keyword set in use.
const requestDefinitions: Array<[ContractName, string]> = CONTRACT_NAMES.flatMap((contract) =>
  validatedDefinitions({ name: contract, schema: CONTRACT_SCHEMAS[contract], version: "", file: "" } as never)
    .filter((definition) => /(^|_)request$/.test(definition))
    .map((definition): [ContractName, string] => [contract, definition]),
);

/** Requests with fields to vary and break; a request of no fields (agent-engines) is checked on its own below. */
const definitionsWithFields = requestDefinitions.filter(([contract, definition]) => {
  const schema = (CONTRACT_SCHEMAS[contract]["$defs"] as Record<string, { properties?: Record<string, unknown>; oneOf?: unknown; anyOf?: unknown }>)[definition]!;
  return schema.oneOf !== undefined || schema.anyOf !== undefined || Object.keys(schema.properties ?? {}).length > 0;
});

describe("schema-shaped requests", () => {
  it("covers the request definitions of the layer contracts", () => {
    expect(requestDefinitions.map(([contract, definition]) => `${contract}#${definition}`)).toEqual(
      expect.arrayContaining(["fetch#request", "format#request", "store#request", "extract#request", "store#get_request", "agent-search#request"]),
    );
  });

  it.each(definitionsWithFields)("%s#%s: generated requests are valid and varied", (contract, definition) => {
    const samples = fc.sample(requestArbitrary(contract, definition), { numRuns: 40, seed: 1 });
    expect(samples).toHaveLength(40);
    for (const sample of samples) expect(validateContractValue(contract, definition, sample)).toEqual({ valid: true });
    expect(new Set(samples.map((sample) => JSON.stringify(sample))).size).toBeGreaterThan(5);
  });

  it.each(definitionsWithFields)("%s#%s: a request broken in one field is refused naming that field", (contract, definition) => {
    fc.assert(
      fc.property(oneFieldBreak(contract, definition), ({ request, field }) => {
        const result = validateContractValue(contract, definition, request);
        expect(result.valid).toBe(false);
        if (!result.valid) expect(result.issues[0]!.field).toBe(field);
      }),
      { numRuns: 60, seed: 2 },
    );
  });
});

describe("a request of no fields", () => {
  it("agent-engines takes {} and refuses any field, naming it; oneFieldBreak says there is nothing to break", () => {
    expect(definitionsWithFields.some(([contract]) => contract === "agent-engines")).toBe(false);
    expect(validateContractValue("agent-engines", "request", {})).toEqual({ valid: true });
    expect(validateContractValue("agent-engines", "request", { engines: ["brave"] })).toMatchObject({ valid: false, issues: [{ field: "engines" }] });
    expect(() => oneFieldBreak("agent-engines", "request")).toThrow(/no field/);
  });
});

describe("union errors name the field of the branch the value was meant for", () => {
  it("a store get with a too-small page size names page_size_tokens, not the add branch's pages", () => {
    const result = validateContractValue("store", "request", { operation: "get", handle: "example.org~0123456789ab", page_size_tokens: 10 });
    expect(result).toMatchObject({ valid: false, issues: [{ field: "page_size_tokens", message: "must be >= 50" }] });
    if (!result.valid) expect(result.issues).toHaveLength(1);
  });

  it("an unknown operation names operation and lists the alternatives", () => {
    const result = validateContractValue("store", "request", { operation: "grep", handle: "x" });
    expect(result).toMatchObject({ valid: false, issues: [{ field: "operation" }] });
    if (!result.valid) expect(result.issues[0]!.message).toContain('"get"');
  });

  it("a value of the wrong kind for every branch says which kinds are allowed", () => {
    const result = validateContractValue("store", "request", "get");
    expect(result).toMatchObject({ valid: false, issues: [{ field: "(root)", message: "must be object" }] });
  });
});
