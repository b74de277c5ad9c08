import { CONTRACT_SCHEMAS } from "./generated/schemas.js";

/** A store handle's shape, read from the store contract (`$defs.handle.pattern`), the one place it is written. */
export const STORE_HANDLE_PATTERN = new RegExp(((CONTRACT_SCHEMAS.store["$defs"] as Record<string, { pattern: string }>)["handle"]!).pattern);

/** True for a string shaped like a store handle (`<site>~<12 hex>`); a URL never is one. */
export function isStoreHandle(value: unknown): value is string {
  return typeof value === "string" && STORE_HANDLE_PATTERN.test(value);
}
