import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { userConfigDir } from "../config/paths.js";
import { SearchLayerError } from "../errors.js";

const DEFAULT_ANGLE_TEMPLATES_PATH = fileURLToPath(new URL("../../policy/angle-templates.yaml", import.meta.url));

function readTemplates(path: string): string[] {
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SearchLayerError("invalid_config", `Cannot read angle templates ${path}: ${(error as Error).message}.`, { details: { file: path } });
  }
  const templates = (parsed as { templates?: unknown } | null)?.templates;
  if (!Array.isArray(templates) || templates.some((template) => typeof template !== "string" || !template.includes("{query}"))) {
    throw new SearchLayerError("invalid_config", `${path}: \`templates\` must be a list of strings that each contain {query}.`, { details: { field: "templates", file: path } });
  }
  return templates as string[];
}

/** Packaged templates, then the person's own (merged, duplicates removed, order kept). */
function angleTemplates(env: NodeJS.ProcessEnv = process.env): string[] {
  const user = join(userConfigDir(env), "angle-templates.yaml");
  const all = [...readTemplates(DEFAULT_ANGLE_TEMPLATES_PATH), ...(existsSync(user) ? readTemplates(user) : [])];
  return [...new Set(all)];
}

/** The queries a search runs: explicit angles, or templates for deep/research, or just the query. */
export function resolveAngles(query: string, tier: string | undefined, explicit: string[] | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  if (tier !== "deep" && tier !== "research") return [query];
  if (explicit && explicit.length > 0) return [...new Set(explicit.map((angle) => angle.trim()).filter(Boolean))];
  const templates = angleTemplates(env);
  const chosen = tier === "deep" ? templates.slice(0, 3) : templates;
  return [...new Set(chosen.map((template) => template.replaceAll("{query}", query).trim()))];
}

/** Read a `--angles FILE`: a YAML list of queries. */
export function readAnglesFile(path: string): string[] {
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SearchLayerError("invalid_request", `Cannot read the angles file ${path}: ${(error as Error).message}.`, { details: { field: "angles" } });
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((angle) => typeof angle !== "string" || angle.trim() === "")) {
    throw new SearchLayerError("invalid_request", `The angles file ${path} must be a YAML list of non-empty query strings.`, { details: { field: "angles" } });
  }
  return parsed as string[];
}
