import type { SearchResult } from "@websift/contracts";
import type { FusedEntry } from "../fusion/fuse-results.js";
import { hostMatchesAny, hostOf } from "./host-match.js";
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

function dropReason(entry: FusedEntry, host: string, policy: ResolvedPolicy, preferred: boolean): string | null {
  const hostRule = hostMatchesAny(host, policy.non_answer.hosts);
  if (hostRule) return `non_answer_host (${hostRule})`;
  let url: URL | undefined;
  try {
    url = new URL(entry.url);
  } catch {
    return "invalid_url";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not_http";
  const pattern = policy.non_answer.path_patterns.find((candidate) => candidate.regex.test(url.pathname));
  if (pattern) return `non_answer_path (${pattern.pattern})`;
  const queryKey = [...url.searchParams.keys()].map((key) => key.toLowerCase()).find((key) => policy.non_answer.query_keys.includes(key));
  if (queryKey) return `non_answer_query (${queryKey})`;
  if (policy.non_answer.host_root && (url.pathname === "/" || url.pathname === "") && url.search === "" && !preferred) return "navigational_host_root";
  return null;
}

/**
 * Apply the policy to fused results: drop non-answers (with the rule that matched), demote
 * content farms below every non-demoted result, promote preferred sources, classify each
 * source, then sort by a total order: (demoted, score desc, url) — never by arrival.
 */
export function rankWithPolicy(entries: FusedEntry[], policy: ResolvedPolicy, explain: boolean): RankedOutcome {
  const provisional = [...entries].sort((a, b) => b.rrf - a.rrf || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const dropped: DroppedResult[] = [];
  const kept: Array<{ demoted: boolean; result: SearchResult }> = [];
  provisional.forEach((entry, index) => {
    const host = hostOf(entry.url);
    const preferred = hostMatchesAny(host, policy.prefer_domains) !== undefined;
    const reason = dropReason(entry, host, policy, preferred);
    if (reason) {
      dropped.push({ url: entry.url, reason, position: index + 1 });
      return;
    }
    const demoted = !preferred && hostMatchesAny(host, policy.demote_domains) !== undefined;
    const consensus = policy.ranking.multi_engine_bonus * Math.max(0, entry.distinctGroups - 1);
    const preferBonus = preferred ? policy.ranking.prefer_bonus : 0;
    const demotePenalty = demoted ? policy.ranking.demote_penalty : 0;
    const score = Math.round((entry.rrf + consensus + preferBonus - demotePenalty) * 1e6) / 1e6;
    let path = "/";
    try {
      path = new URL(entry.url).pathname;
    } catch {
      // already dropped above when unparseable
    }
    const result: SearchResult = {
      rank: 0,
      url: entry.url,
      title: entry.title,
      snippet: entry.snippet,
      host,
      source_type: classifySource(host, path, policy, demoted),
      engines: entry.engines,
      positions: entry.positions,
      score,
      published: entry.published,
    };
    if (explain) result.score_parts = { rrf: entry.rrf, consensus_bonus: consensus, prefer_bonus: preferBonus, demote_penalty: -demotePenalty };
    kept.push({ demoted, result });
  });
  kept.sort((a, b) => Number(a.demoted) - Number(b.demoted) || b.result.score - a.result.score || (a.result.url < b.result.url ? -1 : a.result.url > b.result.url ? 1 : 0));
  return { results: kept.map(({ result }, index) => ({ ...result, rank: index + 1 })), dropped };
}
