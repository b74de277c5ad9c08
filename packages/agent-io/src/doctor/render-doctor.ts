import type { DoctorReport } from "./run-doctor.js";

const MARK: Record<string, string> = { ok: "ok  ", warn: "warn", fail: "FAIL", skip: "skip" };

/** `websift doctor` for people: one line per check, its fix indented below when there is one. */
export function renderDoctor(report: DoctorReport): string {
  const lines: string[] = [];
  for (const check of report.checks) {
    lines.push(`[${MARK[check.status]}] ${check.name}: ${check.detail}`);
    if (check.fix && check.status !== "ok") lines.push(`       fix: ${check.fix}`);
  }
  const failed = report.checks.filter((check) => check.status === "fail").length;
  lines.push("", failed === 0 ? "Nothing failed." : `${failed} check(s) failed.`);
  return `${lines.join("\n")}\n`;
}
