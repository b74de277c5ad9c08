import { CONTRACT_SCHEMAS, type ContractName } from "@websift/contracts";

export type JsonObject = Record<string, unknown>;

// Keywords that only make sense in the contract file: `$schema` names draft 2020-12, which a
// client's default (draft-07) Ajv refuses to compile, and `$id` would make five tools register the
// same schema id with that Ajv. Neither changes what a valid value is.
const FILE_ONLY_KEYS = new Set(["$schema", "$id", "x-contract-version"]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy of a contract schema part without its file-only keywords. */
function stripFileKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripFileKeys);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) if (!FILE_ONLY_KEYS.has(key)) copy[key] = stripFileKeys(child);
  return copy;
}

/**
 * Replace every local `#/$defs/<name>` reference with the definition itself, so a tool's input
 * schema stands alone (MCP clients do not resolve references into a file they never saw).
 */
function inlineLocalRefs(value: unknown, defs: JsonObject, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineLocalRefs(item, defs, seen));
  if (!isObject(value)) return value;
  const ref = value["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const name = ref.slice("#/$defs/".length);
    const target = defs[name];
    // A cyclic or dangling reference cannot be inlined; an empty schema accepts the value and the
    // entry point still validates the request against the real contract.
    if (!isObject(target) || seen.has(name)) return {};
    const { $ref: _dropped, ...siblings } = value;
    return { ...(inlineLocalRefs(target, defs, new Set([...seen, name])) as JsonObject), ...(inlineLocalRefs(siblings, defs, seen) as JsonObject) };
  }
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) copy[key] = inlineLocalRefs(child, defs, seen);
  return copy;
}

function contractDefinition(contract: ContractName, definition: string): JsonObject {
  const defs = (CONTRACT_SCHEMAS[contract]["$defs"] ?? {}) as JsonObject;
  const found = defs[definition];
  if (!isObject(found)) throw new Error(`Contract ${contract} has no $defs.${definition}.`);
  return stripFileKeys(inlineLocalRefs(found, defs)) as JsonObject;
}

/**
 * A tool's input schema: the request definition its entry point validates (`$defs.request` unless the
 * contract has one per operation, e.g. agent-page's `fetch_request`), standalone, always `type: object`.
 */
export function requestSchemaOf(contract: ContractName, definition = "request"): JsonObject & { type: "object" } {
  const schema = contractDefinition(contract, definition);
  if (schema["type"] !== "object") throw new Error(`Contract ${contract}'s $defs.${definition} is not an object schema; MCP tools take object arguments.`);
  return schema as JsonObject & { type: "object" };
}

/**
 * A tool's input schema as tools/list shows it by default: the request definition with each field's
 * first sentence for the model, less what only repeats it (titles, the request's own description, the
 * description of each item of a described array) and the long URL and handle patterns. Every other
 * constraint stays.
 */
export function compactRequestSchemaOf(contract: ContractName, definition = "request"): JsonObject & { type: "object" } {
  // The request's own description is the tool's description's job.
  const { description: _told, ...schema } = requestSchemaOf(contract, definition);
  return dropRepeatedProse(schema) as JsonObject & { type: "object" };
}

/**
 * A field description's first sentence: what the field is. What follows (rules no schema states,
 * which contracts share a pattern) is for contract readers; the reply's error says it when it applies.
 */
function firstSentence(text: string): string {
  return text.split(/(?<=[.!?])\s+(?=[A-Z`])/, 1)[0] ?? text;
}

function dropRepeatedProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropRepeatedProse);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "description" && typeof child === "string") {
      copy[key] = firstSentence(child);
      continue;
    }
    // A URL or handle pattern costs more than its description; the entry point checks it anyway and
    // names the field when it fails.
    if (key === "title" || key === "pattern") continue;
    if (key === "properties" && isObject(child)) copy[key] = Object.fromEntries(Object.entries(child).map(([name, property]) => [name, dropRepeatedProse(property)]));
    else if (key === "items" && isObject(child) && typeof value["description"] === "string") {
      const { description: _said, ...item } = child;
      copy[key] = dropRepeatedProse(item);
    } else copy[key] = dropRepeatedProse(child);
  }
  return copy;
}

/**
 * A tool's output schema: the Envelope, with `data` narrowed to the contract's response (or null),
 * so a client can check and type the structured result without knowing websift.
 */
export function envelopeSchemaOf(contract: ContractName): JsonObject & { type: "object" } {
  const envelope = stripFileKeys(CONTRACT_SCHEMAS.envelope) as JsonObject;
  const properties = { ...(envelope["properties"] as JsonObject) };
  const data = properties["data"] as JsonObject;
  properties["data"] = { description: data["description"], anyOf: [contractDefinition(contract, "response"), { type: "null" }] };
  return { ...envelope, properties, type: "object" };
}

/**
 * The same Envelope schema, compact: field names, types, `required` and short enums down to `depth`
 * levels of nesting, nothing deeper, no prose and no fine bounds. Every value the full schema accepts
 * is still accepted (a compact schema only drops constraints), and tools/list stays small enough
 * that an agent does not spend its context on it before asking anything; the full schemas are the
 * contract files (and WEBSIFT_MCP_SCHEMAS=full).
 */
export function compactEnvelopeSchemaOf(contract: ContractName, depth = COMPACT_DEPTH): JsonObject & { type: "object" } {
  const full = envelopeSchemaOf(contract);
  const defs = (full["$defs"] ?? {}) as JsonObject;
  const { $defs: _defs, ...root } = inlineLocalRefs(full, defs) as JsonObject;
  return { ...compactShape(root, depth), type: "object" };
}

/** Nesting levels a compact output schema spells out: the Envelope's fields, and the fields of `data`, `error` and `meta`. */
const COMPACT_DEPTH = 2;
/** Enums longer than this are typed as plain strings in a compact schema (the error code list, engine outcomes). */
const COMPACT_ENUM_LIMIT = 6;

function typesOf(schema: JsonObject): string[] | undefined {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === "string");
  if ("const" in schema) return [jsonTypeOf(schema["const"])];
  if (Array.isArray(schema["enum"])) return [...new Set(schema["enum"].map(jsonTypeOf))];
  return undefined;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value === "object" ? "object" : typeof value;
}

const SCALAR_SHAPE_KEYS = new Set(["type", "const", "enum"]);

function isScalarShape(shape: JsonObject): boolean {
  return "type" in shape && Object.keys(shape).every((key) => SCALAR_SHAPE_KEYS.has(key));
}

function compactShape(schema: JsonObject, depth: number): JsonObject {
  const branches = (schema["anyOf"] ?? schema["oneOf"]) as unknown;
  if (Array.isArray(branches)) {
    const compacted = branches.filter(isObject).map((branch) => compactShape(branch, depth));
    // Scalar branches (a value or null, a list of constants) merge into one type list, with their
    // constants as one enum when it is short; branches with structure stay a union.
    if (compacted.every(isScalarShape)) {
      const types = [...new Set(compacted.flatMap((branch) => typesOf(branch) ?? []))];
      const merged: JsonObject = { type: types.length === 1 ? types[0] : types };
      const constants = compacted.every((branch) => "const" in branch || Array.isArray(branch["enum"]))
        ? compacted.flatMap((branch) => ("const" in branch ? [branch["const"]] : (branch["enum"] as unknown[])))
        : undefined;
      if (constants && constants.length <= COMPACT_ENUM_LIMIT) merged["enum"] = constants;
      return merged;
    }
    return { anyOf: compacted };
  }
  if (Array.isArray(schema["allOf"])) {
    // The generator wraps a described $ref in allOf; one branch is the shape itself.
    const parts = schema["allOf"].filter(isObject);
    if (parts.length === 1) return compactShape(parts[0]!, depth);
    return {};
  }
  const types = typesOf(schema);
  if (!types) return {};
  const shape: JsonObject = { type: types.length === 1 ? types[0] : types };
  if (Array.isArray(schema["enum"]) && schema["enum"].length <= COMPACT_ENUM_LIMIT) shape["enum"] = schema["enum"];
  if ("const" in schema) shape["const"] = schema["const"];
  if (depth <= 0) return shape;
  if (types.includes("object") && isObject(schema["properties"])) {
    shape["properties"] = Object.fromEntries(Object.entries(schema["properties"]).map(([name, child]) => [name, isObject(child) ? compactShape(child, depth - 1) : {}]));
    if (Array.isArray(schema["required"])) shape["required"] = schema["required"];
  }
  if (types.includes("array") && isObject(schema["items"])) shape["items"] = compactShape(schema["items"], depth - 1);
  return shape;
}
