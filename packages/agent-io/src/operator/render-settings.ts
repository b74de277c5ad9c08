import type { effectiveSettings } from "./effective-settings.js";

/** `websift config` for people: one line per setting, its source, and how to change it. */
export function renderSettings(report: ReturnType<typeof effectiveSettings>): string {
  const lines = [`config file: ${report.config_file}${report.config_file_found ? "" : " (not found; defaults apply)"}`, ""];
  const width = Math.max(...report.settings.map((setting) => setting.name.length));
  for (const setting of report.settings) {
    const value = setting.value === null ? "(unset)" : Array.isArray(setting.value) ? setting.value.join(",") || "(none)" : String(setting.value);
    const source = setting.source === "env" ? `env ${setting.variable}` : setting.source;
    lines.push(`${setting.name.padEnd(width)}  ${value}  [${source}]`);
  }
  lines.push("", "Change a setting with: flag > environment variable > config file (see docs/CONFIGURATION.md).");
  return `${lines.join("\n")}\n`;
}
