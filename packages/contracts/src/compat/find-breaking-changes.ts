import type { JsonSchema } from "../schema-files.js";

/** Which side of a contract a schema node describes: what callers send, or what producers return. */
export type Direction = "request" | "response";

export interface BreakingChange {
  /** JSON-pointer-like location in the schema, e.g. `#/$defs/request/properties/url`. */
  location: string;
  direction: Direction;
  change: string;
}

type Node = JsonSchema | boolean | undefined;

const TIGHTER_WHEN_LARGER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"] as const;
const TIGHTER_WHEN_SMALLER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"] as const;

function asObject(node: Node): JsonSchema | undefined {
  return node && typeof node === "object" ? node : undefined;
}

function typeSet(node: JsonSchema): Set<string> | undefined {
  const type = node["type"];
  if (type === undefined) return undefined;
  const types = new Set(Array.isArray(type) ? (type as string[]) : [type as string]);
  // "integer" is a subset of "number": keep the pair comparable.
  return types;
}

function describeTypes(types: Set<string> | undefined): string {
  return types ? [...types].sort().join("|") : "any";
}

function isSubset(a: Set<string>, b: Set<string>): boolean {
  for (const value of a) {
    if (!b.has(value) && !(value === "integer" && b.has("number"))) return false;
  }
  return true;
}

function sameSet(a: Set<string> | undefined, b: Set<string> | undefined): boolean {
  if (!a || !b) return a === b;
  return a.size === b.size && isSubset(a, b) && isSubset(b, a);
}

class SchemaComparer {
  readonly changes: BreakingChange[] = [];
  private readonly visited = new Set<string>();

  constructor(
    private readonly oldRoot: JsonSchema,
    private readonly newRoot: JsonSchema,
  ) {}

  private report(location: string, direction: Direction, change: string): void {
    this.changes.push({ location, direction, change });
  }

  private resolve(root: JsonSchema, node: JsonSchema): { node: JsonSchema; ref?: string } {
    const ref = node["$ref"];
    if (typeof ref !== "string" || !ref.startsWith("#")) return { node };
    const target = ref
      .slice(1)
      .split("/")
      .filter(Boolean)
      .reduce<unknown>((current, part) => (current as JsonSchema | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    return { node: { ...(asObject(target as Node) ?? {}), ...withoutRef(node) }, ref };
  }

  compare(oldNode: Node, newNode: Node, location: string, direction: Direction): void {
    const oldObject = asObject(oldNode);
    const newObject = asObject(newNode);
    if (newNode === undefined || newNode === true) return; // the new side accepts anything
    if (oldNode === false) return;
    if (!newObject) {
      this.report(location, direction, "schema now rejects every value");
      return;
    }
    if (!oldObject) {
      // old accepted anything: any constraint in the new schema narrows it.
      if (direction === "request" && Object.keys(withoutAnnotations(newObject)).length > 0) {
        this.report(location, direction, "a schema that accepted any value now constrains it");
      }
      return;
    }
    const oldResolved = this.resolve(this.oldRoot, oldObject);
    const newResolved = this.resolve(this.newRoot, newObject);
    if (oldResolved.ref && newResolved.ref) {
      if (oldResolved.ref !== newResolved.ref) {
        this.report(location, direction, `reference changed from ${oldResolved.ref} to ${newResolved.ref}`);
        return;
      }
      const key = `${direction}:${oldResolved.ref}`;
      if (this.visited.has(key)) return;
      this.visited.add(key);
      location = oldResolved.ref;
    }
    this.compareNode(oldResolved.node, newResolved.node, location, direction);
  }

  private compareNode(oldNode: JsonSchema, newNode: JsonSchema, location: string, direction: Direction): void {
    this.compareTypes(oldNode, newNode, location, direction);
    this.compareEnums(oldNode, newNode, location, direction);
    if (direction === "request") this.compareRequestConstraints(oldNode, newNode, location);
    this.compareProperties(oldNode, newNode, location, direction);
    this.compare(oldNode["items"] as Node, newNode["items"] as Node, `${location}/items`, direction);
    this.compare(oldNode["additionalProperties"] as Node, newNode["additionalProperties"] as Node, `${location}/additionalProperties`, direction);
    const oldPrefix = (oldNode["prefixItems"] as Node[] | undefined) ?? [];
    const newPrefix = (newNode["prefixItems"] as Node[] | undefined) ?? [];
    oldPrefix.forEach((item, index) => this.compare(item, newPrefix[index], `${location}/prefixItems/${index}`, direction));
    for (const keyword of ["anyOf", "oneOf"] as const) this.compareBranches(oldNode, newNode, keyword, location, direction);
  }

  private compareTypes(oldNode: JsonSchema, newNode: JsonSchema, location: string, direction: Direction): void {
    const oldTypes = typeSet(oldNode);
    const newTypes = typeSet(newNode);
    if (sameSet(oldTypes, newTypes)) return;
    if (direction === "request") {
      if (!newTypes) return; // widened to any type
      if (!oldTypes || !isSubset(oldTypes, newTypes)) {
        this.report(location, direction, `type narrowed from ${describeTypes(oldTypes)} to ${describeTypes(newTypes)}`);
      }
      return;
    }
    this.report(location, direction, `type changed from ${describeTypes(oldTypes)} to ${describeTypes(newTypes)}`);
  }

  private compareEnums(oldNode: JsonSchema, newNode: JsonSchema, location: string, direction: Direction): void {
    const oldEnum = oldNode["enum"] as unknown[] | undefined;
    const newEnum = newNode["enum"] as unknown[] | undefined;
    if (newEnum) {
      if (!oldEnum) {
        if (direction === "request") this.report(location, direction, "values restricted to an enum");
        return;
      }
      const accepted = new Set(newEnum.map((value) => JSON.stringify(value)));
      const removed = oldEnum.filter((value) => !accepted.has(JSON.stringify(value)));
      if (removed.length > 0) {
        this.report(location, direction, `enum value${removed.length > 1 ? "s" : ""} ${removed.map((v) => JSON.stringify(v)).join(", ")} removed`);
      }
    }
    const oldConst = oldNode["const"];
    const newConst = newNode["const"];
    if (newConst !== undefined && JSON.stringify(oldConst) !== JSON.stringify(newConst)) {
      if (oldConst !== undefined || direction === "request") {
        this.report(location, direction, `const changed from ${JSON.stringify(oldConst)} to ${JSON.stringify(newConst)}`);
      }
    }
  }

  private compareRequestConstraints(oldNode: JsonSchema, newNode: JsonSchema, location: string): void {
    const tightened = (keyword: string, from: unknown, to: unknown): void =>
      this.report(location, "request", `${keyword} tightened from ${from === undefined ? "none" : JSON.stringify(from)} to ${JSON.stringify(to)}`);
    for (const keyword of TIGHTER_WHEN_LARGER) {
      const before = oldNode[keyword] as number | undefined;
      const after = newNode[keyword] as number | undefined;
      if (after !== undefined && (before === undefined || after > before)) tightened(keyword, before, after);
    }
    for (const keyword of TIGHTER_WHEN_SMALLER) {
      const before = oldNode[keyword] as number | undefined;
      const after = newNode[keyword] as number | undefined;
      if (after !== undefined && (before === undefined || after < before)) tightened(keyword, before, after);
    }
    for (const keyword of ["pattern", "format", "multipleOf", "contentEncoding"] as const) {
      const before = oldNode[keyword];
      const after = newNode[keyword];
      if (after !== undefined && JSON.stringify(before) !== JSON.stringify(after)) tightened(keyword, before, after);
    }
    if (newNode["uniqueItems"] === true && oldNode["uniqueItems"] !== true) tightened("uniqueItems", oldNode["uniqueItems"], true);
    if (newNode["additionalProperties"] === false && oldNode["additionalProperties"] !== false) {
      tightened("additionalProperties", oldNode["additionalProperties"], false);
    }
  }

  private compareProperties(oldNode: JsonSchema, newNode: JsonSchema, location: string, direction: Direction): void {
    const oldProperties = (oldNode["properties"] as Record<string, Node> | undefined) ?? {};
    const newProperties = (newNode["properties"] as Record<string, Node> | undefined) ?? {};
    const added = Object.keys(newProperties).filter((name) => !(name in oldProperties));
    for (const [name, oldProperty] of Object.entries(oldProperties)) {
      const propertyLocation = `${location}/properties/${name}`;
      if (!(name in newProperties)) {
        const hint = added.length > 0 ? ` (renamed to ${added.map((n) => `\`${n}\``).join(" or ")}?)` : "";
        this.report(propertyLocation, direction, `property \`${name}\` removed${hint}`);
        continue;
      }
      this.compare(oldProperty, newProperties[name], propertyLocation, direction);
    }
    const oldRequired = new Set((oldNode["required"] as string[] | undefined) ?? []);
    const newRequired = new Set((newNode["required"] as string[] | undefined) ?? []);
    if (direction === "request") {
      for (const name of newRequired) {
        if (!oldRequired.has(name)) this.report(`${location}/required`, direction, `\`${name}\` became required`);
      }
    } else {
      for (const name of oldRequired) {
        if (!newRequired.has(name) && name in newProperties) this.report(`${location}/required`, direction, `\`${name}\` is no longer guaranteed (removed from required)`);
      }
    }
  }

  private compareBranches(oldNode: JsonSchema, newNode: JsonSchema, keyword: "anyOf" | "oneOf", location: string, direction: Direction): void {
    const oldBranches = (oldNode[keyword] as Node[] | undefined) ?? [];
    const newBranches = (newNode[keyword] as Node[] | undefined) ?? [];
    if (direction === "request" && newBranches.length > 0 && newBranches.length < oldBranches.length) {
      this.report(`${location}/${keyword}`, direction, `${keyword} lost ${oldBranches.length - newBranches.length} accepted alternative(s)`);
    }
    // A union of `const` values is an enumeration written with a description per value (the central
    // error codes): growing it is additive, like a new enum value, which tolerant readers accept.
    const valuesOnly = [...oldBranches, ...newBranches].every((branch) => asObject(branch)?.["const"] !== undefined);
    if (valuesOnly) {
      const kept = new Set(newBranches.map((branch) => JSON.stringify(asObject(branch)?.["const"])));
      const removed = oldBranches.map((branch) => JSON.stringify(asObject(branch)?.["const"])).filter((value) => !kept.has(value));
      if (removed.length > 0) this.report(`${location}/${keyword}`, direction, `value${removed.length > 1 ? "s" : ""} ${removed.join(", ")} removed`);
      return;
    }
    if (direction === "response" && oldBranches.length > 0 && newBranches.length > oldBranches.length && !valuesOnly) {
      this.report(`${location}/${keyword}`, direction, `${keyword} gained ${newBranches.length - oldBranches.length} shape(s) that consumers do not expect`);
    }
    const shared = Math.min(oldBranches.length, newBranches.length);
    for (let index = 0; index < shared; index++) {
      this.compare(oldBranches[index], newBranches[index], `${location}/${keyword}/${index}`, direction);
    }
  }
}

function withoutRef(node: JsonSchema): JsonSchema {
  const { $ref: _ref, description: _description, ...rest } = node;
  return rest;
}

function withoutAnnotations(node: JsonSchema): JsonSchema {
  const { description: _d, title: _t, examples: _e, $comment: _c, ...rest } = node;
  return rest;
}

/** The direction of a contract's root when it has no `$defs.request`/`$defs.response` pair. */
export function rootDirection(contractName: string): Direction {
  // The envelope is what every producer writes; other root-only contracts are configuration a layer reads.
  return contractName === "envelope" ? "response" : "request";
}

/**
 * Changes from `oldSchema` to `newSchema` that break a consumer: a request the old schema accepted
 * is refused, or a response field a consumer reads is gone, changed or no longer guaranteed.
 */
export function findBreakingChanges(oldSchema: JsonSchema, newSchema: JsonSchema, contractName: string): BreakingChange[] {
  const comparer = new SchemaComparer(oldSchema, newSchema);
  const oldDefs = (oldSchema["$defs"] as Record<string, Node> | undefined) ?? {};
  const newDefs = (newSchema["$defs"] as Record<string, Node> | undefined) ?? {};
  for (const name of Object.keys(oldDefs)) {
    if (!(name in newDefs)) comparer.changes.push({ location: `#/$defs/${name}`, direction: "response", change: `definition \`${name}\` removed` });
  }
  const hasPair = "request" in oldDefs || "response" in oldDefs;
  if (hasPair) {
    if ("request" in oldDefs) comparer.compare({ $ref: "#/$defs/request" }, { $ref: "#/$defs/request" }, "#/$defs/request", "request");
    if ("response" in oldDefs) comparer.compare({ $ref: "#/$defs/response" }, { $ref: "#/$defs/response" }, "#/$defs/response", "response");
  } else {
    comparer.compare(oldSchema, newSchema, "#", rootDirection(contractName));
  }
  return comparer.changes;
}
