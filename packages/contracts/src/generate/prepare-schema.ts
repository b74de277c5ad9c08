/**
 * json-schema-to-typescript emits a numbered copy (`ErrorCode1`, `EnvelopeMeta1`) of a definition each
 * time a `$ref` carries sibling keywords, because the dereferenced node is no longer the same object.
 * Before compiling, each such `$ref` is wrapped as `{ allOf: [{ $ref }], ...siblings }`, which keeps the
 * property's description and names the definition once. Inline enums get a named alias through `tsType`.
 */

export interface EnumAlias {
  name: string;
  values: unknown[];
  description: string | undefined;
}

export interface PreparedSchema {
  schema: Record<string, unknown>;
  enumAliases: EnumAlias[];
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function pascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

function wrapReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrapReferences);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) out[key] = wrapReferences(child);
  if (typeof out["$ref"] === "string" && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { allOf: [{ $ref }], ...siblings };
  }
  return out;
}

/** Walk a titled definition's properties (and array items) and name every inline enum after its path. */
function nameInlineEnums(node: Node, name: string, aliases: EnumAlias[], taken: Set<string>): void {
  const properties = node["properties"];
  if (isNode(properties)) {
    for (const [property, child] of Object.entries(properties)) {
      if (isNode(child)) visitEnumCandidate(child, `${name}${pascalCase(property)}`, aliases, taken);
    }
  }
  const items = node["items"];
  if (isNode(items)) visitEnumCandidate(items, `${name}Item`, aliases, taken);
  // The variants of an "exactly one of" object (see expandExactlyOneOf) share their fields' names.
  for (const keyword of ["oneOf", "anyOf"]) {
    const variants = node[keyword];
    if (Array.isArray(variants)) for (const variant of variants) if (isNode(variant) && typeof variant["title"] !== "string") nameInlineEnums(variant, name, aliases, taken);
  }
  const additional = node["additionalProperties"];
  if (isNode(additional)) visitEnumCandidate(additional, `${name}Value`, aliases, taken);
}

function visitEnumCandidate(node: Node, name: string, aliases: EnumAlias[], taken: Set<string>): void {
  // A titled node is named by the compiler itself; its own enums are named after it.
  if (typeof node["title"] === "string") return nameInlineEnums(node, node["title"], aliases, taken);
  const values = node["enum"];
  if (Array.isArray(values)) {
    const known = aliases.find((alias) => alias.name === name);
    if (!known && !taken.has(name)) {
      taken.add(name);
      aliases.push({ name, values, description: typeof node["description"] === "string" ? node["description"] : undefined });
      node["tsType"] = name;
    } else if (known && JSON.stringify(known.values) === JSON.stringify(values)) {
      node["tsType"] = name;
    }
    return;
  }
  nameInlineEnums(node, name, aliases, taken);
}

const ANNOTATIONS = new Set(["description", "title", "$comment"]);

/** `{ required: [...] }`, optionally naming those fields under `properties` with annotations only. */
function requiredAlternative(branch: unknown): string[] | undefined {
  if (!isNode(branch) || !Array.isArray(branch["required"])) return undefined;
  const properties = branch["properties"];
  if (properties !== undefined && !(isNode(properties) && Object.values(properties).every((value) => isNode(value) && Object.keys(value).every((key) => ANNOTATIONS.has(key))))) {
    return undefined;
  }
  return Object.keys(branch).every((key) => ANNOTATIONS.has(key) || key === "required" || key === "properties") ? (branch["required"] as string[]) : undefined;
}

/**
 * An object whose `oneOf` only says "exactly one of these fields" compiles to a broken intersection
 * (`{handle: {[k: string]: unknown}}`), so for typing each alternative becomes the whole object with
 * its field required and the other alternatives' fields left out: a union TypeScript can narrow.
 */
function expandExactlyOneOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandExactlyOneOf);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) out[key] = expandExactlyOneOf(child);
  const alternatives = Array.isArray(out["oneOf"]) ? (out["oneOf"] as unknown[]).map(requiredAlternative) : [];
  if (alternatives.length < 2 || alternatives.some((fields) => fields === undefined) || !isNode(out["properties"])) return out;
  const { oneOf: _oneOf, title, description, ...base } = out;
  const everyAlternativeField = new Set(alternatives.flat() as string[]);
  const variants = alternatives.map((fields) => {
    const properties = Object.fromEntries(Object.entries(base["properties"] as Node).filter(([name]) => fields!.includes(name) || !everyAlternativeField.has(name)));
    return { ...base, properties, required: [...new Set([...((base["required"] as string[] | undefined) ?? []), ...fields!])] };
  });
  return { ...(title === undefined ? {} : { title }), ...(description === undefined ? {} : { description }), oneOf: variants };
}

/** A copy of a contract schema ready for json-schema-to-typescript, and the enum aliases to declare. */
export function prepareSchemaForTypes(schema: Record<string, unknown>): PreparedSchema {
  const prepared = expandExactlyOneOf(wrapReferences(structuredClone(schema))) as Node;
  const aliases: EnumAlias[] = [];
  const taken = new Set<string>();
  const defs = prepared["$defs"];
  if (isNode(defs)) {
    for (const definition of Object.values(defs)) {
      if (isNode(definition) && typeof definition["title"] === "string") nameInlineEnums(definition, definition["title"], aliases, taken);
    }
  }
  return { schema: prepared, enumAliases: aliases };
}

/** TypeScript declarations for the enum aliases, appended to the generated module. */
export function declareEnumAliases(aliases: EnumAlias[]): string {
  return aliases
    .map((alias) => {
      const doc = alias.description ? `/**\n * ${alias.description.replace(/\*\//g, "*\\/")}\n */\n` : "";
      return `${doc}export type ${alias.name} = ${alias.values.map((value) => JSON.stringify(value)).join(" | ")};\n`;
    })
    .join("");
}
