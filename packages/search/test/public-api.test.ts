// The public surface changes only on purpose: agent-io wires these names.
import { expect, it } from "vitest";

it("exports exactly the public API", async () => {
  expect(Object.keys(await import("../src/index.js")).sort()).toEqual(["SearchLayerError", "defaultExtractionBudget", "engineAnswered", "listSearchBackends", "searchWeb"]);
});
