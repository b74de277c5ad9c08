// The public surface changes only on purpose: agent-io wires these names.
import { expect, it } from "vitest";

it("exports exactly the documented names", async () => {
  expect(Object.keys(await import("../src/index.js")).sort()).toEqual(["StoreLayerError", "closeStoreConnections", "runStoreOperation"]);
});
