import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../src/index.js";
import { findBreakingChanges } from "../src/tooling.js";

const base: JsonSchema = {
  $defs: {
    request: {
      type: "object",
      required: ["query"],
      additionalProperties: false,
      properties: {
        query: { type: "string", minLength: 1, maxLength: 100, description: "q" },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "n" },
        mode: { type: "string", enum: ["auto", "index"], description: "m" },
      },
    },
    response: {
      type: "object",
      required: ["outcome", "results"],
      properties: {
        outcome: { type: "string", enum: ["ok", "empty", "failed"], description: "o" },
        results: { type: "array", items: { $ref: "#/$defs/result" }, description: "r" },
        note: { type: ["string", "null"], description: "n" },
      },
    },
    result: { type: "object", required: ["url"], properties: { url: { type: "string", description: "u" }, score: { type: "number", description: "s" } } },
  },
};

function edit(mutate: (schema: any) => void): JsonSchema {
  const copy = structuredClone(base);
  mutate(copy);
  return copy;
}

const breaking: Array<[string, (schema: any) => void, RegExp]> = [
  ["response property renamed", (s) => { s.$defs.result.properties.link = s.$defs.result.properties.url; delete s.$defs.result.properties.url; s.$defs.result.required = ["link"]; }, /property `url` removed \(renamed to `link`\?\)/],
  ["response property removed", (s) => { delete s.$defs.response.properties.note; }, /property `note` removed/],
  ["response field no longer required", (s) => { s.$defs.response.required = ["results"]; }, /`outcome` is no longer guaranteed/],
  ["response type changed", (s) => { s.$defs.result.properties.score.type = "string"; }, /type changed from number to string/],
  ["response enum value removed", (s) => { s.$defs.response.properties.outcome.enum = ["ok", "failed"]; }, /"empty" removed/],
  ["new required request field", (s) => { s.$defs.request.properties.lang = { type: "string", description: "l" }; s.$defs.request.required.push("lang"); }, /`lang` became required/],
  ["request type narrowed", (s) => { s.$defs.request.properties.limit.type = "string"; }, /type narrowed from integer to string/],
  ["request maxLength tightened", (s) => { s.$defs.request.properties.query.maxLength = 10; }, /maxLength tightened from 100 to 10/],
  ["request minimum tightened", (s) => { s.$defs.request.properties.limit.minimum = 5; }, /minimum tightened/],
  ["request pattern added", (s) => { s.$defs.request.properties.query.pattern = "^[a-z]+$"; }, /pattern tightened/],
  ["request enum value removed", (s) => { s.$defs.request.properties.mode.enum = ["auto"]; }, /"index" removed/],
  ["request property removed", (s) => { delete s.$defs.request.properties.mode; }, /property `mode` removed/],
  ["definition removed", (s) => { delete s.$defs.result; s.$defs.response.properties.results.items = { type: "object" }; }, /definition `result` removed/],
];

const additive: Array<[string, (schema: any) => void]> = [
  ["optional request field added", (s) => { s.$defs.request.properties.lang = { type: "string", description: "l" }; }],
  ["request enum value added", (s) => { s.$defs.request.properties.mode.enum.push("full"); }],
  ["request constraint loosened", (s) => { s.$defs.request.properties.query.maxLength = 500; s.$defs.request.properties.limit.minimum = 0; }],
  ["request type widened", (s) => { s.$defs.request.properties.limit.type = ["integer", "string"]; }],
  ["response field added", (s) => { s.$defs.result.properties.title = { type: "string", description: "t" }; }],
  ["response enum value added", (s) => { s.$defs.response.properties.outcome.enum.push("partial"); }],
  ["descriptions reworded", (s) => { s.$defs.result.properties.url.description = "The canonical URL."; }],
];

describe("findBreakingChanges", () => {
  it.each(breaking)("flags a breaking change: %s", (_name, mutate, expected) => {
    const changes = findBreakingChanges(base, edit(mutate), "example");
    expect(changes.map((change) => change.change).join("\n")).toMatch(expected);
  });

  it.each(additive)("accepts an additive change: %s", (_name, mutate) => {
    expect(findBreakingChanges(base, edit(mutate), "example")).toEqual([]);
  });

  it("reports where the change is and on which side", () => {
    const [change] = findBreakingChanges(base, edit((s) => { s.$defs.request.properties.query.maxLength = 10; }), "example");
    expect(change).toEqual({ location: "#/$defs/request/properties/query", direction: "request", change: "maxLength tightened from 100 to 10" });
  });

  it("treats the envelope's root as a response and other root-only contracts as configuration input", () => {
    const root: JsonSchema = { type: "object", properties: { a: { type: "string", description: "a" } } };
    const narrowed = { type: "object", properties: { a: { type: "string", maxLength: 3, description: "a" } } };
    expect(findBreakingChanges(root, narrowed, "search-policy")).toHaveLength(1);
    expect(findBreakingChanges(root, narrowed, "envelope")).toHaveLength(0);
  });

  it("lets a union of const values (the error codes) grow, but not a union of shapes", () => {
    const codes = (values: string[]): JsonSchema => ({ $defs: { response: { type: "object", properties: { code: { oneOf: values.map((value) => ({ const: value, description: value })), description: "c" } } } } });
    expect(findBreakingChanges(codes(["a", "b"]), codes(["a", "b", "c"]), "example")).toEqual([]);
    expect(findBreakingChanges(codes(["a", "b"]), codes(["a"]), "example")).not.toEqual([]);
    const shapes = (count: number): JsonSchema => ({ $defs: { response: { type: "object", properties: { item: { oneOf: Array.from({ length: count }, (_, index) => ({ type: "object", properties: { [`k${index}`]: { type: "string", description: "k" } } })), description: "i" } } } } });
    expect(findBreakingChanges(shapes(2), shapes(3), "example")[0]?.change).toMatch(/gained 1 shape/);
  });
});
