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

/** Read (afresh on every call, so an edited policy applies at once), validate against the search-policy contract, and resolve a policy file; defaults fill what it leaves out. */
export function loadPolicy(path: string = DEFAULT_POLICY_PATH): ResolvedPolicy {
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
  const policy = raw as SearchPolicy;
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
    ranking: {
      demote_penalty: policy.ranking?.demote_penalty ?? 10,
      prefer_bonus: policy.ranking?.prefer_bonus ?? 4,
      multi_engine_bonus: policy.ranking?.multi_engine_bonus ?? 2,
    },
    extraction: {
      top_n: policy.extraction?.top_n ?? 5,
      total_chars: policy.extraction?.total_chars ?? 12000,
      per_item_chars: policy.extraction?.per_item_chars ?? 3000,
      timeout_seconds: policy.extraction?.timeout_seconds ?? 20,
    },
  };
  return resolved;
}
