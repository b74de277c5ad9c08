import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeIssues, validateContractValue, type SearchPolicy, type SearchResult } from "@websift/contracts";
import { parse as parseYaml } from "yaml";
import { SearchLayerError } from "../errors.js";
import { HostRuleIndex } from "./host-match.js";

type SourceType = SearchResult["source_type"];

/** The policy that ships with the package (packages/search/policy/default-policy.yaml). */
export const DEFAULT_POLICY_PATH = fileURLToPath(new URL("../../policy/default-policy.yaml", import.meta.url));

export interface ResolvedPolicy {
  source: string;
  non_answer: { hosts: string[]; path_patterns: Array<{ pattern: string; regex: RegExp }>; query_keys: string[]; host_root: boolean };
  demote_domains: string[];
  prefer_domains: string[];
  source_types: Record<string, string>;
  /** The host rules above, compiled once per policy file version: matching cost does not grow with their number. */
  host_rules: {
    non_answer: HostRuleIndex<string>;
    demote: HostRuleIndex<string>;
    prefer: HostRuleIndex<string>;
    /** `source_types`, longest rule first (ties in file order), answering the source type. */
    source_types: HostRuleIndex<SourceType>;
  };
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

function readError(path: string, error: unknown): SearchLayerError {
  const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : (error as Error).message;
  return new SearchLayerError("invalid_config", `Cannot read the search policy ${path}: ${reason}.`, { details: { field: "policy_file", file: path } });
}

function readPolicyText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw readError(path, error);
  }
}

/** Parse and validate one policy file's text against the search-policy contract. */
function parsePolicy(text: string, path: string): SearchPolicy {
  let raw: unknown;
  try {
    raw = parseYaml(text) ?? {};
  } catch (error) {
    throw readError(path, error);
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

/** `source_types` as an index: the longest rule (as written) wins, ties in file order. */
function sourceTypeRules(sourceTypes: Record<string, string>): HostRuleIndex<SourceType> {
  const rules = Object.keys(sourceTypes).sort((a, b) => b.length - a.length);
  return new HostRuleIndex(rules.map((rule) => [rule, sourceTypes[rule] as SourceType] as const));
}

/** The packaged policy, read and validated once per process: it ships with the package and is not edited in place. */
let packagedPolicy: SearchPolicy | undefined;
function readPackagedPolicy(): SearchPolicy {
  packagedPolicy ??= parsePolicy(readPolicyText(DEFAULT_POLICY_PATH), DEFAULT_POLICY_PATH);
  return packagedPolicy;
}

function resolvePolicy(path: string, policy: SearchPolicy): ResolvedPolicy {
  const packaged = readPackagedPolicy();
  const sourceTypes = policy.source_types ?? {};
  const nonAnswerHosts = policy.non_answer?.hosts ?? [];
  const demoteDomains = policy.demote_domains ?? [];
  const preferDomains = policy.prefer_domains ?? [];
  return {
    source: path,
    non_answer: {
      hosts: nonAnswerHosts,
      path_patterns: (policy.non_answer?.path_patterns ?? []).map((pattern, index) => ({ pattern, regex: compilePattern(pattern, index, path) })),
      query_keys: (policy.non_answer?.query_keys ?? []).map((key) => key.toLowerCase()),
      host_root: policy.non_answer?.host_root ?? false,
    },
    demote_domains: demoteDomains,
    prefer_domains: preferDomains,
    source_types: sourceTypes,
    host_rules: {
      non_answer: HostRuleIndex.of(nonAnswerHosts),
      demote: HostRuleIndex.of(demoteDomains),
      prefer: HostRuleIndex.of(preferDomains),
      source_types: sourceTypeRules(sourceTypes),
    },
    ranking: { ...packagedSettings(packaged, "ranking", RANKING_KEYS), ...policy.ranking },
    extraction: { ...packagedSettings(packaged, "extraction", EXTRACTION_KEYS), ...policy.extraction },
  };
}

/** Which version of a policy file was compiled: a change of any of these means it may have changed. */
interface FileVersion {
  mtimeNs: bigint;
  ctimeNs: bigint;
  size: bigint;
  ino: bigint;
}

interface CompiledPolicy {
  version: FileVersion | undefined;
  /** SHA-256 of the text the policy was compiled from. */
  digest: string;
  /** True when the file was last changed long enough before it was read that a later change must show in its times. */
  settled: boolean;
  policy: ResolvedPolicy;
}

/**
 * File times move in clock ticks (several ms on Linux), so a file rewritten within one tick at the same size keeps
 * its times: a version is trusted without reading the file only once it is this much older than the read.
 */
const SETTLED_AFTER_MS = 2000;
const MAX_CACHED_POLICIES = 32;
const compiledPolicies = new Map<string, CompiledPolicy>();
let packagedResolved: ResolvedPolicy | undefined;

function fileVersion(path: string): FileVersion | undefined {
  try {
    const stats = statSync(path, { bigint: true });
    return { mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, size: stats.size, ino: stats.ino };
  } catch {
    return undefined; // reading it will say why
  }
}

function sameVersion(a: FileVersion | undefined, b: FileVersion | undefined): boolean {
  return a !== undefined && b !== undefined && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.size === b.size && a.ino === b.ino;
}

function isSettled(version: FileVersion | undefined): boolean {
  if (version === undefined) return false;
  const changedMs = Number((version.mtimeNs > version.ctimeNs ? version.mtimeNs : version.ctimeNs) / 1_000_000n);
  return changedMs < Date.now() - SETTLED_AFTER_MS;
}

/**
 * Read, validate against the search-policy contract, resolve and compile a policy file. Lists it leaves out are
 * empty; ranking and extraction settings it leaves out keep the packaged policy's values (policy/default-policy.yaml
 * is the one place those defaults are written). A file is compiled once per content: every call checks its times,
 * size and inode, and reads it again (comparing a hash of the text) when those changed or are too recent to trust,
 * so an edited policy applies at once. The packaged policy is compiled once per process. The returned policy is
 * shared: callers must not change it.
 */
export function loadPolicy(path: string = DEFAULT_POLICY_PATH): ResolvedPolicy {
  if (path === DEFAULT_POLICY_PATH) {
    packagedResolved ??= resolvePolicy(DEFAULT_POLICY_PATH, readPackagedPolicy());
    return packagedResolved;
  }
  const key = `${resolve(path)}\u0000${path}`;
  const version = fileVersion(path);
  const cached = compiledPolicies.get(key);
  if (cached && cached.settled && sameVersion(cached.version, version)) return cached.policy;
  const text = readPolicyText(path);
  const digest = createHash("sha256").update(text).digest("hex");
  let policy: ResolvedPolicy;
  if (cached && cached.digest === digest) {
    policy = cached.policy;
  } else {
    compiledPolicies.delete(key);
    policy = resolvePolicy(path, parsePolicy(text, path));
    if (compiledPolicies.size >= MAX_CACHED_POLICIES) compiledPolicies.delete(compiledPolicies.keys().next().value!);
  }
  compiledPolicies.set(key, { version, digest, settled: isSettled(version), policy });
  return policy;
}

/** The packaged policy's page-reading budget: what agent-io spends when a search reply names no policy. */
export function defaultExtractionBudget(): ResolvedPolicy["extraction"] {
  return { ...loadPolicy(DEFAULT_POLICY_PATH).extraction };
}
