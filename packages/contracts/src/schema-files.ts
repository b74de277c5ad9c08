import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { ContractsError } from "./errors.js";

export type JsonSchema = { [key: string]: unknown };

export interface ContractFile {
  /** Contract name: the file's base name without `.schema.json`. */
  name: string;
  path: string;
  version: string;
  schema: JsonSchema;
}

export const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ContractsError("not_found", `Cannot read ${path}: ${(error as Error).message}.`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContractsError("parse_failed", `${path} is not valid JSON: ${(error as Error).message}.`, { cause: error });
  }
}

/** Read every `contracts/*.schema.json`, sorted by name so every run sees them in one order. */
export function readContractFiles(contractsDir: string): ContractFile[] {
  return readdirSync(contractsDir)
    .filter((file) => file.endsWith(".schema.json"))
    .sort()
    .map((file) => {
      const path = join(contractsDir, file);
      const schema = readJsonFile(path) as JsonSchema;
      const version = schema["x-contract-version"];
      return { name: basename(file, ".schema.json"), path, version: typeof version === "string" ? version : "", schema };
    });
}

/** JSON with object keys sorted at every level: formatting changes do not change a contract's hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

export function schemaDigest(schema: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(schema)).digest("hex")}`;
}

export function compareSemver(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
