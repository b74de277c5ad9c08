import fc from "fast-check";
import { CONTRACT_SCHEMAS, type ContractName } from "../generated/schemas.js";
import { contractValidator } from "../validate.js";
import { schemaArbitrary } from "./schema-arbitrary.js";
import { admittedTypes, flattenNode, isSchemaNode, mergeNodes, resolveReference, type JsonType, type SchemaNode } from "./schema-node.js";

export interface FieldBreak {
  /** A request that is valid except for one field. */
  request: unknown;
  /** That field's path as an Envelope names it in `error.details.field`, e.g. `results[1].url`. */
  field: string;
}

function definitionNode(contract: ContractName, definition: string): { node: SchemaNode; root: SchemaNode } {
  const root = CONTRACT_SCHEMAS[contract] as SchemaNode;
  return { node: definition ? resolveReference(`#/$defs/${definition}`, root) : root, root };
}

/**
 * Requests that a consumer trusting the released schema may send: generated from `$defs.<definition>`
 * and kept only when the contract's own validator accepts them.
 */
export function requestArbitrary(contract: ContractName, definition = "request"): fc.Arbitrary<unknown> {
  const { node, root } = definitionNode(contract, definition);
  const validate = contractValidator(contract, definition);
  return schemaArbitrary(node, root).filter((value) => validate(value) === true);
}

/** For a union, the branch an object value was generated from: its consts match and its required fields are present. */
function branchFor(value: unknown, flat: SchemaNode, root: SchemaNode): SchemaNode {
  const branches = (flat["oneOf"] ?? flat["anyOf"]) as SchemaNode[] | undefined;
  if (!Array.isArray(branches)) return flat;
  const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = flat;
  for (const branch of branches) {
    const candidate = mergeNodes(shared, flattenNode(branch, root));
    const types = admittedTypes(candidate, root);
    if (types && !types.has(typeOfJson(value)) && !(typeOfJson(value) === "integer" && types.has("number"))) continue;
    if (isSchemaNode(value)) {
      const properties = isSchemaNode(candidate["properties"]) ? candidate["properties"] : {};
      const constsMatch = Object.entries(properties).every(([name, child]) => {
        const childFlat = isSchemaNode(child) ? flattenNode(child, root) : {};
        return !("const" in childFlat) || !(name in value) || value[name] === childFlat["const"];
      });
      const required = (candidate["required"] as string[] | undefined) ?? [];
      if (!constsMatch || !required.every((name) => name in value)) continue;
    }
    return branchFor(value, candidate, root);
  }
  return shared;
}

function typeOfJson(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

interface Candidate {
  path: Array<string | number>;
  node: SchemaNode;
}

function collectCandidates(value: unknown, node: SchemaNode, root: SchemaNode, path: Array<string | number>, out: Candidate[]): void {
  const flat = branchFor(value, flattenNode(node, root), root);
  if (Array.isArray(value) && isSchemaNode(flat["items"])) {
    value.forEach((item, index) => {
      out.push({ path: [...path, index], node: flat["items"] as SchemaNode });
      collectCandidates(item, flat["items"] as SchemaNode, root, [...path, index], out);
    });
  } else if (isSchemaNode(value)) {
    const properties = isSchemaNode(flat["properties"]) ? flat["properties"] : {};
    for (const [name, child] of Object.entries(value)) {
      const childNode = properties[name] ?? (isSchemaNode(flat["additionalProperties"]) ? flat["additionalProperties"] : undefined);
      if (!isSchemaNode(childNode)) continue;
      out.push({ path: [...path, name], node: childNode });
      collectCandidates(child, childNode, root, [...path, name], out);
    }
  }
}

/** A value of a JSON type the node does not admit, or undefined when it admits every type. */
function wronglyTyped(node: SchemaNode, root: SchemaNode): unknown {
  const types = admittedTypes(node, root);
  if (!types) return undefined;
  const numeric = types.has("number") || types.has("integer");
  if (!types.has("object")) return { unexpected: "object" };
  if (!types.has("array")) return ["unexpected array"];
  if (!types.has("boolean")) return true;
  if (!types.has("string")) return "unexpected string";
  if (!numeric) return 1.5;
  return types.has("null") ? undefined : null;
}

function fieldPath(path: Array<string | number>): string {
  return path.reduce<string>((text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${part}` : part), "");
}

function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

/**
 * A schema-valid request with exactly one field (at any depth, inside unions too) replaced by a value of a
 * JSON type that field does not admit; the contract must refuse it naming that field.
 */
export function oneFieldBreak(contract: ContractName, definition = "request"): fc.Arbitrary<FieldBreak> {
  const { node, root } = definitionNode(contract, definition);
  // With nothing to break, the filter below would never let a value through: say so instead of hanging.
  const properties = node["properties"];
  const hasFields = node["oneOf"] !== undefined || node["anyOf"] !== undefined || (typeof properties === "object" && properties !== null && Object.keys(properties).length > 0);
  if (!hasFields) throw new Error(`${contract}#${definition} has no field to break: it takes {} (test that any field is refused instead).`);
  const validate = contractValidator(contract, definition);
  return fc
    .tuple(requestArbitrary(contract, definition), fc.nat())
    .map(([request, pick]): FieldBreak | null => {
      const candidates: Candidate[] = [];
      collectCandidates(request, node, root, [], candidates);
      const breakable = candidates.map((candidate) => ({ candidate, wrong: wronglyTyped(candidate.node, root) })).filter((entry) => entry.wrong !== undefined);
      if (breakable.length === 0) return null;
      const chosen = breakable[pick % breakable.length]!;
      const broken = replaceAt(request, chosen.candidate.path, chosen.wrong);
      return validate(broken) ? null : { request: broken, field: fieldPath(chosen.candidate.path) };
    })
    .filter((entry): entry is FieldBreak => entry !== null);
}
