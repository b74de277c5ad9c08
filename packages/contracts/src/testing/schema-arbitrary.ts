import fc from "fast-check";
import { flattenNode, isSchemaNode, mergeNodes, type SchemaNode } from "./schema-node.js";

/** Arrays and free-form strings stay small: a conformance run wants many shapes, not big values. */
const DEFAULT_MAX_ITEMS = 4;
const DEFAULT_MAX_STRING = 24;

function stringArbitrary(node: SchemaNode): fc.Arbitrary<string> {
  const minLength = (node["minLength"] as number | undefined) ?? 0;
  // The small default cap is for free-form strings only: a pattern or format fixes its own length
  // (a 32-hex nonce can never fit 24 characters, and filtering for it would never end).
  const shaped = typeof node["pattern"] === "string" || node["format"] !== undefined || node["contentEncoding"] !== undefined;
  const maxLength = (node["maxLength"] as number | undefined) ?? (shaped ? Number.MAX_SAFE_INTEGER : Math.max(minLength, DEFAULT_MAX_STRING));
  const fitsLength = (value: string): boolean => [...value].length >= minLength && [...value].length <= maxLength;
  let base: fc.Arbitrary<string>;
  if (node["format"] === "uri") base = fc.webUrl({ withQueryParameters: true, withFragments: true });
  else if (node["format"] === "date-time") base = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString());
  else if (node["contentEncoding"] === "base64") base = fc.base64String({ maxLength: Math.min(maxLength, 64) });
  else if (typeof node["pattern"] === "string") base = fc.stringMatching(new RegExp(node["pattern"], "u"));
  else return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, DEFAULT_MAX_STRING)), unit: "grapheme" });
  const pattern = typeof node["pattern"] === "string" && node["format"] !== undefined ? new RegExp(node["pattern"], "u") : undefined;
  return base.filter((value) => fitsLength(value) && (!pattern || pattern.test(value)));
}

function integerArbitrary(node: SchemaNode): fc.Arbitrary<number> {
  const min = Math.ceil((node["minimum"] as number | undefined) ?? Number.MIN_SAFE_INTEGER);
  const max = Math.floor((node["maximum"] as number | undefined) ?? Number.MAX_SAFE_INTEGER);
  // bigInt takes any safe bounds (integer() stops at 32 bits) and is biased toward the bounds and small values.
  return fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
}

function numberArbitrary(node: SchemaNode): fc.Arbitrary<number> {
  const constraints: fc.DoubleConstraints = { noNaN: true, noDefaultInfinity: true };
  if (typeof node["minimum"] === "number") constraints.min = node["minimum"];
  if (typeof node["maximum"] === "number") constraints.max = node["maximum"];
  return fc.double(constraints).map((value) => (Object.is(value, -0) ? 0 : value));
}

function arrayArbitrary(node: SchemaNode, root: SchemaNode): fc.Arbitrary<unknown[]> {
  const items = isSchemaNode(node["items"]) ? schemaArbitrary(node["items"], root) : fc.jsonValue({ maxDepth: 1 });
  const minLength = (node["minItems"] as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((node["maxItems"] as number | undefined) ?? DEFAULT_MAX_ITEMS, DEFAULT_MAX_ITEMS));
  if (node["uniqueItems"] === true) return fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) });
  return fc.array(items, { minLength, maxLength });
}

function objectArbitrary(node: SchemaNode, root: SchemaNode): fc.Arbitrary<Record<string, unknown>> {
  const properties = isSchemaNode(node["properties"]) ? node["properties"] : {};
  const required = new Set((node["required"] as string[] | undefined) ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties)) {
    if (isSchemaNode(child)) shape[name] = schemaArbitrary(child, root);
  }
  const known = fc.record(shape, { requiredKeys: Object.keys(shape).filter((name) => required.has(name)) });
  const additional = node["additionalProperties"];
  if (Object.keys(shape).length === 0 && isSchemaNode(additional)) {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), schemaArbitrary(additional, root), { maxKeys: DEFAULT_MAX_ITEMS });
  }
  return known as fc.Arbitrary<Record<string, unknown>>;
}

function typedArbitrary(type: string, node: SchemaNode, root: SchemaNode): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringArbitrary(node);
    case "integer":
      return integerArbitrary(node);
    case "number":
      return numberArbitrary(node);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayArbitrary(node, root);
    case "object":
      return objectArbitrary(node, root);
    default:
      throw new Error(`Unsupported JSON Schema type "${type}".`);
  }
}

/**
 * Values shaped by a JSON Schema node (the subset websift's contracts use: types, bounds, patterns,
 * `format: uri`, enums, consts, unions, local `$ref`s). Unions and patterns can still produce a value the
 * full schema refuses (two `oneOf` branches matching), so callers filter with the real validator.
 */
export function schemaArbitrary(node: SchemaNode, root: SchemaNode): fc.Arbitrary<unknown> {
  const flat = flattenNode(node, root);
  const branches = (flat["oneOf"] ?? flat["anyOf"]) as SchemaNode[] | undefined;
  if (Array.isArray(branches)) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = flat;
    return fc.oneof(...branches.map((branch) => schemaArbitrary(mergeNodes(shared, flattenNode(branch, root)), root)));
  }
  if ("const" in flat) return fc.constant(flat["const"]);
  if (Array.isArray(flat["enum"])) return fc.constantFrom(...(flat["enum"] as unknown[]));
  const type = flat["type"];
  if (typeof type === "string") return typedArbitrary(type, flat, root);
  if (Array.isArray(type)) return fc.oneof(...(type as string[]).map((each) => typedArbitrary(each, flat, root)));
  if (isSchemaNode(flat["properties"])) return objectArbitrary(flat, root);
  return fc.jsonValue({ maxDepth: 2 });
}
