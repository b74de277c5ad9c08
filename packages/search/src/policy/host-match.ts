import { getHostname } from "tldts";

/** Host of a URL, lowercased, without a trailing dot or a leading `www.`. */
export function hostOf(url: string): string {
  const host = (getHostname(url) ?? "").toLowerCase().replace(/\.$/, "");
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** A host rule matches its domain and every subdomain of it, never a lookalike (`notgithub.com`). */
function hostMatchesRule(host: string, rule: string): boolean {
  const normalized = rule.trim().toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");
  return host === normalized || host.endsWith(`.${normalized}`);
}

export function hostMatchesAny(host: string, rules: readonly string[]): string | undefined {
  return rules.find((rule) => hostMatchesRule(host, rule));
}
