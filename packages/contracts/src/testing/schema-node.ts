/** Small helpers to read a JSON Schema node the way the testing arbitraries need it. */

export type SchemaNode = Record<string, unknown>;

export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follow a local `$ref` (`#/$defs/name`) inside the schema document it belongs to. */
export function resolveReference(reference: string, root: SchemaNode): SchemaNode {
  if (!reference.startsWith("#/")) throw new Error(`Only local $ref values are supported, got ${reference}.`);
  let node: unknown = root;
  for (const part of reference.slice(2).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isSchemaNode(node) ? node[key] : undefined;
  }
  if (!isSchemaNode(node)) throw new Error(`$ref ${reference} does not point at a schema.`);
  return node;
}

/** A node with its `$ref` and `allOf` folded in, so callers see one set of keywords. */
export function flattenNode(node: SchemaNode, root: SchemaNode): SchemaNode {
  let flat: SchemaNode = { ...node };
  if (typeof flat["$ref"] === "string") {
    const { $ref, ...rest } = flat;
    flat = mergeNodes(flattenNode(resolveReference($ref as string, root), root), rest);
  }
  if (Array.isArray(flat["allOf"])) {
    const { allOf, ...rest } = flat;
    flat = (allOf as SchemaNode[]).reduce((merged, part) => mergeNodes(merged, flattenNode(part, root)), rest);
  }
  return flat;
}

/** Merge two nodes that must both hold: properties joined, required lists joined, other keywords from `extra`. */
export function mergeNodes(base: SchemaNode, extra: SchemaNode): SchemaNode {
  const merged: SchemaNode = { ...base, ...extra };
  if (isSchemaNode(base["properties"]) || isSchemaNode(extra["properties"])) {
    // A property named on both sides must satisfy both: its keywords are merged, not replaced.
    const properties: SchemaNode = { ...(base["properties"] as SchemaNode | undefined) };
    for (const [name, schema] of Object.entries((extra["properties"] as SchemaNode | undefined) ?? {})) {
      properties[name] = isSchemaNode(properties[name]) && isSchemaNode(schema) ? { ...properties[name], ...schema } : schema;
    }
    merged["properties"] = properties;
  }
  if (Array.isArray(base["required"]) || Array.isArray(extra["required"])) {
    merged["required"] = [...new Set([...((base["required"] as string[] | undefined) ?? []), ...((extra["required"] as string[] | undefined) ?? [])])];
  }
  return merged;
}

export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

/** The JSON types a node admits, or undefined when it admits any type. */
export function admittedTypes(node: SchemaNode, root: SchemaNode): Set<JsonType> | undefined {
  const flat = flattenNode(node, root);
  if ("const" in flat) return new Set([typeOfValue(flat["const"])]);
  if (Array.isArray(flat["enum"])) return new Set((flat["enum"] as unknown[]).map(typeOfValue));
  const type = flat["type"];
  if (typeof type === "string") return new Set([type as JsonType]);
  if (Array.isArray(type)) return new Set(type as JsonType[]);
  const branches = (flat["oneOf"] ?? flat["anyOf"]) as SchemaNode[] | undefined;
  if (Array.isArray(branches)) {
    const union = new Set<JsonType>();
    for (const branch of branches) {
      const types = admittedTypes(branch, root);
      if (!types) return undefined;
      for (const each of types) union.add(each);
    }
    return union;
  }
  return undefined;
}
