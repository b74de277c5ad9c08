import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { summarizeIssues, validateContractValue, type SearchPolicy } from "@websift/contracts";
import { parse as parseYaml } from "yaml";
import { SearchLayerError } from "../errors.js";

/** The policy that ships with the package (packages/search/policy/default-policy.yaml). */
export const DEFAULT_POLICY_PATH = fileURLToPath(new URL("../../policy/default-policy.yaml", import.meta.url));

export interface ResolvedPolicy {
  source: string;
  non_answer: { hosts: string[]; path_patterns: Array<{ pattern: string; regex: RegExp }>; query_keys: string[]; host_root: boolean };
  demote_domains: string[];
  prefer_domains: string[];
  source_types: Record<string, string>;
  ranking: { demote_penalty: number; prefer_bonus: number; multi_engine_bonus: number };
  extraction: { top_n: number; total_chars: number; per_item_chars: number; timeout_seconds: number };
}

function compilePattern(pattern: string, index: number, source: string): RegExp {
  try {
    return new RegExp(pattern, "i");
  } catch (error) {
    throw new SearchLayerError("invalid_config", `Policy ${source}: non_answer.path_patterns[${index}] is not a valid regular expression (${(error as Error).message}).`, {
      details: { field: `non_answer.path_patterns[${index}]`, file: source },
    });
  }
}

/** Read, parse and validate one policy file against the search-policy contract. */
function readPolicyFile(path: string): SearchPolicy {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, "utf8")) ?? {};
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : (error as Error).message;
    throw new SearchLayerError("invalid_config", `Cannot read the search policy ${path}: ${reason}.`, { details: { field: "policy_file", file: path } });
  }
  const checked = validateContractValue("search-policy", undefined, raw);
  if (!checked.valid) {
    throw new SearchLayerError("invalid_config", summarizeIssues(`The search policy ${path} is invalid`, checked.issues), {
      details: { field: checked.issues[0]?.field, file: path, issues: checked.issues },
    });
  }
  return raw as SearchPolicy;
}

const RANKING_KEYS = ["demote_penalty", "prefer_bonus", "multi_engine_bonus"] as const;
const EXTRACTION_KEYS = ["top_n", "total_chars", "per_item_chars", "timeout_seconds"] as const;

/** `section` of the packaged policy, which must state every one of `keys`: it is the only place their defaults are written. */
function packagedSettings<K extends string>(policy: SearchPolicy, section: "ranking" | "extraction", keys: readonly K[]): Record<K, number> {
  const values = (policy[section] ?? {}) as Partial<Record<K, number>>;
  const missing = keys.find((key) => values[key] === undefined);
  if (missing !== undefined) {
    throw new SearchLayerError("internal_error", `The packaged search policy ${DEFAULT_POLICY_PATH} leaves out ${section}.${missing}, whose default it must state.`, {
      details: { field: `${section}.${missing}`, file: DEFAULT_POLICY_PATH },
    });
  }
  return values as Record<K, number>;
}

/**
 * Read (afresh on every call, so an edited policy applies at once), validate against the search-policy contract, and
 * resolve a policy file. Lists it leaves out are empty; ranking and extraction settings it leaves out keep the packaged
 * policy's values (policy/default-policy.yaml is the one place those defaults are written).
 */
export function loadPolicy(path: string = DEFAULT_POLICY_PATH): ResolvedPolicy {
  const policy = readPolicyFile(path);
  const packaged = path === DEFAULT_POLICY_PATH ? policy : readPolicyFile(DEFAULT_POLICY_PATH);
  const resolved: ResolvedPolicy = {
    source: path,
    non_answer: {
      hosts: policy.non_answer?.hosts ?? [],
      path_patterns: (policy.non_answer?.path_patterns ?? []).map((pattern, index) => ({ pattern, regex: compilePattern(pattern, index, path) })),
      query_keys: (policy.non_answer?.query_keys ?? []).map((key) => key.toLowerCase()),
      host_root: policy.non_answer?.host_root ?? false,
    },
    demote_domains: policy.demote_domains ?? [],
    prefer_domains: policy.prefer_domains ?? [],
    source_types: policy.source_types ?? {},
    ranking: { ...packagedSettings(packaged, "ranking", RANKING_KEYS), ...policy.ranking },
    extraction: { ...packagedSettings(packaged, "extraction", EXTRACTION_KEYS), ...policy.extraction },
  };
  return resolved;
}

/** The packaged policy's page-reading budget: what agent-io spends when a search reply names no policy. */
export function defaultExtractionBudget(): ResolvedPolicy["extraction"] {
  return loadPolicy(DEFAULT_POLICY_PATH).extraction;
}
