import type { SearchResult } from "@websift/contracts";
import type { FusedEntry } from "../fusion/fuse-results.js";
import { hostOf, hostSuffixes } from "./host-match.js";
import type { ResolvedPolicy } from "./load-policy.js";
import { classifySource } from "./source-type.js";

interface DroppedResult {
  url: string;
  reason: string;
  position: number;
}

export interface RankedOutcome {
  results: SearchResult[];
  dropped: DroppedResult[];
}

/**
 * Why the policy drops a result, or null to keep it. A canonical URL (`canonicalizeUrl` output: http(s), no
 * credentials or fragment) is read by position, without building a URL object: its path starts at the first `/`
 * after the host and runs to `?`.
 */
function dropReason(raw: string, canonical: boolean, suffixes: readonly string[], policy: ResolvedPolicy, preferred: boolean): string | null {
  const hostRule = policy.host_rules.non_answer.match(suffixes);
  if (hostRule !== undefined) return `non_answer_host (${hostRule})`;
  let pathname: string;
  let search: string;
  if (canonical) {
    const pathStart = raw.indexOf("/", raw.indexOf("//") + 2);
    const queryStart = raw.indexOf("?", pathStart);
    pathname = queryStart === -1 ? raw.slice(pathStart) : raw.slice(pathStart, queryStart);
    search = queryStart === -1 ? "" : raw.slice(queryStart);
  } else {
    const url = parsedUrl(raw);
    if (url === null) return "invalid_url";
    if (url.protocol !== "http:" && url.protocol !== "https:") return "not_http";
    pathname = url.pathname;
    search = url.search;
  }
  const patterns = policy.non_answer.path_patterns;
  for (let index = 0; index < patterns.length; index += 1) {
    if (patterns[index]!.regex.test(pathname)) return `non_answer_path (${patterns[index]!.pattern})`;
  }
  if (search !== "" && policy.non_answer.query_keys.length > 0) {
    for (const key of new URLSearchParams(search).keys()) {
      const lower = key.toLowerCase();
      if (policy.non_answer.query_keys.includes(lower)) return `non_answer_query (${lower})`;
    }
  }
  if (policy.non_answer.host_root && (pathname === "/" || pathname === "") && search === "" && !preferred) return "navigational_host_root";
  return null;
}

function parsedUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** A URL's path as the policy reads it: by position for a canonical URL, else parsed; "/" when it does not parse. */
function urlPath(raw: string, canonical: boolean): string {
  if (canonical) {
    const pathStart = raw.indexOf("/", raw.indexOf("//") + 2);
    const queryStart = raw.indexOf("?", pathStart);
    return queryStart === -1 ? raw.slice(pathStart) : raw.slice(pathStart, queryStart);
  }
  return parsedUrl(raw)?.pathname ?? "/";
}

function byUrl(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A result that survived the policy, before it is built into a reply item (only the returned ones are). */
interface KeptEntry {
  entry: FusedEntry;
  host: string;
  preferred: boolean;
  demoted: boolean;
  score: number;
}

/** The parts of a kept result's score (kept as flags, not numbers: only the returned results need them again). */
function scoreParts(entry: FusedEntry, ranking: ResolvedPolicy["ranking"], preferred: boolean, demoted: boolean): { consensus: number; preferBonus: number; demotePenalty: number } {
  return {
    consensus: ranking.multi_engine_bonus * Math.max(0, entry.distinctGroups - 1),
    preferBonus: preferred ? ranking.prefer_bonus : 0,
    demotePenalty: demoted ? ranking.demote_penalty : 0,
  };
}

function scoreOf(entry: FusedEntry, ranking: ResolvedPolicy["ranking"], preferred: boolean, demoted: boolean): number {
  const consensus = ranking.multi_engine_bonus * Math.max(0, entry.distinctGroups - 1);
  return Math.round((entry.rrf + consensus + (preferred ? ranking.prefer_bonus : 0) - (demoted ? ranking.demote_penalty : 0)) * 1e6) / 1e6;
}

/**
 * Apply the policy to fused results: drop non-answers (with the rule that matched), demote
 * content farms below every non-demoted result, promote preferred sources, classify each
 * source, then sort by a total order: (demoted, score desc, url) — never by arrival.
 * Every result is judged and ranked; only the first `limit` are built into reply items.
 */
export function rankWithPolicy(entries: FusedEntry[], policy: ResolvedPolicy, explain: boolean, limit = Number.POSITIVE_INFINITY): RankedOutcome {
  // comparisons, not differences: a difference of two scores is a new heap number on every comparison
  const provisional = [...entries].sort((a, b) => (a.rrf < b.rrf ? 1 : a.rrf > b.rrf ? -1 : byUrl(a.url, b.url)));
  const dropped: DroppedResult[] = [];
  const kept: KeptEntry[] = [];
  const { host_rules: rules, ranking } = policy;
  for (let index = 0; index < provisional.length; index += 1) {
    const entry = provisional[index]!;
    const host = hostOf(entry.url, entry.canonical);
    const suffixes = hostSuffixes(host);
    const preferred = rules.prefer.match(suffixes) !== undefined;
    const reason = dropReason(entry.url, entry.canonical, suffixes, policy, preferred);
    if (reason) {
      dropped.push({ url: entry.url, reason, position: index + 1 });
      continue;
    }
    const demoted = !preferred && rules.demote.match(suffixes) !== undefined;
    kept.push({ entry, host, preferred, demoted, score: scoreOf(entry, ranking, preferred, demoted) });
  }
  kept.sort((a, b) => (a.demoted !== b.demoted ? (a.demoted ? 1 : -1) : a.score < b.score ? 1 : a.score > b.score ? -1 : byUrl(a.entry.url, b.entry.url)));
  const results: SearchResult[] = [];
  for (let index = 0; index < kept.length && index < limit; index += 1) {
    const { entry, host, preferred, demoted, score } = kept[index]!;
    const result: SearchResult = {
      rank: index + 1,
      url: entry.url,
      title: entry.title,
      snippet: entry.snippet,
      host,
      source_type: classifySource(host, urlPath(entry.url, entry.canonical), policy, demoted),
      engines: entry.engines,
      positions: entry.positions,
      score,
      published: entry.published,
    };
    if (explain) {
      const { consensus, preferBonus, demotePenalty } = scoreParts(entry, ranking, preferred, demoted);
      result.score_parts = { rrf: entry.rrf, consensus_bonus: consensus, prefer_bonus: preferBonus, demote_penalty: -demotePenalty };
    }
    results.push(result);
  }
  return { results, dropped };
}
