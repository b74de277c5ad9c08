// Layer boundaries for websift, checked by `pnpm lint` (dependency-cruiser).
// A package may use another layer only through that layer's public entry point (its package
// name, which resolves to src/index or dist/index), never its internal modules; the allowed
// direction of use is fixed below, and nothing imports agent-io, which composes everything.
/** Which workspace packages each package may depend on. */
const allowedLayers = {
  contracts: [],
  fetch: ["contracts"],
  search: ["contracts", "fetch"],
  extract: ["contracts"],
  format: ["contracts"],
  store: ["contracts"],
  "agent-io": ["contracts", "fetch", "search", "extract", "format", "store"],
};
const layers = Object.keys(allowedLayers);

// A package's package.json "exports": "." (index), and contracts' "./tooling" and "./testing".
const PUBLIC_ENTRY = "(src/(index|tooling|testing)\\.ts|dist/(index|tooling|testing)\\.(js|d\\.ts)|package\\.json)$";
// Test support is shared through the private @websift/test-support package (its "exports" point at
// these sources); only the layers' tests use it, so the layers' runtime code stays separate.
const TEST_SUPPORT = "^packages/test-support/";
const TEST_SUPPORT_ENTRY = "^packages/test-support/src/redis-server\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-internal-imports-across-packages",
      comment:
        "Another package is used only through its public entry point (`@websift/<layer>`), never a file inside it.",
      severity: "error",
      from: { path: "^packages/([^/]+)/" },
      to: { path: "^packages/([^/]+)/", pathNot: [`^packages/$1/`, `^packages/[^/]+/${PUBLIC_ENTRY}`, TEST_SUPPORT_ENTRY] },
    },
    {
      name: "no-importing-agent-io",
      comment: "agent-io composes the layers; no layer depends on it.",
      severity: "error",
      from: { path: "^packages/(?!agent-io/)[^/]+/" },
      to: { path: "^packages/agent-io/" },
    },
    ...layers.map((layer) => ({
      name: `layer-direction-${layer}`,
      comment: `${layer} may use only: ${allowedLayers[layer].join(", ") || "no other workspace package"}.`,
      severity: "error",
      from: { path: `^packages/${layer}/` },
      to: {
        path: "^packages/([^/]+)/",
        pathNot: [`^packages/(${[layer, ...allowedLayers[layer]].join("|")})/`, TEST_SUPPORT],
      },
    })),
    {
      name: "test-support-only-in-tests",
      comment: "@websift/test-support is for the packages' tests (test/) only, never their src/, bin/ or bench/.",
      severity: "error",
      from: { path: "^packages/[^/]+/", pathNot: ["^packages/[^/]+/test/", TEST_SUPPORT] },
      to: { path: TEST_SUPPORT },
    },
    {
      name: "test-support-uses-no-package",
      comment: "@websift/test-support stands alone: it uses no workspace package.",
      severity: "error",
      from: { path: TEST_SUPPORT },
      to: { path: "^packages/", pathNot: TEST_SUPPORT },
    },
    {
      name: "no-unresolvable-imports",
      comment: "An import that cannot be resolved usually reaches into a package's unexported internals.",
      severity: "error",
      from: { path: "^packages/" },
      to: { couldNotResolve: true },
    },
    {
      name: "no-circular",
      severity: "error",
      from: { path: "^packages/" },
      to: { circular: true },
    },
  ],
  options: {
    // Built entry points (dist/) must stay visible as targets, or imports by package name would
    // vanish from the graph; they are just not followed further.
    doNotFollow: { path: ["node_modules", "(^|/)dist/"] },
    exclude: { path: "(^|/)(bench|bin|\\.vitest)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default"],
    },
    combinedDependencies: false,
  },
};
