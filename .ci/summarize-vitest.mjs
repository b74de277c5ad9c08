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
const failures = [];

function failuresOf(dir, result) {
  const lines = [];
  for (const file of result.testResults ?? []) {
    const name = join(dir, file.name.split(`/${dir}/`).pop() ?? file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (file.status === "failed" && failedTests.length === 0) lines.push(`  FAILED ${name}: ${firstLine(file.message)}`);
    for (const test of failedTests) lines.push(`  FAILED ${name} > ${test.fullName ?? test.title} (${Math.round(test.duration ?? 0)} ms): ${firstLine(test.failureMessages?.[0])}`);
  }
  return lines;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- vitest colours its messages
  const plain = String(text ?? "no message").replace(/\u001b\[[0-9;]*m/g, "");
  return plain.split("\n").map((line) => line.trim()).filter(Boolean).slice(0, 2).join(" / ").slice(0, 400);
}
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
  failures.push(...failuresOf(dir, result));
}
// Only the tail of a CI log may survive, so the failures are named here, next to the totals.
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
