import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { CONTRACT_SCHEMAS, type ContractName } from "./generated/schemas.js";

/** Keywords websift adds to JSON Schema; registered so Ajv's strict mode accepts them. */
export const CONTRACT_KEYWORDS = ["x-contract-version"] as const;

/** A strict Ajv 2020 instance that knows websift's keywords and formats (no schemas added). */
export function createContractAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const keyword of CONTRACT_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `results[0].url`; `(root)` for the value itself. */
  field: string;
  message: string;
}

export type ValidationResult = { valid: true } | { valid: false; issues: ValidationIssue[] };

let sharedAjv: Ajv2020 | undefined;
const validatorCache = new Map<string, ValidateFunction>();

const addedContracts = new Set<ContractName>();

/** One shared instance; a contract's schema is added the first time it is used (contracts are self-contained). */
function contractAjv(contract: ContractName): Ajv2020 {
  sharedAjv ??= createContractAjv();
  if (!addedContracts.has(contract)) {
    sharedAjv.addSchema(CONTRACT_SCHEMAS[contract]);
    addedContracts.add(contract);
  }
  return sharedAjv;
}

function schemaId(contract: ContractName): string {
  return CONTRACT_SCHEMAS[contract]["$id"] as string;
}

/** The compiled validator for a contract's `$defs.<definition>`, or for the whole schema when omitted. */
export function contractValidator(contract: ContractName, definition?: string): ValidateFunction {
  const key = `${contract}#${definition ?? ""}`;
  let validate = validatorCache.get(key);
  if (!validate) {
    const ajv = contractAjv(contract);
    const ref = definition ? `${schemaId(contract)}#/$defs/${definition}` : schemaId(contract);
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`Contract ${contract} has no definition "${definition}".`);
    validatorCache.set(key, validate);
  }
  return validate;
}

export function validateContractValue(contract: ContractName, definition: string | undefined, value: unknown): ValidationResult {
  const validate = contractValidator(contract, definition);
  if (validate(value)) return { valid: true };
  return { valid: false, issues: describeAjvErrors(validate.errors ?? []) };
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
    case "const":
      return { field: base || "(root)", message: `must be ${JSON.stringify(params["allowedValue"])}` };
    default:
      return { field: base || "(root)", message: error.message ?? `fails ${error.keyword}` };
  }
}

/** Turn Ajv errors into field-named issues, most specific first, without duplicates from union branches. */
export function describeAjvErrors(errors: ErrorObject[]): ValidationIssue[] {
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
