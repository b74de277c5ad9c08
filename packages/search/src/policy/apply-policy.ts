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

/** The parts of a result's URL the policy reads; null when the URL does not parse. */
interface UrlParts {
  protocol: string;
  pathname: string;
  /** `?` and the query, or "" when there is none. */
  search: string;
}

/**
 * Read a URL's parts. A canonical URL (`canonicalizeUrl` output: http(s), no credentials or fragment) is read by
 * position, without building a URL object: its path starts at the first `/` after the host and runs to `?`.
 */
function urlParts(raw: string, canonical: boolean): UrlParts | null {
  if (canonical) {
    const hostStart = raw.indexOf("//") + 2;
    const pathStart = raw.indexOf("/", hostStart);
    const queryStart = raw.indexOf("?", pathStart);
    return {
      protocol: raw.slice(0, hostStart - 2),
      pathname: queryStart === -1 ? raw.slice(pathStart) : raw.slice(pathStart, queryStart),
      search: queryStart === -1 ? "" : raw.slice(queryStart),
    };
  }
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function dropReason(url: UrlParts | null, suffixes: readonly string[], policy: ResolvedPolicy, preferred: boolean): string | null {
  const hostRule = policy.host_rules.non_answer.match(suffixes);
  if (hostRule !== undefined) return `non_answer_host (${hostRule})`;
  if (url === null) return "invalid_url";
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not_http";
  const pathname = url.pathname;
  const pattern = policy.non_answer.path_patterns.find((candidate) => candidate.regex.test(pathname));
  if (pattern) return `non_answer_path (${pattern.pattern})`;
  if (url.search !== "" && policy.non_answer.query_keys.length > 0) {
    for (const key of new URLSearchParams(url.search).keys()) {
      const lower = key.toLowerCase();
      if (policy.non_answer.query_keys.includes(lower)) return `non_answer_query (${lower})`;
    }
  }
  if (policy.non_answer.host_root && (pathname === "/" || pathname === "") && url.search === "" && !preferred) return "navigational_host_root";
  return null;
}

function byUrl(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A result that survived the policy, before it is built into a reply item (only the returned ones are). */
interface KeptEntry {
  entry: FusedEntry;
  host: string;
  demoted: boolean;
  score: number;
  consensus: number;
  preferBonus: number;
  demotePenalty: number;
}

/**
 * Apply the policy to fused results: drop non-answers (with the rule that matched), demote
 * content farms below every non-demoted result, promote preferred sources, classify each
 * source, then sort by a total order: (demoted, score desc, url) — never by arrival.
 * Every result is judged and ranked; only the first `limit` are built into reply items.
 */
export function rankWithPolicy(entries: FusedEntry[], policy: ResolvedPolicy, explain: boolean, limit = Number.POSITIVE_INFINITY): RankedOutcome {
  const provisional = [...entries].sort((a, b) => b.rrf - a.rrf || byUrl(a.url, b.url));
  const dropped: DroppedResult[] = [];
  const kept: KeptEntry[] = [];
  const { host_rules: rules, ranking } = policy;
  for (let index = 0; index < provisional.length; index += 1) {
    const entry = provisional[index]!;
    const host = hostOf(entry.url);
    const suffixes = hostSuffixes(host);
    const preferred = rules.prefer.match(suffixes) !== undefined;
    const reason = dropReason(urlParts(entry.url, entry.canonical), suffixes, policy, preferred);
    if (reason) {
      dropped.push({ url: entry.url, reason, position: index + 1 });
      continue;
    }
    const demoted = !preferred && rules.demote.match(suffixes) !== undefined;
    const consensus = ranking.multi_engine_bonus * Math.max(0, entry.distinctGroups - 1);
    const preferBonus = preferred ? ranking.prefer_bonus : 0;
    const demotePenalty = demoted ? ranking.demote_penalty : 0;
    const score = Math.round((entry.rrf + consensus + preferBonus - demotePenalty) * 1e6) / 1e6;
    kept.push({ entry, host, demoted, score, consensus, preferBonus, demotePenalty });
  }
  kept.sort((a, b) => Number(a.demoted) - Number(b.demoted) || b.score - a.score || byUrl(a.entry.url, b.entry.url));
  const results: SearchResult[] = [];
  for (let index = 0; index < kept.length && index < limit; index += 1) {
    const { entry, host, demoted, score, consensus, preferBonus, demotePenalty } = kept[index]!;
    const result: SearchResult = {
      rank: index + 1,
      url: entry.url,
      title: entry.title,
      snippet: entry.snippet,
      host,
      source_type: classifySource(host, urlParts(entry.url, entry.canonical)?.pathname ?? "/", policy, demoted),
      engines: entry.engines,
      positions: entry.positions,
      score,
      published: entry.published,
    };
    if (explain) result.score_parts = { rrf: entry.rrf, consensus_bonus: consensus, prefer_bonus: preferBonus, demote_penalty: -demotePenalty };
    results.push(result);
  }
  return { results, dropped };
}
