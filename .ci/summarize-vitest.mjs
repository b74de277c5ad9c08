// Sums the per-package vitest JSON reports into the one line CI reads: "N passed, N failed".
// A package that has a test script but wrote no report counts as a failure, so a run that
// silently executed nothing is visible.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dirs = [...readdirSync(join(root, "packages")).map((name) => join("packages", name)), "tests"];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of dirs) {
  const manifest = join(root, dir, "package.json");
  if (!existsSync(manifest) || !JSON.parse(readFileSync(manifest, "utf8")).scripts?.test) continue;
  const report = join(root, dir, ".vitest/report.json");
  if (!existsSync(report)) {
    console.log(`${dir}: no test report (the test task did not run or crashed)`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, "utf8"));
  // A test file that failed before its tests ran (a hook or import error) has no failed test
  // of its own: count the file, so the line never reads "0 failed" for a broken suite.
  const brokenFiles = (result.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  result.numFailedTests += brokenFiles;
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  console.log(`${dir}: ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
