// The public surface changes only on purpose. "." is the package's only entry (package.json "exports"); the CLI,
// MCP and REST servers are reached through bin/websift.js, not imported.
import { expect, it } from "vitest";

it("exports exactly the public API", async () => {
  expect(Object.keys(await import("../src/index.js")).sort()).toEqual([
    "AgentIoError",
    "checkOperatorSettings",
    "createAgentEntryPoints",
    "createFence",
    "createWebsift",
    "fenceBody",
    "findInstructionLikeText",
    "neutralizeMarkers",
    "productionLayers",
  ]);
});
