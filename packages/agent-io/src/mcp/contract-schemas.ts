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
