// The public surface changes only on purpose: search and agent-io wire these names.
import { expect, it } from "vitest";

it("exports exactly the public API", async () => {
  expect(Object.keys(await import("../src/index.js")).sort()).toEqual(["FetchLayerError", "closeFetchConnections", "fetchUrl"]);
});
