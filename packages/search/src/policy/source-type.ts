import type { SearchResult } from "@websift/contracts";
import { HostRuleIndex, hostSuffixes } from "./host-match.js";
import type { ResolvedPolicy } from "./load-policy.js";

export type SourceType = SearchResult["source_type"];

const CODE_HOSTS = HostRuleIndex.of(["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht", "gitee.com", "github.io"]);
const QA_HOSTS = HostRuleIndex.of(["stackoverflow.com", "serverfault.com", "superuser.com", "askubuntu.com", "stackexchange.com", "mathoverflow.net"]);
const DISCUSSION_HOSTS = HostRuleIndex.of(["reddit.com", "news.ycombinator.com", "lobste.rs", "lemmy.world", "tildes.net"]);
const OFFICIAL_HOSTS = HostRuleIndex.of(["developer.mozilla.org", "docs.python.org", "readthedocs.io", "rfc-editor.org", "ietf.org", "w3.org", "whatwg.org", "man7.org"]);

/** Forum software and forum-like hosts: `forum.`, `forums.`, `discuss.`, `community.`, Discourse topic paths. */
function looksLikeForum(host: string, path: string): boolean {
  return /^(forum|forums|discuss|discourse|community|board|boards)\./.test(host) || /(^|\/)(forum|forums|viewtopic\.php|showthread\.php)(\/|$)/.test(path) || /^\/t\/[^/]+\/\d+/.test(path);
}

function looksOfficial(host: string, suffixes: readonly string[]): boolean {
  return /^(docs|developer|developers|learn|api|spec|specs|manual)\./.test(host) || OFFICIAL_HOSTS.match(suffixes) !== undefined;
}

/** Classify a result's source; the policy's own mapping wins, then demotion, then built-in rules. */
export function classifySource(host: string, path: string, policy: ResolvedPolicy, demoted: boolean): SourceType {
  const suffixes = hostSuffixes(host);
  const mapped = policy.host_rules.source_types.match(suffixes);
  if (mapped !== undefined) return mapped;
  if (demoted) return "content-farm";
  if (QA_HOSTS.match(suffixes) !== undefined) return "qa";
  if (CODE_HOSTS.match(suffixes) !== undefined) return "code";
  if (DISCUSSION_HOSTS.match(suffixes) !== undefined) return "discussion";
  if (looksLikeForum(host, path)) return "forum";
  if (looksOfficial(host, suffixes)) return "official";
  return "web";
}
