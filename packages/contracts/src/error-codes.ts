import type { ErrorCode } from "./generated/envelope.js";
import { CONTRACT_SCHEMAS } from "./generated/schemas.js";

interface ErrorCodeEntry {
  const: ErrorCode;
  description: string;
}

const entries = ((CONTRACT_SCHEMAS.envelope["$defs"] as Record<string, { oneOf: ErrorCodeEntry[] }>)["error_code"]!).oneOf;

/** The central list of error codes, read from envelope.schema.json so there is one source of truth. */
export const ERROR_CODES: readonly ErrorCode[] = entries.map((entry) => entry.const);

export const ERROR_CODE_DESCRIPTIONS: Readonly<Record<ErrorCode, string>> = Object.fromEntries(
  entries.map((entry) => [entry.const, entry.description]),
) as Record<ErrorCode, string>;

const known: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: string): value is ErrorCode {
  return known.has(value);
}
