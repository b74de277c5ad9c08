import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { CONTRACT_KEYWORDS } from "@websift/contracts";
import { repoRoot } from "./support/repo.js";

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return name.endsWith(".schema.json") ? [path] : [];
  });
}

const files = schemaFiles(join(repoRoot, "contracts"));

describe("contracts/**/*.schema.json", () => {
  it("finds the contracts", () => {
    expect(files.map((file) => relative(repoRoot, file))).toEqual(
      expect.arrayContaining(["contracts/envelope.schema.json", "contracts/fetch.schema.json", "contracts/search-policy.schema.json"]),
    );
  });

  it.each(files.map((file) => [relative(repoRoot, file), file]))("%s is draft 2020-12 and compiles with Ajv2020 in strict mode", (_name, file) => {
    const schema = JSON.parse(readFileSync(file, "utf8"));
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema["x-contract-version"]).toMatch(/^\d+\.\d+\.\d+$/);
    // A fresh instance per file, knowing only websift's own keyword (`x-contract-version`) and the
    // standard formats (`uri`, `date-time`) from ajv-formats, as docs/CONTRACTS.md tells consumers.
    const ajv = new Ajv2020({ strict: true });
    addFormats.default(ajv);
    for (const keyword of CONTRACT_KEYWORDS) ajv.addKeyword(keyword);
    ajv.addSchema(schema);
    expect(ajv.getSchema(schema.$id)).toBeTypeOf("function");
    for (const name of Object.keys(schema.$defs ?? {})) {
      expect(ajv.getSchema(`${schema.$id}#/$defs/${name}`), name).toBeTypeOf("function");
    }
  });
});
