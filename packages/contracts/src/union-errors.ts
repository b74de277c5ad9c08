import type { ErrorObject } from "ajv";

/**
 * Ajv reports every branch of a failed `oneOf`/`anyOf`, so a store `get` with a bad `page_size_tokens`
 * used to be refused as "`pages` is required" (from the `add` branch). This keeps the branch the value
 * was meant for: branches whose discriminator (`const` on a direct field) or whole type already refuse
 * the value are dropped, the closest remaining branch (fewest errors) is kept, and the union error itself
 * is replaced by that branch's errors.
 */

type Node = Record<string, unknown>;

export interface SchemaScope {
  /** The whole contract document, for `#/$defs/...` paths (where `$ref`s land). */
  root: Node;
  /** The validated definition, for the other `#/...` paths of its own validator. */
  definition: Node;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nodeAt(schemaPath: string, scope: SchemaScope): unknown {
  const parts = schemaPath.replace(/^#\/?/, "").split("/").filter(Boolean);
  let node: unknown = parts[0] === "$defs" ? scope.root : scope.definition;
  for (const part of parts) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : isNode(node) ? node[key] : undefined;
  }
  return node;
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

interface Branch {
  prefixes: string[];
  errors: ErrorObject[];
  rejectedBy: "const" | "type" | null;
  constField?: string;
  constValue?: unknown;
  required?: string[];
}

const ANNOTATIONS = new Set(["description", "title", "$comment"]);

function annotationOnly(node: unknown): boolean {
  return node === true || (isNode(node) && Object.keys(node).every((key) => ANNOTATIONS.has(key)));
}

/**
 * The fields a branch adds as required when it only requires them (an "exactly one of" alternative).
 * Such a branch may name its fields under `properties` with annotations only, as Ajv's strict mode wants.
 */
function requiredOnly(branch: unknown): string[] | undefined {
  if (!isNode(branch) || !Array.isArray(branch["required"])) return undefined;
  const properties = branch["properties"];
  if (properties !== undefined && !(isNode(properties) && Object.values(properties).every(annotationOnly))) return undefined;
  const keys = Object.keys(branch).filter((key) => !ANNOTATIONS.has(key) && key !== "required" && key !== "properties");
  return keys.length === 0 ? (branch["required"] as string[]) : undefined;
}

function describeBranches(union: ErrorObject, errors: ErrorObject[], scope: SchemaScope): Branch[] | undefined {
  const alternatives = nodeAt(union.schemaPath.replace(/\/(oneOf|anyOf)$/, `/${union.keyword}`), scope);
  if (!Array.isArray(alternatives)) return undefined;
  const branches: Branch[] = alternatives.map((alternative, index) => {
    const prefixes = [`${union.schemaPath}/${index}`];
    if (isNode(alternative) && typeof alternative["$ref"] === "string") prefixes.push(alternative["$ref"]);
    const required = requiredOnly(alternative);
    return { prefixes, errors: [], rejectedBy: null, ...(required ? { required } : {}) };
  });
  for (const error of errors) {
    if (error === union || !under(error.instancePath, union.instancePath)) continue;
    const branch = branches.find((candidate) => candidate.prefixes.some((prefix) => under(error.schemaPath, prefix)));
    if (!branch) continue;
    branch.errors.push(error);
    const depth = error.instancePath.slice(union.instancePath.length).split("/").length - 1;
    if (error.keyword === "const" && depth === 1) {
      branch.rejectedBy = "const";
      branch.constField = error.instancePath;
      branch.constValue = (error.params as { allowedValue?: unknown }).allowedValue;
    } else if (error.keyword === "type" && error.instancePath === union.instancePath && branch.rejectedBy === null) {
      branch.rejectedBy = "type";
    }
  }
  return branches;
}

function syntheticError(union: ErrorObject, instancePath: string, keyword: string, params: Record<string, unknown>, message: string): ErrorObject {
  return { instancePath, schemaPath: union.schemaPath, keyword, params, message };
}

function narrowOne(union: ErrorObject, errors: ErrorObject[], scope: SchemaScope): ErrorObject[] {
  const branches = describeBranches(union, errors, scope);
  if (!branches) return errors;
  const attributed = new Set(branches.flatMap((branch) => branch.errors));
  const others = errors.filter((error) => error !== union && !attributed.has(error));
  if (branches.every((branch) => branch.required)) {
    // "exactly one of": no branch error says what is wrong, the union does.
    const fields = [...new Set(branches.flatMap((branch) => branch.required!))];
    const message = `must set exactly one of ${fields.map((field) => `\`${field}\``).join(", ")}`;
    return [...others, syntheticError(union, union.instancePath, "exactlyOne", { fields }, message)];
  }
  const open = branches.filter((branch) => branch.rejectedBy === null);
  if (open.length > 0) {
    const closest = open.reduce((best, branch) => (branch.errors.length < best.errors.length ? branch : best));
    return [...others, ...closest.errors];
  }
  const constFields = new Set(branches.map((branch) => branch.constField));
  if (branches.every((branch) => branch.rejectedBy === "const") && constFields.size === 1) {
    const allowedValues = branches.map((branch) => branch.constValue);
    return [...others, syntheticError(union, branches[0]!.constField!, "enum", { allowedValues }, "must be one of the alternatives")];
  }
  if (branches.every((branch) => branch.rejectedBy === "type")) {
    const types = [...new Set(branches.flatMap((branch) => branch.errors.filter((error) => error.keyword === "type").map((error) => String((error.params as { type?: unknown }).type))))];
    return [...others, syntheticError(union, union.instancePath, "type", { type: types }, `must be ${types.join(" or ")}`)];
  }
  const closest = branches.reduce((best, branch) => (branch.errors.length < best.errors.length ? branch : best));
  return [...others, ...closest.errors];
}

/** Replace each failed union's errors by those of the branch the value was meant for, outermost union first. */
export function narrowUnionErrors(errors: ErrorObject[], scope: SchemaScope): ErrorObject[] {
  let current = errors;
  const unions = errors.filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf").sort((a, b) => a.instancePath.length - b.instancePath.length);
  for (const union of unions) {
    if (current.includes(union)) current = narrowOne(union, current, scope);
  }
  return current;
}
