import type { ErrorObject, ValidateFunction } from "ajv";
import { createRequire } from "node:module";
import { CONTRACT_SCHEMAS, type ContractName } from "./generated/schemas.js";
import { narrowUnionErrors, type SchemaScope } from "./union-errors.js";

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `results[0].url`; `(root)` for the value itself. */
  field: string;
  message: string;
}

export type ValidationResult = { valid: true } | { valid: false; issues: ValidationIssue[] };

type ContractValidators = Record<string, ValidateFunction | undefined>;

const require = createRequire(import.meta.url);
const loaded = new Map<string, ContractValidators>();

/**
 * A contract's precompiled validators, keyed by definition (the root under ""): generated/validators/<contract>.cjs,
 * required on first use so that a process or worker loads only the contracts it validates (all of them
 * together are 0.8 MB of code, 1.3 MB once built, about 45 ms to import).
 */
function validatorsOf(contract: string): ContractValidators {
  let validators = loaded.get(contract);
  if (!validators) {
    validators = Object.hasOwn(CONTRACT_SCHEMAS, contract) ? (require(`./generated/validators/${contract}.cjs`) as ContractValidators) : {};
    loaded.set(contract, validators);
  }
  return validators;
}

function precompiled(contract: string, definition: string): ValidateFunction | undefined {
  const validators = validatorsOf(contract);
  return Object.hasOwn(validators, definition) ? validators[definition] : undefined;
}

/**
 * The validator for a contract's `$defs.<definition>`, or for the whole schema when omitted.
 * Validators are precompiled by `pnpm contracts:generate`, so validation costs no Ajv import or compile.
 */
export function contractValidator(contract: ContractName, definition?: string): ValidateFunction {
  const validate = precompiled(contract, definition ?? "");
  if (!validate) throw new Error(`Contract ${contract} has no precompiled validator for "${definition ?? "(root)"}"; run pnpm contracts:generate.`);
  return validate;
}

type SchemaObject = Record<string, unknown>;

function definitionNode(root: SchemaObject, definition: string | undefined): SchemaObject {
  return definition ? ((root["$defs"] as Record<string, SchemaObject> | undefined)?.[definition] ?? root) : root;
}

interface Discriminated {
  field: string;
  branches: Map<unknown, string>;
}

/**
 * A definition that is a `oneOf` of `$ref`s to definitions that each fix one field to a constant
 * (store's `operation`): the value's own field picks the branch, so its errors can be reported alone.
 * Ajv's paths cannot tell the branches apart once they are compiled as separate functions.
 */
function discriminatorOf(root: SchemaObject, node: SchemaObject): Discriminated | undefined {
  const alternatives = node["oneOf"];
  if (!Array.isArray(alternatives) || alternatives.length < 2) return undefined;
  const targets = alternatives.map((alternative) => {
    const reference = (alternative as SchemaObject)["$ref"];
    return typeof reference === "string" && reference.startsWith("#/$defs/") ? reference.slice("#/$defs/".length) : undefined;
  });
  if (targets.some((target) => target === undefined)) return undefined;
  const consts = targets.map((target) => {
    const properties = (definitionNode(root, target)["properties"] ?? {}) as Record<string, SchemaObject>;
    return Object.entries(properties).filter(([, schema]) => "const" in schema);
  });
  for (const [field] of consts[0] ?? []) {
    const branches = new Map<unknown, string>();
    consts.forEach((entries, index) => {
      const entry = entries.find(([name]) => name === field);
      if (entry) branches.set(entry[1]["const"], targets[index]!);
    });
    if (branches.size === targets.length) return { field, branches };
  }
  return undefined;
}

function describeFailure(contract: ContractName, definition: string | undefined, errors: ErrorObject[]): ValidationIssue[] {
  const root = CONTRACT_SCHEMAS[contract];
  return describeAjvErrors(errors, { root, definition: definitionNode(root, definition) });
}

export function validateContractValue(contract: ContractName, definition: string | undefined, value: unknown): ValidationResult {
  const validate = contractValidator(contract, definition);
  if (validate(value)) return { valid: true };
  const root = CONTRACT_SCHEMAS[contract];
  const discriminated = discriminatorOf(root, definitionNode(root, definition));
  if (discriminated) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { valid: false, issues: [{ field: "(root)", message: "must be object" }] };
    const chosen = discriminated.branches.get((value as Record<string, unknown>)[discriminated.field]);
    if (chosen === undefined) {
      const allowed = [...discriminated.branches.keys()].map((each) => JSON.stringify(each)).join(", ");
      return { valid: false, issues: [{ field: discriminated.field, message: `must be one of ${allowed}` }] };
    }
    const branchValidator = precompiled(contract, chosen);
    if (branchValidator && !branchValidator(value)) return { valid: false, issues: describeFailure(contract, chosen, branchValidator.errors ?? []) };
  }
  return { valid: false, issues: describeFailure(contract, definition, validate.errors ?? []) };
}

function pointerToField(pointer: string): string {
  if (!pointer) return "";
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

function joinField(base: string, child: string): string {
  return base ? `${base}.${child}` : child;
}

function describeOne(error: ErrorObject): ValidationIssue {
  const base = pointerToField(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { field: joinField(base, String(params["missingProperty"])), message: "is required but missing" };
    case "additionalProperties":
      return {
        field: joinField(base, String(params["additionalProperty"])),
        message: "is not a known field here (check the spelling against the contract)",
      };
    case "enum":
      return {
        field: base || "(root)",
        message: `must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "type":
      return { field: base || "(root)", message: `must be ${[params["type"]].flat().join(" or ")}` };
    case "exactlyOne":
      return { field: base || "(root)", message: error.message ?? "must set exactly one of the alternatives" };
    case "const":
      return { field: base || "(root)", message: `must be ${JSON.stringify(params["allowedValue"])}` };
    default:
      return { field: base || "(root)", message: error.message ?? `fails ${error.keyword}` };
  }
}

/**
 * Turn Ajv errors into field-named issues, most specific first. Given the schema the errors came from,
 * a failed union reports only the branch the value was meant for (see union-errors.ts).
 */
export function describeAjvErrors(errors: ErrorObject[], scope?: SchemaScope): ValidationIssue[] {
  if (scope) errors = narrowUnionErrors(errors, scope);
  const specific = errors.filter((error) => !["anyOf", "oneOf", "if"].includes(error.keyword));
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of chosen) {
    const issue = describeOne(error);
    const key = `${issue.field}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

/** One sentence for a person: the first issue in full, and how many more there are. */
export function summarizeIssues(what: string, issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return `${what} is invalid.`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return `${what}: field \`${first.field}\` ${first.message}${more}.`;
}
