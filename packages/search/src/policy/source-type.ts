import type { SearchResult } from "@websift/contracts";
import { hostMatchesAny } from "./host-match.js";
import type { ResolvedPolicy } from "./load-policy.js";

export type SourceType = SearchResult["source_type"];

const CODE_HOSTS = ["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht", "gitee.com", "github.io"];
const QA_HOSTS = ["stackoverflow.com", "serverfault.com", "superuser.com", "askubuntu.com", "stackexchange.com", "mathoverflow.net"];
const DISCUSSION_HOSTS = ["reddit.com", "news.ycombinator.com", "lobste.rs", "lemmy.world", "tildes.net"];
const OFFICIAL_HOSTS = ["developer.mozilla.org", "docs.python.org", "readthedocs.io", "rfc-editor.org", "ietf.org", "w3.org", "whatwg.org", "man7.org"];

/** Forum software and forum-like hosts: `forum.`, `forums.`, `discuss.`, `community.`, Discourse topic paths. */
function looksLikeForum(host: string, path: string): boolean {
  return /^(forum|forums|discuss|discourse|community|board|boards)\./.test(host) || /(^|\/)(forum|forums|viewtopic\.php|showthread\.php)(\/|$)/.test(path) || /^\/t\/[^/]+\/\d+/.test(path);
}

function looksOfficial(host: string): boolean {
  return /^(docs|developer|developers|learn|api|spec|specs|manual)\./.test(host) || hostMatchesAny(host, OFFICIAL_HOSTS) !== undefined;
}

/** Classify a result's source; the policy's own mapping wins, then demotion, then built-in rules. */
export function classifySource(host: string, path: string, policy: ResolvedPolicy, demoted: boolean): SourceType {
  for (const rule of Object.keys(policy.source_types).sort((a, b) => b.length - a.length)) {
    if (hostMatchesAny(host, [rule])) return policy.source_types[rule] as SourceType;
  }
  if (demoted) return "content-farm";
  if (hostMatchesAny(host, QA_HOSTS)) return "qa";
  if (hostMatchesAny(host, CODE_HOSTS)) return "code";
  if (hostMatchesAny(host, DISCUSSION_HOSTS)) return "discussion";
  if (looksLikeForum(host, path)) return "forum";
  if (looksOfficial(host)) return "official";
  return "web";
}
