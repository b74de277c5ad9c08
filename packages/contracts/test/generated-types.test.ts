import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { prepareSchemaForTypes } from "../src/generate/prepare-schema.js";

const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));
const typeModules = readdirSync(generatedDir).filter((name) => name.endsWith(".ts") && name !== "schemas.ts");

it.each(typeModules)("%s declares every type once, under its own name (no numbered copies)", (name) => {
  const source = readFileSync(generatedDir + name, "utf8");
  const declared = [...source.matchAll(/^export (?:type|interface) ([A-Za-z0-9_]+)/gm)].map((match) => match[1]!);
  expect(declared.length).toBeGreaterThan(0);
  expect(declared.filter((type) => /[A-Za-z]\d+$/.test(type))).toEqual([]);
  expect(new Set(declared).size).toBe(declared.length);
});

it("wraps a $ref that carries a description so the definition is named once, and names inline enums", () => {
  const prepared = prepareSchemaForTypes({
    $defs: {
      meta: { title: "Meta", type: "object", properties: { layer: { enum: ["a", "b"], description: "Which one." } } },
      holder: { title: "Holder", type: "object", properties: { meta: { $ref: "#/$defs/meta", description: "The meta." } } },
    },
  });
  const defs = prepared.schema["$defs"] as Record<string, { properties: Record<string, unknown> }>;
  expect(defs["holder"]!.properties["meta"]).toEqual({ allOf: [{ $ref: "#/$defs/meta" }], description: "The meta." });
  expect(prepared.enumAliases).toEqual([{ name: "MetaLayer", values: ["a", "b"], description: "Which one." }]);
  expect(defs["meta"]!.properties["layer"]).toMatchObject({ tsType: "MetaLayer" });
});
