import { getHostname } from "tldts";

/** Host of a URL, lowercased, without a trailing dot or a leading `www.`. */
export function hostOf(url: string): string {
  let host = (getHostname(url) ?? "").toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** A host and every suffix after one of its dots (`a.b.c`, `b.c`, `c`): what host rules are looked up by. */
export function hostSuffixes(host: string): string[] {
  const suffixes = [host];
  for (let dot = host.indexOf("."); dot !== -1; dot = host.indexOf(".", dot + 1)) suffixes.push(host.slice(dot + 1));
  return suffixes;
}

/** A host rule as it is matched: trimmed, lower case, without a leading `*.` or one trailing dot. */
function normalizeHostRule(rule: string): string {
  return rule.trim().toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");
}

/**
 * Host rules compiled into a map keyed by the domain each rule names. A rule matches its domain and every
 * subdomain of it, never a lookalike (`notgithub.com`): a host is looked up once for itself and once for each
 * suffix after one of its dots, so the cost grows with the host's labels, not with the number of rules. When
 * several rules match, the one listed first wins, as a scan of the list in order would find it.
 */
export class HostRuleIndex<T> {
  readonly #byDomain = new Map<string, { order: number; value: T }>();

  /** `entries` in priority order: the rule (as written in the policy) and what a match answers. */
  constructor(entries: Iterable<readonly [rule: string, value: T]>) {
    let order = 0;
    for (const [rule, value] of entries) {
      const domain = normalizeHostRule(rule);
      if (!this.#byDomain.has(domain)) this.#byDomain.set(domain, { order, value });
      order += 1;
    }
  }

  /** A list of rules that answers with the rule itself. */
  static of(rules: readonly string[]): HostRuleIndex<string> {
    return new HostRuleIndex(rules.map((rule) => [rule, rule] as const));
  }

  /** What the first matching rule answers for a host, given as `hostSuffixes(hostOf(url))`, or undefined. */
  match(suffixes: readonly string[]): T | undefined {
    if (this.#byDomain.size === 0) return undefined;
    let best: { order: number; value: T } | undefined;
    for (const suffix of suffixes) {
      const hit = this.#byDomain.get(suffix);
      if (hit !== undefined && (best === undefined || hit.order < best.order)) best = hit;
    }
    return best?.value;
  }
}
