import { CONTRACT_SCHEMAS, type ContractName } from "@websift/contracts";
import { expect, it } from "vitest";
import { ENGINES } from "../src/engines/registry.js";
import { searchWeb } from "../src/index.js";

function engineEnum(contract: ContractName): unknown {
  const request = (CONTRACT_SCHEMAS[contract]["$defs"] as Record<string, { properties: Record<string, { items: { enum: unknown } }> }>)["request"]!;
  return request.properties["engines"]!.items.enum;
}

it("the contracts that name engines list exactly the registry's engines, so a request can only name a real one", () => {
  const registry = [...ENGINES.keys()];
  for (const contract of ["search", "agent-search", "agent-similar"] as const) expect(engineEnum(contract), contract).toEqual(registry);
});

it("an unknown engine is refused by the search contract, naming the entry", async () => {
  const reply = await searchWeb({ query: "q", engines: ["duckduckgo", "altavista"] });
  expect(reply.error).toMatchObject({ code: "invalid_request", details: { field: "engines[1]" } });
});
