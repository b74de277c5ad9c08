import { defineConfig } from "vitest/config";

// The JSON report feeds the `N passed, N failed` line that .ci/run prints.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ["default", ["json", { outputFile: ".vitest/report.json" }]],
  },
});
